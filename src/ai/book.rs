//! Master's opening book: nine men's morris (flying on) before each side's third
//! placement, every position analysed once by Master's own search to a depth that a
//! move's time does not reach (`book.txt`, written by `dokuz book build`).
//!
//! The placing phase is where Master's lost games were lost, and its first placements
//! are where the branching is widest: at 1.6 s a move its search reaches depth 15 there,
//! the book's entries 20 (the header and each entry say how deep). A book move
//! also costs no time, which a game clock then gives to the placements after it
//! (`time_from_clock`).
//!
//! The book holds one position of each class of positions that the board's sixteen
//! symmetries map onto each other: a position is looked up through the symmetry that
//! takes it to its class's representative, and the move found is taken back.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::{Level, Limits, think};
use crate::rules::variant::{Bits, image};
use crate::rules::{Colour, Game, Move, Position, Rules, VariantKind};

/// The book as shipped: its header names the command that built it (`dokuz book build
/// --depths …`, a depth for each number of pieces placed); README "The computer opponent"
/// says how long it took.
pub const SHIPPED: &str = include_str!("book.txt");

/// The book covers the positions with fewer than this many pieces placed: each side's
/// first two placements (the random openings of the matches against Sanmill are two
/// placements, so Master's first move there is a book move whichever colour it has).
pub const PLIES: u32 = 4;

/// A book move and what the search that chose it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub best: Move,
    /// The search's score of the position, side to move's view, hundredths of a piece.
    pub score: i32,
    pub depth: u32,
}

/// A position's class: its image under the symmetry that takes it lowest, and whose move.
type Key = ([Bits; 2], Colour);

pub struct Book {
    entries: HashMap<Key, Entry>,
}

/// The rules the book was built for.
pub fn rules() -> Rules {
    Rules::new(VariantKind::Nine)
}

/// The class of `pos` and the symmetry (a permutation of the points) that takes `pos` to
/// the class's representative: its lowest image, the first symmetry giving it.
fn class(pos: &Position) -> Option<(Key, &'static [u8])> {
    symmetries()
        .iter()
        .map(|perm| (([image(perm, pos.board[0]), image(perm, pos.board[1])], pos.side), perm.as_slice()))
        .min_by_key(|(key, _)| key.0)
}

fn symmetries() -> &'static [Vec<u8>] {
    static SYMMETRIES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SYMMETRIES.get_or_init(|| rules().board().symmetries())
}

/// Whether `pos` is of the kind the book holds: no piece captured yet and fewer than
/// `PLIES` placed. Every such position of nine men's is in the shipped book.
fn in_scope(pos: &Position) -> bool {
    let pieces = rules().board().pieces;
    let placed = [0, 1].map(|i| pos.board[i].count_ones() as u8);
    let uncaptured = (0..2).all(|i| placed[i] + pos.in_hand[i] == pieces);
    // White places first: it is White's turn when both have placed as many.
    let in_turn = match pos.side {
        Colour::White => placed[0] == placed[1],
        Colour::Black => placed[0] == placed[1] + 1,
    };
    uncaptured && in_turn && u32::from(placed[0] + placed[1]) < PLIES
}

impl Book {
    /// Reads a book: one position a line, `position text<TAB>move<TAB>score<TAB>depth`,
    /// in any orientation; blank lines and lines starting with `#` are comments. A
    /// position in it twice (or a symmetric image of it) is an error.
    pub fn parse(text: &str) -> Result<Book, String> {
        Book::read(text, false)
    }

    /// Reads what `dokuz book build --journal` appended: a book in which a position may
    /// come more than once (searched again deeper), its deepest entry counting.
    pub fn parse_journal(text: &str) -> Result<Book, String> {
        Book::read(text, true)
    }

    fn read(text: &str, deepest: bool) -> Result<Book, String> {
        let mut entries: HashMap<Key, Entry> = HashMap::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fail = |why: String| format!("book line {}: {why}", n + 1);
            let fields: Vec<&str> = line.split('\t').collect();
            let [position, best, score, depth] = fields[..] else {
                return Err(fail(format!("{} fields, not 4 (position, move, score, depth)", fields.len())));
            };
            let mut game = Game::from_text(rules(), Some(position)).map_err(|e| fail(e.to_string()))?;
            let pos = *game.position();
            if !in_scope(&pos) {
                return Err(fail(format!("'{position}' is not a position of the book's first {PLIES} placements")));
            }
            let best = game.play_text(best).map_err(|e| fail(format!("'{best}': {e}")))?;
            let score = score.parse().map_err(|_| fail(format!("score '{score}' is not a number")))?;
            let depth = depth.parse().map_err(|_| fail(format!("depth '{depth}' is not a number")))?;
            let (key, perm) = class(&pos).ok_or_else(|| fail("the board has no symmetries".to_string()))?;
            let best = Move::place(perm.get(best.to as usize).copied().unwrap_or(best.to));
            let entry = Entry { best, score, depth };
            match entries.get(&key) {
                Some(_) if !deepest => {
                    return Err(fail(format!("'{position}' is in the book twice (or a symmetric image of it)")));
                }
                Some(old) if old.depth > depth => {}
                _ => {
                    entries.insert(key, entry);
                }
            }
        }
        Ok(Book { entries })
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's move in `game`, if the book holds its position.
    pub fn probe(&self, game: &Game) -> Option<Entry> {
        let pos = game.position();
        if game.rules() != rules() || !in_scope(pos) {
            return None;
        }
        let (key, perm) = class(pos)?;
        let entry = self.entries.get(&key)?;
        // Back from the representative: the point that the symmetry takes to the move's.
        let to = perm.iter().position(|&q| q == entry.best.to)? as u8;
        let best = Move::place(to);
        game.legal_moves().iter().any(|&m| m == best).then_some(Entry { best, ..*entry })
    }
}

/// The shipped book (empty if it could not be read: the tests make sure it can).
pub fn shipped() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| Book::parse(SHIPPED).unwrap_or(Book { entries: HashMap::new() }))
}

/// One position of each class the book holds, fewest pieces first: the start, then each
/// placement of the side to move after every position before.
pub fn positions() -> Vec<Position> {
    let variant = rules().board();
    let mut all = vec![Position::start(variant)];
    let mut level = all.clone();
    for _ in 1..PLIES {
        let mut next: Vec<(Key, Position)> = Vec::new();
        for pos in &level {
            let game = Game::from_position(rules(), *pos);
            for m in game.legal_moves().iter() {
                let child = pos.play(*m);
                if let Some((key, _)) = class(&child) {
                    next.push((key, Position::new(key.0, child.side, child.in_hand, 0)));
                }
            }
        }
        next.sort_by_key(|(key, _)| (key.0, key.1.index()));
        next.dedup_by_key(|(key, _)| *key);
        level = next.into_iter().map(|(_, p)| p).collect();
        all.extend(&level);
    }
    all
}

/// The number of pieces placed in a position of the book (none is captured there).
pub fn placed(pos: &Position) -> usize {
    (pos.board[0] | pos.board[1]).count_ones() as usize
}

/// One searched position, as `build` and `analyse` report it when its search ends.
pub struct Searched<'a> {
    /// Positions searched so far, this one included, and how many are to be searched.
    pub done: usize,
    pub total: usize,
    pub position: &'a Position,
    /// `None` for a finished game (no book position is one).
    pub entry: Option<Entry>,
}

/// Analyses every position of `positions()` with Master's search on `jobs` threads and
/// returns the book's text: a position with n pieces placed to at least `depths[n]`.
/// A position that one of the `kept` books holds searched at least that deep keeps the
/// deepest such entry instead of being searched (the search is the same on every
/// machine, so this deepens a book in parts, and a build stopped half-way resumes from
/// what it reported). `progress` hears of each position as its search ends.
pub fn build(
    depths: &[u32; PLIES as usize],
    kept: &[&Book],
    jobs: usize,
    progress: &(dyn Fn(Searched) + Sync),
) -> String {
    let positions = positions();
    let depth_of = |pos: &Position| depths[placed(pos).min(depths.len() - 1)];
    let kept: Vec<Option<Entry>> = positions
        .iter()
        .map(|pos| {
            let game = Game::from_position(rules(), *pos);
            kept.iter()
                .filter_map(|book| book.probe(&game))
                .filter(|entry| entry.depth >= depth_of(pos))
                .max_by_key(|entry| entry.depth)
        })
        .collect();
    let todo: Vec<(Position, u32)> =
        positions.iter().zip(&kept).filter(|(_, k)| k.is_none()).map(|(p, _)| (*p, depth_of(p))).collect();
    let mut searched = analyse(&todo, jobs, progress).into_iter();
    let entries: Vec<Option<Entry>> =
        kept.into_iter().map(|k| if k.is_some() { k } else { searched.next().flatten() }).collect();
    text(&positions, &entries, depths)
}

/// Master's move in each position and its score, searched to the depth given with it on
/// one search thread, `jobs` positions at a time, each search with a fresh table: the
/// result is the same on every machine, whatever the number of jobs. `None` for a
/// finished game. `progress` hears of each position as its search ends.
pub fn analyse(positions: &[(Position, u32)], jobs: usize, progress: &(dyn Fn(Searched) + Sync)) -> Vec<Option<Entry>> {
    let results: Vec<Mutex<Option<Entry>>> = positions.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(pos, depth)) = positions.get(i) else { break };
                    let game = Game::from_position(rules(), pos);
                    let limits = Limits { depth: Some(depth), threads: 1, ..Limits::default() };
                    let entry = think(&game, Level::Master, limits, 0, &stop).map(|t| {
                        let last = t.iterations.last();
                        Entry {
                            best: t.best,
                            score: last.map_or(0, |it| it.score),
                            depth: last.map_or(0, |it| it.depth),
                        }
                    });
                    if let Ok(mut slot) = results[i].lock() {
                        *slot = entry;
                    }
                    let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(Searched { done, total: positions.len(), position: &pos, entry });
                }
            });
        }
    });
    results.into_iter().map(|slot| slot.into_inner().ok().flatten()).collect()
}

/// The book's text for `positions` and their `entries`, searched to at least `depths` by
/// pieces placed (each entry names its own depth).
pub fn text(positions: &[Position], entries: &[Option<Entry>], depths: &[u32]) -> String {
    let list = depths.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let mut text = format!(
        "# Dokuz Taş opening book: nine men's morris, flying on, fewer than {PLIES} pieces placed.\n\
         # Each position analysed by Master's search, with n pieces placed to at least the n-th depth of \
         {list} (dokuz book build --depths {list}).\n\
         # position\tmove\tscore (side to move, hundredths of a piece)\tdepth\n"
    );
    for (pos, entry) in positions.iter().zip(entries) {
        if let Some(e) = entry {
            text.push_str(&line(pos, e));
            text.push('\n');
        }
    }
    text
}

/// One entry of a book's text, as `Book::parse` reads it (no line end).
pub fn line(pos: &Position, entry: &Entry) -> String {
    let game = Game::from_position(rules(), *pos);
    format!("{}\t{}\t{}\t{}", game.position_text(), game.move_text(entry.best), entry.score, entry.depth)
}
