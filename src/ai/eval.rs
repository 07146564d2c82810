//! The evaluation: from the side to move's point of view, in hundredths of a piece.
//! One function for every phase; the terms weigh differently while placing, while
//! sliding and while flying.

use crate::rules::position::{Colour, Position};
use crate::rules::variant::{Bits, Variant, closed_fields, each_mill, open_two_fields};

pub const PIECE: i32 = 100;

/// What the evaluation counts for one side.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    pub pieces: i32,
    pub closed_mills: i32,
    /// Two own pieces and an empty third point on a mill line.
    pub open_twos: i32,
    /// Open twos whose empty point an own piece (not one of the two) can reach next move:
    /// a mill threatened for the next move.
    pub threats: i32,
    /// A piece in a closed mill that can step out into a second mill and back: the
    /// "double mill" that captures every other move.
    pub running_mills: i32,
    /// Legal slides (moving phase) or empty neighbours of own pieces (placing).
    pub mobility: i32,
    /// Pieces with no empty neighbour.
    pub blocked: i32,
    pub flying: bool,
}

/// The features of both sides (indexed by colour). Set at once: every mill's count of
/// each side's pieces from `Variant::mill_counts`, and the free neighbours from
/// `Variant::lines_between`, so that only the few mills that matter are visited one by
/// one (this runs at every leaf of the search).
pub fn features(pos: &Position, variant: &Variant, flying_rule: bool) -> [Features; 2] {
    let empty = variant.all & !pos.occupied();
    let counts = [variant.mill_counts(pos.board[0]), variant.mill_counts(pos.board[1])];
    let mut f = [Features::default(); 2];
    for c in [Colour::White, Colour::Black] {
        let i = c.index();
        let own = pos.board[i];
        let (mine, theirs) = (counts[i], counts[1 - i]);
        let full = closed_fields(mine);
        let open_twos = open_two_fields(mine, theirs);
        let fc = &mut f[i];
        fc.pieces = pos.pieces(c) as i32;
        fc.flying = pos.can_fly(c, flying_rule);
        fc.closed_mills = full.count_ones() as i32;
        fc.open_twos = open_twos.count_ones() as i32;
        fc.mobility = variant.lines_between(own, empty) as i32;
        fc.blocked = (own & !variant.neighbours_of(empty)).count_ones() as i32;
        if pos.in_hand[i] > 0 || fc.flying {
            fc.threats = fc.open_twos;
        } else {
            // Both sliding terms come from the open twos, each with its empty gap.
            // A threat: a piece outside the two can slide into the gap. A running mill: a
            // piece of a closed mill next to the gap, outside the two, steps in and closes
            // this mill, and next move steps back and closes its own again. Counted once
            // for each such piece and gap, however many mills close there: the pieces
            // seen for each gap so far are kept by the gap.
            let in_mills = variant.points_of_mills(full);
            // Indexed by point: a board has at most 24 (`Variant` asserts it).
            let mut runners_by_gap = [0 as Bits; 24];
            each_mill(open_twos, |m| {
                let gap = variant.mills[m] & empty;
                let g = gap.trailing_zeros() as usize;
                let outside = variant.neighbours[g] & own & !variant.mills[m];
                fc.threats += (outside != 0) as i32;
                let new = outside & in_mills & !runners_by_gap[g];
                fc.running_mills += new.count_ones() as i32;
                runners_by_gap[g] |= new;
            });
        }
    }
    f
}

/// The weights that differ between levels: what one free neighbour of an own piece is
/// worth while placing and while sliding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    pub mobility_placing: i32,
    pub mobility_moving: i32,
}

impl Weights {
    /// The evaluation Medium and Hard share (the issue asks them to share one), with which
    /// their targets were measured.
    pub const STANDARD: Weights = Weights { mobility_placing: 5, mobility_moving: 5 };
    /// Master's: space decides the moving phase (a side that cannot slide loses), and it
    /// is won or lost while the pieces go down. Fixed-node self-play with Master's
    /// settings (random first four placements, 200 games a step, README "Measured
    /// figures") scored 59 % for 15/15 against 5/5, 56.5 % for 25/25 against 15/15, 45 %
    /// for 40/40 against 25/25, and 54 % for 25/15 against 25/25.
    pub const MASTER: Weights = Weights { mobility_placing: 25, mobility_moving: 15 };
}

fn score(f: &Features, placing: bool, w: Weights) -> i32 {
    let mut s = f.pieces * PIECE;
    if placing {
        s += f.closed_mills * 10 + f.open_twos * 14 + f.threats * 6 + f.mobility * w.mobility_placing - f.blocked * 10;
    } else if f.flying {
        s += f.closed_mills * 5 + f.open_twos * 30;
    } else {
        s += f.closed_mills * 12
            + f.open_twos * 6
            + f.threats * 28
            + f.running_mills * 70
            + f.mobility * w.mobility_moving
            - f.blocked * 10;
    }
    s
}

/// What having only a few moves left costs, by the number of legal slides: a side that
/// cannot move loses, and blockades are built a move at a time, so the last few moves are
/// worth far more than the first. The weights come from equal-time self-play with
/// Master's settings on both sides (200 games a step, README "Measured figures").
const CRAMPED: [i32; 5] = [600, 330, 180, 90, 36];

/// The cramped penalty of one side: while sliding, and at half weight in the last two
/// placements, where the blockade of the moving phase is prepared. Flyers are never
/// cramped.
fn cramped(f: &Features, in_hand: u8) -> i32 {
    if f.flying || in_hand > 2 {
        return 0;
    }
    let c = CRAMPED.get(f.mobility as usize).copied().unwrap_or(0);
    if in_hand > 0 { c / 2 } else { c }
}

/// The static value of `pos` for the side to move.
pub fn evaluate(pos: &Position, variant: &Variant, flying_rule: bool, weights: Weights) -> i32 {
    let us = pos.side;
    let placing = !pos.placing_done();
    let both = features(pos, variant, flying_rule);
    let (mine, theirs) = (both[us.index()], both[us.opponent().index()]);
    let mut s = score(&mine, placing, weights) - score(&theirs, placing, weights);
    s += cramped(&theirs, pos.in_hand[us.opponent().index()]) - cramped(&mine, pos.in_hand[us.index()]);
    // The side to move realises its threats first; the opponent's wait a move.
    if !placing {
        s += if mine.threats > 0 { 20 } else { 0 };
        // Against a flyer, each open two of ours it cannot block at once is worth more.
        if theirs.flying && mine.threats >= 2 {
            s += 60;
        }
        if mine.flying && theirs.threats >= 2 {
            s -= 60;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Rules, VariantKind};

    /// The features counted point by point and mill by mill, the plain way: what the
    /// set-at-once `features` must agree with.
    fn features_point_by_point(pos: &Position, variant: &Variant, flying_rule: bool) -> [Features; 2] {
        let empty = variant.all & !pos.occupied();
        let mut f = [Features::default(); 2];
        for c in [Colour::White, Colour::Black] {
            let i = c.index();
            let (own, other) = (pos.board[i], pos.board[1 - i]);
            let fc = &mut f[i];
            fc.pieces = pos.pieces(c) as i32;
            fc.flying = pos.can_fly(c, flying_rule);
            let refills = pos.in_hand[i] > 0 || fc.flying;
            let mut in_mills = 0;
            for &m in &variant.mills {
                if own & m == m {
                    fc.closed_mills += 1;
                    in_mills |= m;
                } else if (own & m).count_ones() == 2 && other & m == 0 {
                    fc.open_twos += 1;
                    let gap = (m & empty).trailing_zeros() as usize;
                    fc.threats += (refills || variant.neighbours[gap] & own & !m != 0) as i32;
                }
            }
            for p in (0..variant.len()).filter(|&p| own & 1 << p != 0) {
                let free = variant.neighbours[p] & empty;
                fc.mobility += free.count_ones() as i32;
                fc.blocked += (free == 0) as i32;
                if in_mills & 1 << p != 0 && pos.in_hand[i] == 0 && !fc.flying {
                    for to in (0..variant.len()).filter(|&to| free & 1 << to != 0) {
                        fc.running_mills += variant.in_mill(own & !(1 << p) | 1 << to, to as u8) as i32;
                    }
                }
            }
        }
        f
    }

    #[test]
    fn features_agree_with_counting_point_by_point() {
        let mut seed: u64 = 2026;
        let mut positions = 0;
        for kind in VariantKind::ALL {
            for flying in [true, false] {
                let rules = Rules { variant: kind, flying };
                for _ in 0..60 {
                    let mut game = Game::new(rules);
                    while !game.legal_moves().is_empty() && game.history().len() < 120 {
                        let pos = game.position();
                        let variant = rules.board();
                        assert_eq!(
                            features(pos, variant, flying),
                            features_point_by_point(pos, variant, flying),
                            "{kind:?} flying {flying}: {}",
                            game.position_text()
                        );
                        positions += 1;
                        let moves = game.legal_moves();
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        let m = moves.as_slice()[(seed >> 33) as usize % moves.len()];
                        game.play(m).expect("a legal move");
                    }
                }
            }
        }
        assert!(positions > 20_000, "{positions} positions");
    }

    /// The weights change what space is worth and nothing else: the two evaluations differ
    /// by the mobility difference times the difference of the weights, in each phase.
    #[test]
    fn the_weights_scale_the_mobility_difference_only() {
        let rules = Rules::new(VariantKind::Nine);
        let variant = rules.board();
        for text in ["W:d1,d2,d6,d7 B:b4,d3,d5,f4 w 5 5 0", "W:a1,a4,d2,f4,g7 B:a7,b4,d3,d5,g4 b 0 0 0"] {
            let pos = crate::rules::notation::parse_position(variant, text).expect("a valid position");
            let f = features(&pos, variant, rules.flying);
            let (us, them) = (pos.side.index(), pos.side.opponent().index());
            let space = f[us].mobility - f[them].mobility;
            assert_ne!(space, 0, "{text}: the test needs a difference in space");
            let (m, s) = (Weights::MASTER, Weights::STANDARD);
            let per_unit = if pos.placing_done() {
                m.mobility_moving - s.mobility_moving
            } else {
                m.mobility_placing - s.mobility_placing
            };
            let diff = evaluate(&pos, variant, rules.flying, m) - evaluate(&pos, variant, rules.flying, s);
            assert_eq!(diff, space * per_unit, "{text}");
        }
    }
}
