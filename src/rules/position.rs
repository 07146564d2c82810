//! A position: two bitboards, the side to move, the pieces in hand and the count of moves
//! since the last capture, with its Zobrist hash kept up to date by `play`.

use super::variant::{Bits, Variant};
use super::zobrist::KEYS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }
}

/// A point index that means "none" inside a `Move`.
pub const NO_POINT: u8 = u8::MAX;

/// One ply: a placement (`from == NO_POINT`), a slide or a flight, with the capture that
/// the move makes if it closes a mill (`capture == NO_POINT` otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub capture: u8,
}

impl Move {
    pub const fn place(to: u8) -> Self {
        Move { from: NO_POINT, to, capture: NO_POINT }
    }
    pub const fn slide(from: u8, to: u8) -> Self {
        Move { from, to, capture: NO_POINT }
    }
    pub const fn with_capture(self, capture: u8) -> Self {
        Move { capture, ..self }
    }
    #[inline]
    pub fn is_placement(self) -> bool {
        self.from == NO_POINT
    }
    #[inline]
    pub fn captures(self) -> bool {
        self.capture != NO_POINT
    }
    pub fn from_point(self) -> Option<u8> {
        (self.from != NO_POINT).then_some(self.from)
    }
    pub fn captured_point(self) -> Option<u8> {
        (self.capture != NO_POINT).then_some(self.capture)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Position {
    /// Pieces on the board, by colour index.
    pub board: [Bits; 2],
    pub side: Colour,
    /// Pieces still to be placed, by colour index.
    pub in_hand: [u8; 2],
    /// Moves since the last capture or since placing ended, whichever is later: the
    /// 50-move count. Placements never count.
    pub quiet_plies: u16,
    pub hash: u64,
}

impl Position {
    pub fn start(variant: &Variant) -> Self {
        Self::new([0, 0], Colour::White, [variant.pieces, variant.pieces], 0)
    }

    /// Builds a position and computes its hash; the caller has validated the parts.
    pub fn new(board: [Bits; 2], side: Colour, in_hand: [u8; 2], quiet_plies: u16) -> Self {
        let mut p = Position { board, side, in_hand, quiet_plies, hash: 0 };
        p.hash = p.compute_hash();
        p
    }

    /// The hash from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            let mut b = self.board[c];
            while b != 0 {
                h ^= KEYS.piece[c][b.trailing_zeros() as usize];
                b &= b - 1;
            }
            h ^= KEYS.hand[c][self.in_hand[c] as usize];
        }
        if self.side == Colour::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    #[inline]
    pub fn occupied(&self) -> Bits {
        self.board[0] | self.board[1]
    }

    #[inline]
    pub fn own(&self) -> Bits {
        self.board[self.side.index()]
    }

    #[inline]
    pub fn theirs(&self) -> Bits {
        self.board[self.side.opponent().index()]
    }

    /// Pieces on the board plus in hand.
    #[inline]
    pub fn pieces(&self, c: Colour) -> u32 {
        self.board[c.index()].count_ones() + self.in_hand[c.index()] as u32
    }

    /// Whether both players have placed all their pieces.
    #[inline]
    pub fn placing_done(&self) -> bool {
        self.in_hand == [0, 0]
    }

    pub fn colour_at(&self, p: u8) -> Option<Colour> {
        if self.board[0] & (1 << p) != 0 {
            Some(Colour::White)
        } else if self.board[1] & (1 << p) != 0 {
            Some(Colour::Black)
        } else {
            None
        }
    }

    /// Every point taken after placing: twelve's draw (nobody can move).
    #[inline]
    pub fn board_full(&self, variant: &Variant) -> bool {
        self.placing_done() && self.occupied() == variant.all
    }

    /// Whether `c` may fly: flying is on, three pieces on the board and none in hand.
    #[inline]
    pub fn can_fly(&self, c: Colour, flying: bool) -> bool {
        flying && self.in_hand[c.index()] == 0 && self.board[c.index()].count_ones() == 3
    }

    /// The opponent pieces a mill-closing move may take: those outside mills, or all of
    /// them when every one stands in a mill.
    #[inline]
    pub fn capturable(&self, variant: &Variant, victim: Colour) -> Bits {
        let theirs = self.board[victim.index()];
        let free = theirs & !variant.mill_points(theirs);
        if free != 0 { free } else { theirs }
    }

    /// Plays a move assumed legal (generated by `movegen` or checked by `Game`).
    #[inline]
    pub fn play(&self, m: Move) -> Position {
        let mut p = *self;
        let us = self.side.index();
        let them = 1 - us;
        if m.from == NO_POINT {
            p.hash ^= KEYS.hand[us][p.in_hand[us] as usize];
            p.in_hand[us] -= 1;
            p.hash ^= KEYS.hand[us][p.in_hand[us] as usize];
        } else {
            p.board[us] &= !(1 << m.from);
            p.hash ^= KEYS.piece[us][m.from as usize];
        }
        p.board[us] |= 1 << m.to;
        p.hash ^= KEYS.piece[us][m.to as usize];
        if m.capture != NO_POINT {
            p.board[them] &= !(1 << m.capture);
            p.hash ^= KEYS.piece[them][m.capture as usize];
            p.quiet_plies = 0;
        } else if m.from != NO_POINT {
            p.quiet_plies = p.quiet_plies.saturating_add(1);
        }
        p.side = self.side.opponent();
        p.hash ^= KEYS.black_to_move;
        p
    }
}
