//! The transposition table, keyed by the Zobrist hash and shared by every thread of a
//! search. Slots come in pairs: a new result replaces the less valuable of the two (the
//! shallower, or one left over from an earlier move), so the deep results that save the
//! most work survive the flood of shallow ones a long search writes.
//!
//! Lock-free: a slot is two atomic words, the entry packed into one and the key xor-ed
//! with it in the other. A slot torn by two threads writing at once no longer matches its
//! key and reads as empty, so a race costs a lookup, never a wrong answer.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::rules::position::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub best: Move,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    /// The key xor the data.
    check: AtomicU64,
    /// The packed entry; zero is an empty slot.
    data: AtomicU64,
}

/// The two slots a key may use, in one half of a cache line (an unaligned pair could
/// straddle two lines and cost two memory loads a probe).
#[derive(Default)]
#[repr(align(32))]
struct Pair([Slot; 2]);

pub struct Table {
    pairs: Box<[Pair]>,
    /// Index mask of a pair.
    mask: usize,
    /// Which search wrote an entry (the low 8 bits of a count of searches).
    generation: AtomicU8,
}

// The packed layout: move (3 bytes), score (2), depth + 1 (1, so that zero is empty),
// bound (1), generation (1).
fn pack(e: &Entry, generation: u8) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    e.best.from as u64
        | (e.best.to as u64) << 8
        | (e.best.capture as u64) << 16
        | (e.score as u16 as u64) << 24
        | ((e.depth as u8).wrapping_add(1) as u64) << 40
        | bound << 48
        | (generation as u64) << 56
}

fn unpack(data: u64) -> Entry {
    Entry {
        best: Move { from: data as u8, to: (data >> 8) as u8, capture: (data >> 16) as u8 },
        score: (data >> 24) as u16 as i16,
        depth: depth_byte(data).wrapping_sub(1) as i8,
        bound: match (data >> 48) as u8 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

fn generation_of(data: u64) -> u8 {
    (data >> 56) as u8
}

/// The stored depth byte (depth + 1): comparing it needs no full unpacking.
fn depth_byte(data: u64) -> u8 {
    (data >> 40) as u8
}

/// The size of a large page on x86-64 and arm64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the 2 MB stretches of `len` bytes from `start` with large
/// pages. A probe lands anywhere in the table, and with 4 KB pages each one also missed
/// the processor's address cache (the TLB): Master's 64 MB table is 16,384 pages, the
/// TLB holds about 1,500, and the probe's load was the most sampled instruction of the
/// search. In 2 MB pages the table is 32. Only advice: where the kernel has no large
/// pages to give (or THP is off) the table is as before.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn ask_for_huge_pages(start: usize, len: usize) {
    const MADV_HUGEPAGE: i32 = 14;
    unsafe extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    let first = start.next_multiple_of(HUGE_PAGE);
    let end = (start + len) / HUGE_PAGE * HUGE_PAGE;
    if end > first {
        // SAFETY: the range lies inside one live allocation of ours and is aligned to
        // every page size; MADV_HUGEPAGE changes how the kernel backs it, never what it
        // holds. A refusal (an error return) leaves the table as it was, so it is ignored.
        unsafe { madvise(first as *mut std::ffi::c_void, end - first, MADV_HUGEPAGE) };
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn ask_for_huge_pages(_start: usize, _len: usize) {}

impl Table {
    /// A table of 2^`bits` entries (16 bytes each); at least one pair.
    pub fn new(bits: u32) -> Self {
        let n = 1usize << (bits.max(1) - 1);
        // Exactly `n` (Vec::with_capacity promises it), so the boxed slice keeps the
        // allocation; nothing is written before the advice, so the pages it faults in
        // while filling are the large ones.
        let mut pairs: Vec<Pair> = Vec::with_capacity(n);
        ask_for_huge_pages(pairs.as_ptr() as usize, n * std::mem::size_of::<Pair>());
        pairs.resize_with(n, Pair::default);
        Table { pairs: pairs.into_boxed_slice(), mask: n - 1, generation: AtomicU8::new(0) }
    }

    /// The table's size as a power of two.
    pub fn bits(&self) -> u32 {
        self.pairs.len().trailing_zeros() + 1
    }

    /// Marks the start of a new search: what earlier searches stored is kept and used,
    /// but is the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn pair(&self, key: u64) -> &[Slot; 2] {
        &self.pairs[key as usize & self.mask].0
    }

    /// Starts loading the pair of `key` into the cache, so that a probe a few steps
    /// later waits less for memory: the table is far larger than the caches. Only a hint,
    /// and a no-op where we have no prefetch instruction to give it with.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let line = self.pair(key) as *const [Slot; 2] as *const i8;
            // SAFETY: a prefetch never faults and changes nothing; `line` is in the table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(line) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.pair(key).iter().find_map(|s| {
            let data = s.data.load(Ordering::Relaxed);
            (data != 0 && s.check.load(Ordering::Relaxed) ^ data == key).then(|| unpack(data))
        })
    }

    #[inline]
    pub fn store(&self, key: u64, best: Move, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let entry = Entry {
            best,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 126) as i8,
            bound,
        };
        let pair = self.pair(key);
        // The slot holding this position already, else the one worth less: an entry from
        // an earlier search counts as much shallower than any of this one.
        // Hot (every node stores): the depth is read straight from its byte.
        let worth = |s: &Slot| -> i32 {
            let data = s.data.load(Ordering::Relaxed);
            if s.check.load(Ordering::Relaxed) ^ data == key {
                return i32::MIN;
            }
            if data == 0 {
                return i32::MIN + 1;
            }
            let stale = if generation_of(data) == generation { 0 } else { 256 };
            depth_byte(data) as i32 - stale
        };
        let slot = if worth(&pair[0]) <= worth(&pair[1]) { &pair[0] } else { &pair[1] };
        let data = pack(&entry, generation);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: i8, score: i16) -> Entry {
        Entry { best: Move { from: 3, to: 7, capture: 24 }, score, depth, bound: Bound::Lower }
    }

    #[test]
    fn an_entry_comes_back_as_stored() {
        let t = Table::new(4);
        for (i, e) in [entry(0, -32768), entry(126, 32767), entry(5, -1)].iter().enumerate() {
            let key = 0x1234_5678_9abc_def0 ^ (i as u64) << 40;
            t.store(key, e.best, e.score as i32, e.depth as i32, e.bound);
            assert_eq!(t.probe(key), Some(*e));
            assert_eq!(t.probe(key ^ 1 << 63), None, "another key of the same pair");
        }
    }

    #[test]
    fn a_deep_entry_survives_shallow_ones_of_the_same_pair() {
        let t = Table::new(4);
        let deep = entry(20, 50);
        t.store(1 << 32, deep.best, 50, 20, Bound::Lower);
        for k in 2..10u64 {
            t.store(k << 32, deep.best, 0, 1, Bound::Upper);
        }
        assert_eq!(t.probe(1 << 32), Some(deep));
        // From an earlier search it gives way to the first new entry that needs the room.
        t.new_search();
        t.store(20 << 32, deep.best, 0, 1, Bound::Upper);
        t.store(21 << 32, deep.best, 0, 1, Bound::Upper);
        assert_eq!(t.probe(1 << 32), None);
    }

    /// A table large enough to be advised into large pages (4 MB) starts empty and keeps
    /// what is stored across its whole length.
    #[test]
    fn a_table_in_large_pages_starts_empty_and_keeps_its_entries() {
        let t = Table::new(18);
        assert_eq!(t.bits(), 18);
        assert!(t.pairs.iter().flat_map(|p| &p.0).all(|s| s.data.load(Ordering::Relaxed) == 0));
        // One key in every pair, from the first to the last.
        let keys: Vec<u64> = (0..=t.mask as u64).map(|i| i | (i * 0x9e37_79b9) << 24).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, Move { from: 1, to: 2, capture: 24 }, i as i32 % 1000, 3, Bound::Exact);
        }
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(t.probe(k).map(|e| e.score as i32), Some(i as i32 % 1000));
        }
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let t = Table::new(4);
        t.store(99, Move { from: 1, to: 2, capture: 3 }, 10, 4, Bound::Exact);
        // What a second writer's half-done store leaves: its data with the first key.
        let other = pack(&entry(9, 9), 0);
        for s in t.pairs.iter().flat_map(|p| &p.0).filter(|s| s.data.load(Ordering::Relaxed) != 0) {
            s.data.store(other, Ordering::Relaxed);
        }
        assert_eq!(t.probe(99), None);
    }
}
