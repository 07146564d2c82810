//! Legal move generation. A move together with its capture is one move: a mill-closing
//! move appears once per piece it may take.

use super::position::{Colour, Move, Position};
use super::variant::{Bits, Variant};

/// Enough room for the largest move list of any variant (a flying player with three
/// pieces, 21 empty points and up to 12 capture choices is far below this in practice,
/// but the bound is exact: 3 * 21 * 12 = 756).
pub const MAX_MOVES: usize = 768;

#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    pub fn new() -> Self {
        MoveList { moves: [Move::place(0); MAX_MOVES], len: 0 }
    }
    #[inline]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
    pub fn iter(&self) -> impl Iterator<Item = &Move> {
        self.as_slice().iter()
    }
    pub fn contains(&self, m: &Move) -> bool {
        self.as_slice().contains(m)
    }
}

/// Whether the side to move has lost by material (two pieces or fewer).
#[inline]
pub fn too_few_pieces(pos: &Position) -> bool {
    pos.pieces(pos.side) < 3
}

/// Calls `visit(from, to)` for every placement (`from == NO_POINT`), slide or flight of
/// the side to move, ignoring captures.
#[inline]
fn for_each_step(pos: &Position, variant: &Variant, flying: bool, targets: Bits, mut visit: impl FnMut(u8, u8)) {
    let empty = variant.all & !pos.occupied() & targets;
    let us = pos.side.index();
    if pos.in_hand[us] > 0 {
        each_bit(empty, |to| visit(super::position::NO_POINT, to));
    } else if pos.can_fly(pos.side, flying) {
        each_bit(pos.own(), |from| each_bit(empty, |to| visit(from, to)));
    } else {
        each_bit(pos.own(), |from| each_bit(variant.neighbours[from as usize] & empty, |to| visit(from, to)));
    }
}

#[inline]
pub fn each_bit(mut bits: Bits, mut f: impl FnMut(u8)) {
    while bits != 0 {
        f(bits.trailing_zeros() as u8);
        bits &= bits - 1;
    }
}

/// The mover's pieces after moving `from` (or placing, if `from == NO_POINT`) to `to`.
#[inline]
fn own_after(pos: &Position, from: u8, to: u8) -> Bits {
    let own = pos.own() | (1 << to);
    if from != super::position::NO_POINT { own & !(1 << from) } else { own }
}

/// Whether moving `from` (or placing, if `from == NO_POINT`) to `to` closes a mill.
#[inline]
pub fn closes_mill(pos: &Position, variant: &Variant, from: u8, to: u8) -> bool {
    variant.in_mill(own_after(pos, from, to), to)
}

/// How many mills that step closes at once (a double mill still takes one piece).
pub fn mills_closed(pos: &Position, variant: &Variant, from: u8, to: u8) -> usize {
    let own = own_after(pos, from, to);
    variant.mills_of[to as usize].iter().filter(|&&m| own & m == m).count()
}

/// Appends every legal move of the side to move to `list` (cleared first).
pub fn generate(pos: &Position, variant: &Variant, flying: bool, list: &mut MoveList) {
    generate_to(pos, variant, flying, variant.all, list);
}

/// The empty points that would complete a mill of `c` (the third point of an open two).
#[inline]
pub fn mill_gaps(pos: &Position, variant: &Variant, c: Colour) -> Bits {
    let i = c.index();
    let empty = variant.all & !pos.occupied();
    variant.points_of_mills(variant.open_twos(pos.board[i], pos.board[1 - i])) & empty
}

/// Appends only the mill-closing moves (with their captures) to `list` (cleared first).
pub fn generate_captures(pos: &Position, variant: &Variant, flying: bool, list: &mut MoveList) {
    let gaps = mill_gaps(pos, variant, pos.side);
    list.len = 0;
    if gaps != 0 && pos.theirs() != 0 {
        // A slide into a gap by one of the two pieces closes nothing: keep captures only.
        generate_to(pos, variant, flying, gaps, list);
        let mut kept = 0;
        for i in 0..list.len {
            if list.moves[i].captures() {
                list.moves[kept] = list.moves[i];
                kept += 1;
            }
        }
        list.len = kept;
    }
}

/// The legal moves whose destination is in `targets`.
fn generate_to(pos: &Position, variant: &Variant, flying: bool, targets: Bits, list: &mut MoveList) {
    list.len = 0;
    if too_few_pieces(pos) {
        return;
    }
    let victims = pos.capturable(variant, pos.side.opponent());
    // Only a step into a gap of the pieces as they stand can close a mill: the mill's
    // other two points are ours before the step too.
    let gaps = if victims != 0 { mill_gaps(pos, variant, pos.side) } else { 0 };
    for_each_step(pos, variant, flying, targets, |from, to| {
        let m = Move { from, to, capture: super::position::NO_POINT };
        if gaps & (1 << to) != 0 && closes_mill(pos, variant, from, to) {
            each_bit(victims, |c| list.push(m.with_capture(c)));
        } else {
            list.push(m);
        }
    });
}

/// The number of legal moves, without building them (perft's last ply).
pub fn count(pos: &Position, variant: &Variant, flying: bool) -> u64 {
    if too_few_pieces(pos) {
        return 0;
    }
    let victims = pos.capturable(variant, pos.side.opponent()).count_ones().max(1) as u64;
    let gaps = mill_gaps(pos, variant, pos.side);
    let mut n = 0;
    for_each_step(pos, variant, flying, variant.all, |from, to| {
        n += if gaps & (1 << to) != 0 && closes_mill(pos, variant, from, to) { victims } else { 1 };
    });
    n
}

/// Whether the side to move has at least one legal move.
pub fn has_move(pos: &Position, variant: &Variant, flying: bool) -> bool {
    if too_few_pieces(pos) {
        return false;
    }
    let us = pos.side.index();
    let empty = variant.all & !pos.occupied();
    if pos.in_hand[us] > 0 || pos.can_fly(pos.side, flying) {
        return empty != 0;
    }
    pos.own() & variant.neighbours_of(empty) != 0
}

/// Leaf positions at `depth` (a lost position has no moves; draw rules are ignored).
pub fn perft(pos: &Position, variant: &Variant, flying: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count(pos, variant, flying);
    }
    let mut list = MoveList::new();
    generate(pos, variant, flying, &mut list);
    list.iter().map(|&m| perft(&pos.play(m), variant, flying, depth - 1)).sum()
}
