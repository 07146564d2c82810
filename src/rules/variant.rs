//! The boards of every variant, built from one description: a number of nested square
//! rings, whether the spokes between ring mid-points form mills, and whether the corner
//! diagonals exist. Everything else (point names, neighbour tables, mill tables) is derived.

use std::sync::LazyLock;

/// A set of points, one bit per point index (at most 24 points).
pub type Bits = u32;

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum VariantKind {
    Nine,
    Six,
    Five,
    Twelve,
}

impl VariantKind {
    pub const ALL: [VariantKind; 4] = [Self::Nine, Self::Six, Self::Five, Self::Twelve];

    /// The name used on the command line and in saved data.
    pub fn name(self) -> &'static str {
        match self {
            Self::Nine => "nine",
            Self::Six => "six",
            Self::Five => "five",
            Self::Twelve => "twelve",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    pub fn variant(self) -> &'static Variant {
        match self {
            Self::Nine => &NINE,
            Self::Six => &SIX,
            Self::Five => &FIVE,
            Self::Twelve => &TWELVE,
        }
    }
}

/// One board point: its name and its place on the square grid (x from the left, y from
/// the bottom, both from 0).
#[derive(Clone, Debug)]
pub struct PointInfo {
    pub name: String,
    pub x: u8,
    pub y: u8,
}

/// A fully derived board with its tables.
#[derive(Debug)]
pub struct Variant {
    pub kind: VariantKind,
    /// Pieces per player.
    pub pieces: u8,
    /// Whether flying is allowed at all (six and five never fly).
    pub can_fly: bool,
    /// Grid size (7 for the 24-point boards, 5 for the 16-point board).
    pub grid: u8,
    pub points: Vec<PointInfo>,
    /// All points as a bitboard.
    pub all: Bits,
    /// Neighbours of each point along the lines.
    pub neighbours: Vec<Bits>,
    /// Lines as pairs of point indices (for drawing).
    pub lines: Vec<(u8, u8)>,
    /// Every mill as a bitboard of its three points.
    pub mills: Vec<Bits>,
    /// The mills through each point.
    pub mills_of: Vec<Vec<Bits>>,
    /// The lines as shifts: `(d, from)` for each difference `d` of two neighbours' indices,
    /// `from` the points whose neighbour is `d` higher. Every line is in exactly one entry,
    /// so a whole set's neighbours take three shifts (on every board here: around a ring,
    /// its wrap, across rings) instead of a loop over its points. An array, not a vector:
    /// this runs at every leaf of the search, and a fixed count unrolls.
    steps: [(u32, Bits); 3],
    /// For each byte of a set of points and each value of it, how many of those points
    /// each mill holds, two bits a mill (mill `i` at bits `2i` and `2i + 1`): the counts of
    /// a whole set are the sum of one entry a byte, and never carry, since a mill has three
    /// points.
    mill_count_bytes: [[u64; 256]; 3],
}

/// The low bit of each two-bit count of `Variant::mill_counts`. On it, a count of 3 has
/// both bits set, 2 the high one only, 0 neither.
pub const MILL_LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The closed mills from a side's mill counts (`Variant::mill_counts`): the mills with all
/// three points, one low bit per mill.
#[inline]
pub fn closed_fields(counts: u64) -> u64 {
    counts & (counts >> 1) & MILL_LOW_BITS
}

/// The open twos from two sides' mill counts (`Variant::mill_counts`): the mills with two
/// of `mine` and none of `theirs`, one low bit per mill.
#[inline]
pub fn open_two_fields(mine: u64, theirs: u64) -> u64 {
    (mine >> 1) & !mine & !(theirs | theirs >> 1) & MILL_LOW_BITS
}

/// Calls `f` with the index of each mill whose two-bit field in `fields` (laid out as
/// `Variant::mill_counts`) has its low bit set.
#[inline]
pub fn each_mill(mut fields: u64, mut f: impl FnMut(usize)) {
    while fields != 0 {
        f(fields.trailing_zeros() as usize / 2);
        fields &= fields - 1;
    }
}

/// `set` with every point `p` moved to `perm[p]`: a symmetry (`Variant::symmetries`)
/// applied to a set of points.
pub fn image(perm: &[u8], set: Bits) -> Bits {
    perm.iter().enumerate().filter(|&(p, _)| set & (1 << p) != 0).fold(0, |acc, (_, &q)| acc | 1 << q)
}

impl Variant {
    pub fn len(&self) -> usize {
        self.points.len()
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    pub fn point_name(&self, p: u8) -> &str {
        &self.points[p as usize].name
    }

    pub fn point_at(&self, x: u8, y: u8) -> Option<u8> {
        self.points.iter().position(|i| i.x == x && i.y == y).map(|i| i as u8)
    }

    pub fn parse_point(&self, text: &str) -> Option<u8> {
        self.points.iter().position(|i| i.name == text).map(|i| i as u8)
    }

    /// Whether `p` is in a mill completely filled by `own`.
    // clippy suggests `contains`, which cannot express `own & m == m`
    #[allow(clippy::manual_contains)]
    #[inline]
    pub fn in_mill(&self, own: Bits, p: u8) -> bool {
        self.mills_of[p as usize].iter().any(|&m| own & m == m)
    }

    /// The points of `own` that stand in a closed mill.
    #[inline]
    pub fn mill_points(&self, own: Bits) -> Bits {
        let counts = self.mill_counts(own);
        self.points_of_mills(closed_fields(counts))
    }

    /// The open twos of `own` against `other` (two of `own`, none of `other`, so the third
    /// point is empty): one low bit per mill, laid out as `Variant::mill_counts`.
    #[inline]
    pub fn open_twos(&self, own: Bits, other: Bits) -> u64 {
        let (mine, theirs) = (self.mill_counts(own), self.mill_counts(other));
        open_two_fields(mine, theirs)
    }

    /// The points of the mills whose two-bit field in `fields` (laid out as
    /// `Variant::mill_counts`) has its low bit set.
    #[inline]
    pub fn points_of_mills(&self, fields: u64) -> Bits {
        let mut points = 0;
        each_mill(fields, |m| points |= self.mills[m]);
        points
    }

    /// Every point next to a point of `set`.
    #[inline]
    pub fn neighbours_of(&self, set: Bits) -> Bits {
        self.steps.iter().fold(0, |acc, &(d, from)| acc | (set & from) << d | (set >> d) & from)
    }

    /// The lines with a point of `a` at one end and a point of `b` at the other, counted
    /// once for each point of `a` (so once if `a` and `b` do not meet): with `a` a side's
    /// pieces and `b` the empty points, its free neighbours summed over its pieces.
    #[inline]
    pub fn lines_between(&self, a: Bits, b: Bits) -> u32 {
        self.steps
            .iter()
            .map(|&(d, from)| ((a & from) << d & b).count_ones() + ((a >> d) & from & b).count_ones())
            .sum()
    }

    /// How many points of `set` each mill holds, two bits a mill in the order of `mills`.
    #[inline]
    pub fn mill_counts(&self, set: Bits) -> u64 {
        let [low, middle, high] = &self.mill_count_bytes;
        low[set as usize & 0xff] + middle[(set >> 8) as usize & 0xff] + high[(set >> 16) as usize & 0xff]
    }

    /// The permutations of the points that keep every line and every mill (the identity
    /// included): the board's symmetries. Candidates are the square's eight turns and
    /// reflections, each with and without swapping the rings inside out; those that keep
    /// the lines and mills are kept (all sixteen on every board here).
    pub fn symmetries(&self) -> Vec<Vec<u8>> {
        let g = self.grid as i32;
        let c = g / 2;
        let rings = c;
        let mut found: Vec<Vec<u8>> = Vec::new();
        for turn in 0..8 {
            for inside_out in [false, true] {
                let moved = |p: &PointInfo| -> Option<u8> {
                    let (mut dx, mut dy) = (p.x as i32 - c, p.y as i32 - c);
                    if inside_out {
                        let k = dx.abs().max(dy.abs());
                        let k2 = rings + 1 - k;
                        (dx, dy) = (dx / k * k2, dy / k * k2);
                    }
                    let (dx, dy) = match turn {
                        0 => (dx, dy),
                        1 => (-dy, dx),
                        2 => (-dx, -dy),
                        3 => (dy, -dx),
                        4 => (-dx, dy),
                        5 => (dx, -dy),
                        6 => (dy, dx),
                        _ => (-dy, -dx),
                    };
                    self.point_at((dx + c) as u8, (dy + c) as u8)
                };
                let Some(perm) = self.points.iter().map(moved).collect::<Option<Vec<u8>>>() else {
                    continue;
                };
                let lines_kept =
                    (0..self.len()).all(|p| image(&perm, self.neighbours[p]) == self.neighbours[perm[p] as usize]);
                let mills_kept = self.mills.iter().all(|&m| self.mills.contains(&image(&perm, m)));
                if lines_kept && mills_kept && !found.contains(&perm) {
                    found.push(perm);
                }
            }
        }
        found
    }

    fn build(kind: VariantKind, rings: u8, spoke_mills: bool, diagonals: bool, pieces: u8) -> Self {
        let grid = 2 * rings + 1;
        let mid = grid / 2;
        let mut points: Vec<PointInfo> = Vec::new();
        let mut add = |x: u8, y: u8| -> u8 {
            if let Some(i) = points.iter().position(|p| p.x == x && p.y == y) {
                return i as u8;
            }
            let name = format!("{}{}", (b'a' + x) as char, y + 1);
            points.push(PointInfo { name, x, y });
            (points.len() - 1) as u8
        };
        // Each ring is walked clockwise from its top-left corner; even positions are
        // corners, odd ones the mid-points of the sides.
        let mut rings_idx: Vec<[u8; 8]> = Vec::new();
        for r in 0..rings {
            let (lo, hi) = (r, grid - 1 - r);
            let walk = [(lo, hi), (mid, hi), (hi, hi), (hi, mid), (hi, lo), (mid, lo), (lo, lo), (lo, mid)];
            let mut idx = [0u8; 8];
            for (i, &(x, y)) in walk.iter().enumerate() {
                idx[i] = add(x, y);
            }
            rings_idx.push(idx);
        }
        let n = points.len();
        let mut neighbours = vec![0 as Bits; n];
        let mut lines = Vec::new();
        let mut mills = Vec::new();
        let mut link = |a: u8, b: u8, lines: &mut Vec<(u8, u8)>| {
            neighbours[a as usize] |= 1 << b;
            neighbours[b as usize] |= 1 << a;
            lines.push((a, b));
        };
        for ring in &rings_idx {
            for i in 0..8 {
                link(ring[i], ring[(i + 1) % 8], &mut lines);
            }
            for side in 0..4 {
                let (a, b, c) = (ring[2 * side], ring[2 * side + 1], ring[(2 * side + 2) % 8]);
                mills.push((1 << a) | (1 << b) | (1 << c));
            }
        }
        // Spokes join the mid-points (odd positions); diagonals join the corners (even).
        let mut cross = |start: usize, make_mill: bool, lines: &mut Vec<(u8, u8)>| {
            for k in 0..4 {
                let pos = start + 2 * k;
                for r in 0..rings as usize - 1 {
                    link(rings_idx[r][pos], rings_idx[r + 1][pos], lines);
                }
                if make_mill {
                    mills.push(rings_idx.iter().fold(0, |acc, ring| acc | (1 << ring[pos])));
                }
            }
        };
        cross(1, spoke_mills, &mut lines);
        if diagonals {
            cross(0, true, &mut lines);
        }
        let mills_of = (0..n).map(|p| mills.iter().copied().filter(|m| m & (1 << p) != 0).collect()).collect();
        let mut steps: Vec<(u32, Bits)> = Vec::new();
        for &(a, b) in &lines {
            let (lo, d) = (a.min(b), a.abs_diff(b) as u32);
            match steps.iter_mut().find(|(sd, _)| *sd == d) {
                Some((_, from)) => *from |= 1 << lo,
                None => steps.push((d, 1 << lo)),
            }
        }
        let steps = steps.try_into().expect("lines around the rings, their wraps and across them");
        assert!(n <= 24 && mills.len() <= 32, "three bytes of points, two bits a mill in 64");
        let mut mill_count_bytes = [[0u64; 256]; 3];
        for (byte, table) in mill_count_bytes.iter_mut().enumerate() {
            for (value, counts) in table.iter_mut().enumerate() {
                let set = (value as Bits) << (8 * byte);
                *counts = mills.iter().enumerate().map(|(i, m)| ((m & set).count_ones() as u64) << (2 * i)).sum();
            }
        }
        Variant {
            kind,
            pieces,
            can_fly: kind != VariantKind::Six && kind != VariantKind::Five,
            grid,
            all: if n == 32 { u32::MAX } else { (1 << n) - 1 },
            points,
            neighbours,
            lines,
            mills,
            mills_of,
            steps,
            mill_count_bytes,
        }
    }
}

static NINE: LazyLock<Variant> = LazyLock::new(|| Variant::build(VariantKind::Nine, 3, true, false, 9));
static SIX: LazyLock<Variant> = LazyLock::new(|| Variant::build(VariantKind::Six, 2, false, false, 6));
static FIVE: LazyLock<Variant> = LazyLock::new(|| Variant::build(VariantKind::Five, 2, false, false, 5));
static TWELVE: LazyLock<Variant> = LazyLock::new(|| Variant::build(VariantKind::Twelve, 3, true, true, 12));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_rules() {
        for (kind, points, lines, mills) in [
            (VariantKind::Nine, 24, 32, 16),
            (VariantKind::Six, 16, 20, 8),
            (VariantKind::Five, 16, 20, 8),
            (VariantKind::Twelve, 24, 40, 20),
        ] {
            let v = kind.variant();
            assert_eq!((v.len(), v.lines.len(), v.mills.len()), (points, lines, mills), "{kind:?}");
        }
    }

    /// Sets of points for the set-at-once tables: each point in or out by a simple
    /// generator, so the sets cover sparse, dense and everything between.
    fn sample_sets(n: usize) -> impl Iterator<Item = Bits> {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        (0..2000).map(move |i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let density = i % 8;
            (0..n).filter(|&p| (x >> (p * 2 % 61)) as usize % 8 < density).fold(0, |acc, p| acc | 1 << p)
        })
    }

    #[test]
    fn set_neighbours_agree_with_the_point_tables() {
        for kind in VariantKind::ALL {
            let v = kind.variant();
            for (a, b) in sample_sets(v.len()).zip(sample_sets(v.len()).skip(7)) {
                let b = b & !a;
                let by_point = (0..v.len()).filter(|&p| a & 1 << p != 0).fold(0, |acc, p| acc | v.neighbours[p]);
                assert_eq!(v.neighbours_of(a), by_point, "{kind:?} {a:#x}");
                let pairs: u32 =
                    (0..v.len()).filter(|&p| a & 1 << p != 0).map(|p| (v.neighbours[p] & b).count_ones()).sum();
                assert_eq!(v.lines_between(a, b), pairs, "{kind:?} {a:#x} {b:#x}");
            }
        }
    }

    #[test]
    fn mill_counts_agree_with_the_mills() {
        for kind in VariantKind::ALL {
            let v = kind.variant();
            for set in sample_sets(v.len()) {
                let counts = v.mill_counts(set);
                for (i, m) in v.mills.iter().enumerate() {
                    assert_eq!((counts >> (2 * i)) & 3, (m & set).count_ones() as u64, "{kind:?} {set:#x} mill {i}");
                }
            }
        }
    }

    #[test]
    fn every_board_has_sixteen_symmetries() {
        for kind in VariantKind::ALL {
            let v = kind.variant();
            let symmetries = v.symmetries();
            assert_eq!(symmetries.len(), 16, "{kind:?}");
            // Each is a permutation, and the identity is among them.
            for perm in &symmetries {
                let mut seen = perm.clone();
                seen.sort();
                assert_eq!(seen, (0..v.len() as u8).collect::<Vec<_>>(), "{kind:?}");
            }
            assert!(symmetries.contains(&(0..v.len() as u8).collect()), "{kind:?}");
        }
    }

    #[test]
    fn names_follow_the_rules_page() {
        let nine = VariantKind::Nine.variant();
        for name in ["a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", "b6", "f2", "c5", "e3", "d3"] {
            assert!(nine.parse_point(name).is_some(), "{name}");
        }
        let six = VariantKind::Six.variant();
        let mut names: Vec<&str> = six.points.iter().map(|p| p.name.as_str()).collect();
        names.sort();
        let mut expected =
            ["a1", "a3", "a5", "c5", "e5", "e3", "e1", "c1", "b2", "b3", "b4", "c4", "d4", "d3", "d2", "c2"];
        expected.sort();
        assert_eq!(names, expected);
    }
}
