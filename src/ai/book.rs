//! Master's opening book: nine men's morris (flying on), every position before each side's
//! third placement and, beyond them, each side's third placement after the book's own
//! second move of that side (White's whole line, Black's as far as it is built), and the
//! game lines: positions of the fourth and fifth placements that games played against
//! Master reached at least twice. Every position analysed by Master's own search to a
//! depth that a move's time does not reach, and those before the game lines that the
//! games reached again searched again as deep as the game lines (`book.txt`, written by
//! `dokuz book build`).
//!
//! The placing phase is where Master's lost games were lost, and its first placements
//! are where the branching is widest: at 1.6 s a move its search reaches depth 15 there,
//! the book's entries 18 to 20 (the header and each entry say how deep). A book move
//! also costs no time, which a game clock then gives to the placements after it
//! (`time_from_clock`).
//!
//! The book holds one position of each class of positions that the board's sixteen
//! symmetries map onto each other: a position is looked up through the symmetry that
//! takes it to its class's representative, and the move found is taken back.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::{Level, Limits, think};
use crate::rules::position::NO_POINT;
use crate::rules::variant::{Bits, image};
use crate::rules::{Colour, Game, Move, Position, Rules, VariantKind};

/// The book as shipped: its header names the command that built it (`dokuz book build
/// --depths …`, a depth for each number of pieces placed); README "The computer opponent"
/// says how long it took.
pub const SHIPPED: &str = include_str!("book.txt");

/// Every position with fewer than this many pieces placed is in the book: each side's
/// first two placements (the random openings of the matches against Sanmill are two
/// placements, so Master's first move there is a book move whichever colour it has).
pub const COMPLETE: u32 = 4;

/// The book holds positions with fewer than this many pieces placed: beyond the complete
/// part, each side's third placement along its own line. White's (`white_line`) is where
/// Master as White stands after its second book move: every Black reply to it, 715
/// classes. Black's (`black_line`) is where Master as Black stands after its second book
/// move: every White reply to it, some 8,000 classes (428 positions with about twenty
/// replies each), built in parts, those reached from the start first.
pub const PLIES: u32 = 6;

/// The book holds no position with this many pieces placed or more. Beyond the lines
/// (`PLIES`), it holds the game lines (`game_lines`): positions that games played against
/// Master reached again and again, up to each side's fifth placement.
pub const DEEPEST: u32 = 10;

/// A position is on the game lines when at least this many of the games given to the
/// build reached it: one game is one opponent's choice, two make a line worth a deeper
/// search than a move's time gives.
pub const LINE_GAMES: usize = 2;

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
/// `PLIES` placed. Every such position with fewer than `COMPLETE` placed is in the
/// shipped book.
fn in_scope(pos: &Position) -> bool {
    let pieces = rules().board().pieces;
    let placed = [0, 1].map(|i| pos.board[i].count_ones() as u8);
    let uncaptured = (0..2).all(|i| placed[i] + pos.in_hand[i] == pieces);
    // White places first: it is White's turn when both have placed as many.
    let in_turn = match pos.side {
        Colour::White => placed[0] == placed[1],
        Colour::Black => placed[0] == placed[1] + 1,
    };
    uncaptured && in_turn && u32::from(placed[0] + placed[1]) < DEEPEST
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
                return Err(fail(format!("'{position}' is not a position of the book's first {DEEPEST} placements")));
            }
            let best = game.play_text(best).map_err(|e| fail(format!("'{best}': {e}")))?;
            let score = score.parse().map_err(|_| fail(format!("score '{score}' is not a number")))?;
            let depth = depth.parse().map_err(|_| fail(format!("depth '{depth}' is not a number")))?;
            let (key, entry) = keyed(&pos, Entry { best, score, depth })
                .ok_or_else(|| fail("the board has no symmetries".to_string()))?;
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

    /// The book of searched `positions` and their `entries` (`None`: not searched).
    fn of(positions: &[Position], entries: &[Option<Entry>]) -> Book {
        let entries = positions.iter().zip(entries).filter_map(|(pos, entry)| keyed(pos, (*entry)?)).collect();
        Book { entries }
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
        let back = |point: u8| -> Option<u8> {
            if point == NO_POINT { Some(NO_POINT) } else { Some(perm.iter().position(|&q| q == point)? as u8) }
        };
        let best = Move { to: back(entry.best.to)?, capture: back(entry.best.capture)?, ..entry.best };
        game.legal_moves().iter().any(|&m| m == best).then_some(Entry { best, ..*entry })
    }
}

/// The class of `pos` and `entry` with its move taken to the class's representative.
fn keyed(pos: &Position, entry: Entry) -> Option<(Key, Entry)> {
    let (key, perm) = class(pos)?;
    // A third placement may close a mill: its capture turns with it.
    let turn = |point: u8| perm.get(point as usize).copied().unwrap_or(point);
    let best = Move { to: turn(entry.best.to), capture: turn(entry.best.capture), ..entry.best };
    Some((key, Entry { best, ..entry }))
}

/// The shipped book (empty if it could not be read: the tests make sure it can).
pub fn shipped() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| Book::parse(SHIPPED).unwrap_or(Book { entries: HashMap::new() }))
}

/// One position of each class with fewer than `COMPLETE` pieces placed, fewest pieces
/// first: the start, then each placement of the side to move after every position before.
pub fn positions() -> Vec<Position> {
    let mut all = vec![Position::start(rules().board())];
    let mut level = all.clone();
    for _ in 1..COMPLETE {
        let mut next: Vec<(Key, Position)> = level.iter().flat_map(children).collect();
        next.sort_by_key(|(key, _)| (key.0, key.1.index()));
        next.dedup_by_key(|(key, _)| *key);
        level = next.into_iter().map(|(_, p)| p).collect();
        all.extend(&level);
    }
    all
}

/// The positions of White's third placement that follow `book`'s move for White's second
/// (every Black reply to it), one of each class: first those reached from the start with
/// both White moves the book's (where a game from the start goes), then the others (where
/// the random two-placement openings of the matches go). Each level-two position of the
/// book leads to about twenty, with few symmetric repeats.
pub fn white_line(book: &Book) -> Vec<Position> {
    let start = Position::start(rules().board());
    let from_start = after_book(book, &start);
    line_after(book, 2, from_start, false)
}

/// The positions of Black's third placement that follow `book`'s move for Black's second
/// (every White reply to it), one of each class: first those reached from the start with
/// both Black moves the book's, then the others. Within each part the positions before
/// Black's second move come in the order of the book's score there, lowest (White's
/// strongest second placements) first: the line is some 8,000 classes, built in parts,
/// and the games an opponent is likeliest to play come first.
pub fn black_line(book: &Book) -> Vec<Position> {
    let start = Position::start(rules().board());
    let from_start = children(&start).iter().flat_map(|(_, first)| after_book(book, first)).collect();
    line_after(book, 3, from_start, true)
}

/// The games of `text` as the game lines read them (`game_lines`): one game a line, its
/// moves from the start in our notation, or a line of `tools/sanmill-games.txt` (`game …
/// plies: MOVES`; a game set aside there has no moves and is skipped). Blank lines and
/// lines starting with `#` are comments. Each game is kept as its positions of the
/// book's kind: up to its first capture or `DEEPEST` pieces placed.
pub fn read_games(text: &str) -> Result<Vec<Vec<Position>>, String> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves = match line.strip_prefix("game ") {
            Some(rest) => match rest.split_once(" plies: ") {
                Some((_, moves)) => moves,
                None => continue,
            },
            None => line,
        };
        let mut game = Game::new(rules());
        let mut positions = Vec::new();
        let mut moves = moves.split_whitespace();
        while in_scope(game.position()) {
            positions.push(*game.position());
            let Some(m) = moves.next() else { break };
            game.play_text(m).map_err(|e| format!("games line {}: '{m}': {e}", n + 1))?;
        }
        games.push(positions);
    }
    Ok(games)
}

/// The game lines: each position of `games` (as `read_games` keeps them) with `from` to
/// fewer than `up_to` pieces placed that at least `LINE_GAMES` of them reached, one of each class,
/// those reached by the most games first, then in the order the games first reached
/// them: a line built in parts holds the positions an opponent is likeliest to play.
pub fn game_lines(games: &[Vec<Position>], from: usize, up_to: usize) -> Vec<Position> {
    let mut lines: Vec<Reach> = reach(games)
        .into_values()
        .filter(|r| r.games >= LINE_GAMES && (from..up_to).contains(&placed(&r.position)))
        .collect();
    lines.sort_by_key(|r| (std::cmp::Reverse(r.games), r.first));
    lines.into_iter().map(|r| r.position).collect()
}

/// A class of positions as the games reached it.
struct Reach {
    /// How many games reached it, and when it was first reached (in classes reached
    /// before it).
    games: usize,
    first: usize,
    /// The class's representative.
    position: Position,
}

/// Every class of positions that `games` reached, with how many of them reached it.
fn reach(games: &[Vec<Position>]) -> HashMap<Key, Reach> {
    let mut reached: HashMap<Key, Reach> = HashMap::new();
    for game in games {
        let mut this_game = HashSet::new();
        for pos in game {
            let Some((key, _)) = class(pos) else { continue };
            if this_game.insert(key) {
                let first = reached.len();
                let position = Position::new(key.0, key.1, pos.in_hand, 0);
                reached.entry(key).or_insert(Reach { games: 0, first, position }).games += 1;
            }
        }
    }
    reached
}

/// `pos` with `book`'s move played, then each reply to it, as classes and representatives
/// (nothing if the book does not hold `pos`).
fn after_book(book: &Book, pos: &Position) -> Vec<(Key, Position)> {
    let game = Game::from_position(rules(), *pos);
    book.probe(&game).map(|e| children(&pos.play(e.best))).unwrap_or_default()
}

/// The line after the book's move in each position of the complete part with `before`
/// pieces placed: those among `from_start` first, each part ordered by the book's score
/// when `by_score`, one position of each class.
fn line_after(book: &Book, before: usize, from_start: Vec<(Key, Position)>, by_score: bool) -> Vec<Position> {
    let from_start: HashSet<Key> = from_start.into_iter().map(|(key, _)| key).collect();
    let (mut first, mut rest): (Vec<Position>, Vec<Position>) = positions()
        .into_iter()
        .filter(|p| placed(p) == before)
        .partition(|p| class(p).is_some_and(|(key, _)| from_start.contains(&key)));
    if by_score {
        let score = |p: &Position| book.probe(&Game::from_position(rules(), *p)).map_or(i32::MAX, |e| e.score);
        first.sort_by_key(score);
        rest.sort_by_key(score);
    }
    let mut seen = HashSet::new();
    first
        .iter()
        .chain(&rest)
        .flat_map(|p| after_book(book, p))
        .filter(|(key, _)| seen.insert(*key))
        .map(|(_, p)| p)
        .collect()
}

/// Each placement of the side to move in `pos`, as its class and that class's
/// representative.
fn children(pos: &Position) -> Vec<(Key, Position)> {
    let game = Game::from_position(rules(), *pos);
    game.legal_moves()
        .iter()
        .filter_map(|m| {
            let child = pos.play(*m);
            class(&child).map(|(key, _)| (key, Position::new(key.0, child.side, child.in_hand, 0)))
        })
        .collect()
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

/// Analyses every position of `positions()` with Master's search on `jobs` threads and,
/// when `depths` has a depth for `COMPLETE` pieces placed too, then the `white_line` of
/// what it found, with a depth for one more the `black_line`, and with depths for more
/// pieces still the `game_lines` of `games` to as many placed; returns the book's text: a
/// position with n pieces placed to at least `depths[n]`. With the game lines, a position
/// of fewer than `PLIES` placed that at least `LINE_GAMES` games reached is searched again
/// to the game lines' depth (`depths[PLIES]`) where that is deeper: the lines an opponent
/// plays are where a shallow entry costs games, and the complete part and the lines hold
/// them at the depth that their thousands of positions allowed.
///
/// A position that one of the `kept` books holds searched at least that deep keeps the
/// deepest such entry instead of being searched (the search is the same on every
/// machine, so this deepens a book in parts, and a build stopped half-way resumes from
/// what it reported). Only positions with at least `search_from` pieces placed are
/// searched (`None`: nothing is), the others hold their kept entries only (a line as far
/// as a stopped build got, a position the games reached at its first depth until it is
/// searched again), so that one part is built at a time. The positions beyond the complete
/// part are searched those the most games reached first. `progress` hears of each
/// position as its search ends.
pub fn build(
    depths: &[u32],
    kept: &[&Book],
    games: &[Vec<Position>],
    search_from: Option<usize>,
    jobs: usize,
    progress: &(dyn Fn(Searched) + Sync),
) -> String {
    let with_lines = depths.len() > PLIES as usize;
    let reached = if with_lines { reach(games) } else { HashMap::new() };
    let games_at = |pos: &Position| class(pos).and_then(|(key, _)| reached.get(&key)).map_or(0, |r| r.games);
    // The depth a position is built to, and the least depth it is kept at until then.
    let depth_of = |pos: &Position| -> (u32, u32) {
        let first = depths.get(placed(pos)).copied().unwrap_or(u32::MAX);
        match depths.get(PLIES as usize) {
            Some(&line) if placed(pos) < PLIES as usize && games_at(pos) >= LINE_GAMES => (first.max(line), first),
            _ => (first, first),
        }
    };
    let settle = |positions: &[Position]| -> Vec<Option<Entry>> {
        let deepest_kept = |pos: &Position, least: u32| {
            let game = Game::from_position(rules(), *pos);
            kept.iter().filter_map(|book| book.probe(&game)).filter(|e| e.depth >= least).max_by_key(|e| e.depth)
        };
        let kept: Vec<Option<Entry>> = positions.iter().map(|pos| deepest_kept(pos, depth_of(pos).1)).collect();
        let searched = |pos: &Position, kept: &Option<Entry>| {
            kept.is_none_or(|e| e.depth < depth_of(pos).0) && search_from.is_some_and(|n| placed(pos) >= n)
        };
        let mut todo: Vec<(usize, Position, u32)> = (0..positions.len())
            .filter(|&i| searched(&positions[i], &kept[i]))
            .map(|i| (i, positions[i], depth_of(&positions[i]).0))
            .collect();
        todo.sort_by_cached_key(|(_, pos, _)| std::cmp::Reverse(games_at(pos)));
        let jobs_list: Vec<(Position, u32)> = todo.iter().map(|&(_, p, d)| (p, d)).collect();
        let mut entries = kept;
        for ((i, ..), found) in todo.iter().zip(analyse(&jobs_list, jobs, progress)) {
            if found.is_some() {
                entries[*i] = found;
            }
        }
        entries
    };
    let mut positions = positions();
    let mut entries = settle(&positions);
    let complete = Book::of(&positions, &entries);
    // The lines follow the complete part's moves, and nothing follows theirs: they are
    // settled together, the most played first.
    let mut beyond = Vec::new();
    for (n, line_of) in [white_line as fn(&Book) -> Vec<Position>, black_line].into_iter().enumerate() {
        if depths.len() > COMPLETE as usize + n {
            beyond.extend(line_of(&complete));
        }
    }
    if with_lines {
        beyond.extend(game_lines(games, PLIES as usize, depths.len()));
    }
    entries.extend(settle(&beyond));
    positions.extend(beyond);
    text(&positions, &entries, depths, games.len())
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
/// pieces placed (each entry names its own depth), the game lines from `games` games.
pub fn text(positions: &[Position], entries: &[Option<Entry>], depths: &[u32], games: usize) -> String {
    let list = depths.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let held = |n: usize| positions.iter().zip(entries).filter(|(p, e)| placed(p) == n && e.is_some()).count();
    let mut scope = format!("fewer than {COMPLETE} pieces placed");
    for (n, side) in ["White", "Black"].into_iter().enumerate() {
        if depths.len() > COMPLETE as usize + n {
            let count = held(COMPLETE as usize + n);
            scope += &format!(", and {count} positions of {side}'s third placement after its second book move");
        }
    }
    if depths.len() > PLIES as usize {
        let count = (PLIES as usize..depths.len()).map(held).sum::<usize>();
        let last = depths.len() - 1;
        let span = if last > PLIES as usize { format!("{PLIES} to {last}") } else { format!("{PLIES}") };
        scope += &format!(
            ", and {count} positions of {span} pieces placed that at least {LINE_GAMES} of the first {games} games \
             given reached"
        );
    }
    // The positions before the game lines that the games reached, searched again as deep.
    let mut again = String::new();
    if let Some(&line) = depths.get(PLIES as usize) {
        let deepened = positions
            .iter()
            .zip(entries)
            .filter(|(p, e)| {
                placed(p) < PLIES as usize && e.is_some_and(|e| e.depth >= line && e.depth > depths[placed(p)])
            })
            .count();
        if deepened > 0 {
            again = format!(
                "\n# Of the positions of fewer than {PLIES} placed, {deepened} that at least {LINE_GAMES} of those games \
                 reached searched again to at least {line}, the game lines' depth."
            );
        }
    }
    let mut text = format!(
        "# Dokuz Taş opening book: nine men's morris, flying on, {scope}.\n\
         # Each position analysed by Master's search, with n pieces placed to at least the n-th depth of \
         {list} (dokuz book build --depths {list}).{again}\n\
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
