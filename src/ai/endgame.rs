//! The three-against-three flying endgame, solved exactly by retrograde analysis.
//!
//! When both players are down to three pieces and fly, a win is often twenty plies or more
//! away: too deep for the search, which then drifts into a loss it cannot see (matches
//! between Master and Hard were lost this way). The endgame is a closed world (the only
//! way out is a capture, which leaves the victim two pieces and ends the game), so every
//! position's value can be computed backwards from the wins in one move: a few million
//! positions, about a second on one core, once per board.
//!
//! The value depends only on whose pieces are whose relative to the side to move, so the
//! table is indexed by (the mover's three points, the other side's three points).
//!
//! The search now uses `tables`, which generalize this to four pieces a side and to
//! sliding; this first solver stays as their independent check (`tests/ai_tables.rs`) and
//! in `dokuz bench`.

use super::tables::binomial;
use crate::rules::movegen::each_bit;
use crate::rules::position::Position;
use crate::rules::variant::{Bits, Variant};

/// The exact value of a position, seen from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move captures (and so wins) on its `n`th move from now, whatever the
    /// other side does; `plies` is the length of that line (odd).
    Win { plies: u16 },
    /// The other side wins in `plies` (even) however the side to move defends.
    Loss { plies: u16 },
    /// Neither side can force a capture.
    Draw,
}

/// The solved endgame of one board.
pub struct Endgame {
    /// Value of (mover set rank, other set rank): 0 for a draw (or an impossible pair of
    /// overlapping sets), otherwise the distance in plies to the capture that ends the
    /// game; odd distances are wins for the mover, even ones losses.
    plies: Vec<u8>,
    sets: usize,
    /// Every 3-point set, by rank.
    by_rank: Vec<Bits>,
    /// `choose[n][k]`: binomial coefficients for ranking 3-point sets.
    choose: [[u32; 4]; 33],
}

impl Endgame {
    /// Solves the endgame of `variant` (about 2.7 million positions on 24 points).
    pub fn solve(variant: &Variant) -> Endgame {
        let n = variant.len();
        let mut choose = [[0u32; 4]; 33];
        for (m, row) in choose.iter_mut().enumerate() {
            for (k, c) in row.iter_mut().enumerate() {
                *c = binomial(m as u32, k as u32);
            }
        }
        let sets = binomial(n as u32, 3) as usize;
        let mut table = Endgame { plies: vec![0; sets * sets], sets, by_rank: Vec::new(), choose };
        let mut by_rank: Vec<Bits> = vec![0; sets];
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    let s: Bits = (1 << a) | (1 << b) | (1 << c);
                    by_rank[table.rank(s)] = s;
                }
            }
        }
        let all = variant.all;
        // Moves not yet known to lose, for each position that is not a win in one.
        let moves_each = (3 * (n - 6)) as u8;
        let mut open: Vec<u8> = vec![0; sets * sets];
        let mut frontier: Vec<u32> = Vec::new();
        for (i, &mover) in by_rank.iter().enumerate() {
            for (j, &other) in by_rank.iter().enumerate() {
                if mover & other != 0 {
                    continue;
                }
                let empty = all & !(mover | other);
                let index = i * sets + j;
                if closes_mill_in_one(variant, mover, empty) {
                    table.plies[index] = 1;
                    frontier.push(index as u32);
                } else {
                    open[index] = moves_each;
                }
            }
        }
        // Backwards, one distance at a time: a position one move before a loss is a win;
        // a position all of whose moves lead to wins for the other side is a loss.
        let mut distance: u8 = 1;
        while !frontier.is_empty() && distance < u8::MAX {
            let mut next = Vec::new();
            for &index in &frontier {
                let (i, j) = (index as usize / sets, index as usize % sets);
                let (mover, other) = (by_rank[i], by_rank[j]);
                let empty = all & !(mover | other);
                // The position before: `other` was to move and flew a piece from some
                // empty point to one of its present points, without closing a mill.
                each_bit(other, |to| {
                    if variant.in_mill(other, to) {
                        return;
                    }
                    each_bit(empty, |from| {
                        let before = other & !(1 << to) | (1 << from);
                        let previous = table.rank(before) * sets + i;
                        if table.plies[previous] != 0 {
                            return;
                        }
                        if distance.is_multiple_of(2) {
                            // `mover` loses here, so the one who moved into it wins.
                            table.plies[previous] = distance + 1;
                            next.push(previous as u32);
                        } else {
                            open[previous] -= 1;
                            if open[previous] == 0 {
                                table.plies[previous] = distance + 1;
                                next.push(previous as u32);
                            }
                        }
                    });
                });
            }
            frontier = next;
            distance += 1;
        }
        table.by_rank = by_rank;
        table
    }

    /// Colex rank of a 3-point set.
    #[inline]
    fn rank(&self, set: Bits) -> usize {
        let a = set.trailing_zeros() as usize;
        let rest = set & (set - 1);
        let b = rest.trailing_zeros() as usize;
        let c = (rest & (rest - 1)).trailing_zeros() as usize;
        (self.choose[a][1] + self.choose[b][2] + self.choose[c][3]) as usize
    }

    /// The value of a position with three pieces each on the board and none in hand (the
    /// 50-move count aside: see `value_in`).
    pub fn value(&self, mover: Bits, other: Bits) -> Value {
        let d = self.plies[self.rank(mover) * self.sets + self.rank(other)] as u16;
        match d {
            0 => Value::Draw,
            d if d % 2 == 1 => Value::Win { plies: d },
            d => Value::Loss { plies: d },
        }
    }

    /// The value of `pos` under the rules, or `None` when `pos` is not a three-against-
    /// three flying position. A win that needs more plies than the 50-move count leaves
    /// is a draw: the loser can always hold out that long.
    pub fn value_in(&self, pos: &Position, flying: bool) -> Option<Value> {
        if !is_endgame(pos, flying) {
            return None;
        }
        let v = self.value(pos.own(), pos.theirs());
        let left = 50u16.saturating_sub(pos.quiet_plies);
        Some(match v {
            Value::Win { plies } | Value::Loss { plies } if plies > left => Value::Draw,
            v => v,
        })
    }

    /// How many positions are wins, losses and draws for the side to move, and the
    /// longest win in plies.
    pub fn census(&self) -> (usize, usize, usize, u16) {
        let (mut wins, mut losses, mut draws, mut longest) = (0, 0, 0, 0);
        for (i, &mover) in self.by_rank.iter().enumerate() {
            for (j, &other) in self.by_rank.iter().enumerate() {
                if mover & other != 0 {
                    continue;
                }
                match self.plies[i * self.sets + j] {
                    0 => draws += 1,
                    d if d % 2 == 1 => wins += 1,
                    _ => losses += 1,
                }
                longest = longest.max(self.plies[i * self.sets + j] as u16);
            }
        }
        (wins, losses, draws, longest)
    }
}

/// Whether `pos` is in the solved endgame: flying on, three pieces each, none in hand.
pub fn is_endgame(pos: &Position, flying: bool) -> bool {
    flying && pos.placing_done() && pos.board[0].count_ones() == 3 && pos.board[1].count_ones() == 3
}

fn closes_mill_in_one(variant: &Variant, mover: Bits, empty: Bits) -> bool {
    // The piece outside an open two flies into its gap.
    variant.mills.iter().any(|&m| (mover & m).count_ones() == 2 && empty & m != 0)
}
