//! The transposition table: one entry per slot, keyed by the Zobrist hash, always
//! replaced (a new search result is worth more than an old one at these speeds).

use crate::rules::position::{Move, NO_POINT};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
pub struct Entry {
    key: u64,
    pub best: Move,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    best: Move { from: NO_POINT, to: NO_POINT, capture: NO_POINT },
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of 2^`bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits;
        Table { entries: vec![EMPTY; size], mask: size - 1 }
    }

    /// The table's size as a power of two.
    pub fn bits(&self) -> u32 {
        self.entries.len().trailing_zeros()
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry> {
        let e = &self.entries[key as usize & self.mask];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    #[inline]
    pub fn store(&mut self, key: u64, best: Move, score: i32, depth: i32, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        *slot = Entry {
            key,
            best,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
    }
}
