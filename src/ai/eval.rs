//! The evaluation: from the side to move's point of view, in hundredths of a piece.
//! One function for every phase; the terms weigh differently while placing, while
//! sliding and while flying.

use crate::rules::movegen::each_bit;
use crate::rules::position::{Colour, Position};
use crate::rules::variant::{Bits, Variant};

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

pub fn features(pos: &Position, variant: &Variant, flying_rule: bool, c: Colour) -> Features {
    let own = pos.board[c.index()];
    let theirs = pos.board[c.opponent().index()];
    let empty = variant.all & !(own | theirs);
    let flying = pos.can_fly(c, flying_rule);
    let moving = pos.in_hand[c.index()] == 0;
    let mut f = Features {
        pieces: pos.pieces(c) as i32,
        flying,
        ..Default::default()
    };
    let mut reach: Bits = 0;
    each_bit(own, |p| {
        let free = variant.neighbours[p as usize] & empty;
        f.mobility += free.count_ones() as i32;
        f.blocked += (free == 0) as i32;
        reach |= free;
    });
    for &m in &variant.mills {
        let mine = own & m;
        if mine == m {
            f.closed_mills += 1;
        } else if mine.count_ones() == 2 && theirs & m == 0 {
            f.open_twos += 1;
            let gap = m & empty;
            let movers = if !moving || flying {
                // placing or flying: the gap can always be filled next move
                1
            } else {
                // a slide into the gap by a piece outside this two
                let mut n = 0;
                each_bit(
                    variant.neighbours[gap.trailing_zeros() as usize] & own & !m,
                    |_| n += 1,
                );
                n
            };
            f.threats += (movers > 0) as i32;
        }
    }
    if moving && !flying {
        // A piece of a closed mill that steps to an empty neighbour and closes another mill
        // there; next move it steps back and closes the first again.
        let in_mills = variant.mill_points(own);
        each_bit(in_mills, |p| {
            let after = own & !(1 << p);
            each_bit(variant.neighbours[p as usize] & empty, |to| {
                if variant.in_mill(after | (1 << to), to) {
                    f.running_mills += 1;
                }
            });
        });
    }
    f
}

fn score(f: &Features, placing: bool) -> i32 {
    let mut s = f.pieces * PIECE;
    if placing {
        s +=
            f.closed_mills * 10 + f.open_twos * 14 + f.threats * 6 + f.mobility * 3 - f.blocked * 4;
    } else if f.flying {
        s += f.closed_mills * 5 + f.open_twos * 30;
    } else {
        s += f.closed_mills * 12
            + f.open_twos * 6
            + f.threats * 28
            + f.running_mills * 70
            + f.mobility * 5
            - f.blocked * 10;
    }
    s
}

/// The static value of `pos` for the side to move.
pub fn evaluate(pos: &Position, variant: &Variant, flying_rule: bool) -> i32 {
    let us = pos.side;
    let placing = !pos.placing_done();
    let mine = features(pos, variant, flying_rule, us);
    let theirs = features(pos, variant, flying_rule, us.opponent());
    let mut s = score(&mine, placing) - score(&theirs, placing);
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
