//! The computer opponent: four levels over one search, with no Bevy in it. `think` is the
//! one call: the game, a level, limits, a seed and a stop flag in; a legal move out.

pub mod book;
pub mod endgame;
pub mod eval;
pub mod rating;
pub mod review;
pub mod search;
pub mod tables;
pub mod tt;
pub mod uci;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::rules::{Game, Move, Status};
pub use search::{Iteration, Limits};

/// Master's search threads at most, on a phone (`Level::phone_limits`).
pub const PHONE_THREADS: usize = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Master,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Self::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The level's own think time: Hard 0.7 s and Master 3 s a move; Easy and Medium
    /// are not timed.
    pub fn budget(self) -> Option<Duration> {
        match self {
            Level::Hard => Some(Duration::from_millis(700)),
            Level::Master => Some(Duration::from_millis(3000)),
            Level::Easy | Level::Medium => None,
        }
    }

    /// The level's own limits: Medium looks four plies ahead, Hard and Master think for
    /// a time (their budget unless `time` says otherwise), Master on every core. Easy
    /// does not search.
    pub fn limits(self, time: Option<Duration>) -> Limits {
        match self {
            Level::Easy => Limits::default(),
            Level::Medium => Limits { depth: Some(4), ..Limits::default() },
            Level::Hard => Limits { time: time.or(self.budget()), ..Limits::default() },
            // Master is the full strength of the engine: every core.
            Level::Master => Limits { time: time.or(self.budget()), threads: cores(), ..Limits::default() },
        }
    }

    /// The level's limits for its move in `game`: `limits`, except that Master thinks
    /// twice as long while it places. The placing phase is where its lost games were lost
    /// (cramped set-ups and running mills that only show as lost twenty plies later,
    /// README "Measured figures"), and where the branching is widest.
    pub fn limits_at(self, game: &Game, time: Option<Duration>) -> Limits {
        let limits = self.limits(time);
        let pos = game.position();
        match limits.time {
            Some(t) if self == Level::Master && pos.in_hand[pos.side.index()] > 0 => {
                Limits { time: Some(t * 2), ..limits }
            }
            _ => limits,
        }
    }

    /// The level's limits on a phone: Master on at most `PHONE_THREADS` threads for half
    /// its time (1.5 s a move, 3 s while placing). On every core for 3-6 s a move, a phone
    /// heats up, drains its battery and then throttles its cores anyway; two threads are
    /// the performance cores most phones have, and at a tenth of its desktop time Master
    /// still scores 85.5 % against Hard (README "Measured figures"). The other levels
    /// already think on one thread for at most 0.7 s.
    pub fn phone_limits(self, limits: Limits) -> Limits {
        match self {
            Level::Master => {
                Limits { threads: limits.threads.min(PHONE_THREADS), time: limits.time.map(|t| t / 2), ..limits }
            }
            _ => limits,
        }
    }

    /// How far below the best a root move may score and still be chosen.
    fn margin(self) -> i32 {
        match self {
            Level::Hard => 12,
            _ => 0,
        }
    }

    /// What a draw costs the computer, in hundredths of a piece. Hard plays on in even
    /// positions; Master takes the draw unless it is better, which is what playing to
    /// never lose means.
    fn contempt(self) -> i32 {
        match self {
            Level::Master => 0,
            _ => 15,
        }
    }

    /// The evaluation's weights: Master values space more (`eval::Weights::MASTER`); Medium
    /// and Hard share the standard ones.
    pub fn weights(self) -> eval::Weights {
        match self {
            Level::Master => eval::Weights::MASTER,
            _ => eval::Weights::STANDARD,
        }
    }

    /// Whether the level looks up the exact endgame tables. Medium only
    /// looks four plies ahead, as the source texts say.
    pub fn knows_endgame(self) -> bool {
        matches!(self, Level::Hard | Level::Master)
    }

    /// Whether a side with almost no slides is searched a ply deeper (`search.rs`,
    /// `CRAMPED_MOVES`): Master's losses to Sanmill were blockades its search saw too late.
    pub fn extends_cramped(self) -> bool {
        self == Level::Master
    }

    /// Whether a draw found on one path stays out of the transposition table
    /// (`Searcher::draws_off_table`). Master only: Hard's figures were measured without.
    pub fn keeps_draws_off_table(self) -> bool {
        self == Level::Master
    }

    /// Whether the level plays the first of equal moves, the one its search ordered first
    /// (`think_reporting`), instead of any of them. Master only: the others vary.
    pub fn takes_first_of_equals(self) -> bool {
        self == Level::Master
    }

    /// The size of the level's table in MB (Easy's is a token one).
    pub fn table_mb(self) -> u64 {
        (1u64 << self.table_bits()) >> MB_BITS
    }

    fn table_bits(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Medium => 16,
            Level::Hard => 20,
            Level::Master => 22,
        }
    }
}

/// The stack of a helper search thread: the search recurses up to 128 plies deep.
pub(crate) const SEARCH_STACK: usize = 8 << 20;

/// The threads a search may use on this machine: one per core, at most eight.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).min(8)
}

/// The moves of each side a game is expected to last after its placements, for sharing a
/// clock: Master's games against Sanmill lasted 55 plies on average, about 18 moves a side
/// after the placing phase (README "Against Sanmill").
const MOVES_AFTER_PLACING: u32 = 20;

/// Placements keep this many shares of the clock for the moving phase.
const SHARES_KEPT_FOR_MOVING: u32 = 2;

/// The think time of one move on a game clock: `left` on the side's clock now,
/// `increment` added after each of its moves. The increment is spent every move; what is
/// on the clock goes mostly into the placements (shared among those left, with two shares
/// kept for the moving phase), because the placing phase is where Master's lost games
/// were lost and where the branching is widest, and afterwards slowly, over the moves a
/// game still lasts. Never more than three quarters of the clock: the increment only
/// comes after the move.
pub fn time_from_clock(game: &Game, left: Duration, increment: Duration) -> Duration {
    let pos = game.position();
    let in_hand = pos.in_hand[pos.side.index()] as u32;
    let shares = if in_hand > 0 { in_hand + SHARES_KEPT_FOR_MOVING } else { MOVES_AFTER_PLACING };
    (increment + left / shares).min(left * 3 / 4)
}

/// How many times its share of the clock a placement may think while its choice is
/// unsettled (`Limits::unsettled_time`).
const UNSETTLED_SHARES: u32 = 2;

/// The limits of one move on a game clock: `time_from_clock`, and while placing, up to
/// twice that (never more than three quarters of the clock) while the search's choice is
/// unsettled. Only the placements: that is where it was measured (README "Against
/// Sanmill"), and the moving phase keeps its share of the clock.
pub fn limits_from_clock(game: &Game, left: Duration, increment: Duration) -> Limits {
    let time = time_from_clock(game, left, increment);
    let pos = game.position();
    let placing = pos.in_hand[pos.side.index()] > 0;
    let unsettled_time = placing.then(|| (time * UNSETTLED_SHARES).min(left * 3 / 4));
    Limits { time: Some(time), unsettled_time, ..Limits::default() }
}

/// What `think` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    pub best: Move,
    /// The completed iterations (empty for Easy).
    pub iterations: Vec<Iteration>,
}

/// What a computer player keeps from one move to the next: its transposition table, so
/// that each search starts from what the earlier ones learnt (and the table is not
/// allocated anew each move). A cache only: losing it costs depth, never correctness.
#[derive(Default)]
pub struct Memory {
    table: Option<tt::Table>,
    /// The table's size as a power of two when it is not the level's own
    /// (`Memory::with_table_mb`).
    bits: Option<u32>,
}

/// The table sizes a player may ask for, in MB: from 1 MB to 4 GB.
pub const TABLE_MB: std::ops::RangeInclusive<u64> = 1..=4096;

impl Memory {
    /// A memory whose table for Hard and Master takes `mb` MB (rounded down to a power of
    /// two; `TABLE_MB`) instead of the level's own size (`Level::table_mb`), allocated at
    /// once, so that the first search does not spend its time on it. Medium and Easy
    /// keep their own tables: they search the same with any memory.
    pub fn with_table_mb(mb: u64) -> Result<Memory, String> {
        Memory::table_bits_for(mb).map(Memory::with_table_bits)
    }

    /// The table's size as a power of two for `mb` MB, or why `mb` is refused.
    pub(crate) fn table_bits_for(mb: u64) -> Result<u32, String> {
        if !TABLE_MB.contains(&mb) {
            return Err(format!("a table of {mb} MB: it takes {} to {} MB", TABLE_MB.start(), TABLE_MB.end()));
        }
        Ok(mb.ilog2() + MB_BITS)
    }

    /// `with_table_mb` for a size already checked by `table_bits_for`.
    pub(crate) fn with_table_bits(bits: u32) -> Memory {
        Memory { table: Some(tt::Table::new(bits)), bits: Some(bits) }
    }

    fn table(&mut self, level_bits: u32) -> tt::Table {
        let bits = self.bits.unwrap_or(level_bits);
        match self.table.take() {
            Some(t) if t.bits() == bits => t,
            _ => tt::Table::new(bits),
        }
    }
}

/// A table of 2^(`MB_BITS` + k) entries of 16 bytes takes 2^k MB.
const MB_BITS: u32 = 16;

/// Chooses a move for the side to move, or `None` if the game is over. Deterministic for
/// a given seed when `limits` has no time limit. Raising `stop` ends the search within a
/// few milliseconds with the best move found so far.
pub fn think(game: &Game, level: Level, limits: Limits, seed: u64, stop: &AtomicBool) -> Option<Thought> {
    think_with(&mut Memory::default(), game, level, limits, seed, stop)
}

/// `think` for a player that keeps its `memory` between moves: stronger in the same time,
/// but a move then depends on the searches before it as well as on the seed.
pub fn think_with(
    memory: &mut Memory,
    game: &Game,
    level: Level,
    limits: Limits,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Thought> {
    think_reporting(memory, game, level, limits, seed, stop, &mut |_| {})
}

/// `think_with` that also hands each completed iteration to `report` as it completes
/// (the engine protocol prints them while the search goes on).
pub fn think_reporting(
    memory: &mut Memory,
    game: &Game,
    level: Level,
    limits: Limits,
    seed: u64,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Iteration),
) -> Option<Thought> {
    if game.status() != Status::Ongoing {
        return None;
    }
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(seed);
    if level == Level::Easy {
        return easy(game, &mut rng).map(|best| Thought { best, iterations: Vec::new() });
    }
    let timed_only = limits.time.is_some() && limits.depth.is_none() && limits.nodes.is_none();
    // Master plays its first placements from the book when it has time to spend: a search
    // limited by depth or nodes is asked for that search (tests, the book's own build).
    if level == Level::Master
        && timed_only
        && let Some(entry) = book::shipped().probe(game)
    {
        let iteration = Iteration {
            depth: entry.depth,
            partial: false,
            book: true,
            score: entry.score,
            nodes: 0,
            elapsed: started.elapsed(),
            pv: vec![entry.best],
            root: vec![(entry.best, entry.score)],
        };
        report(&iteration);
        return Some(Thought { best: entry.best, iterations: vec![iteration] });
    }
    // Medium looks four plies ahead and no further, so it starts afresh every move.
    let remembers = matches!(level, Level::Hard | Level::Master);
    let table = if remembers { memory.table(level.table_bits()) } else { tt::Table::new(level.table_bits()) };
    table.new_search();
    let tables = if !level.knows_endgame() {
        None
    } else if limits.time.is_none() {
        // A search limited by depth or nodes promises the same move for the same seed, so
        // it must not depend on whether a solve in the background has finished: it solves
        // the tables it needs first and uses no others.
        tables::solve_before_search(game.rules(), game.position())
    } else {
        tables::prepare(game);
        tables::ready(game.rules())
    };
    let searcher = |stop| {
        let mut s = search::Searcher::new(game.rules(), &table, stop);
        s.contempt = level.contempt();
        s.weights = level.weights();
        s.tables = tables.clone();
        s.extend_cramped = level.extends_cramped();
        s.draws_off_table = level.keeps_draws_off_table();
        s
    };
    let helpers = if timed_only { limits.threads.saturating_sub(1) } else { 0 };
    // Helpers stop when the main search does; they only feed the shared table.
    let helpers_stop = AtomicBool::new(false);
    let mut iterations = Vec::new();
    let last = std::thread::scope(|scope| {
        for k in 0..helpers {
            let mut helper = searcher(&helpers_stop);
            helper.depth_offset = 1 + k as u32 % 2;
            let unlimited = Limits { time: None, unsettled_time: None, ..limits };
            let spawned = std::thread::Builder::new()
                .name(format!("search helper {k}"))
                .stack_size(SEARCH_STACK)
                .spawn_scoped(scope, move || helper.think(game, unlimited, started, 0, &mut |_| {}));
            // A thread the system will not give is strength lost, not an error.
            if spawned.is_err() {
                break;
            }
        }
        let last = searcher(stop).think(game, limits, started, level.margin(), &mut |it| {
            report(it);
            iterations.push(it.clone());
        });
        helpers_stop.store(true, Ordering::Relaxed);
        last
    });
    if remembers {
        memory.table = Some(table);
    }
    let last = last?;
    let best_score = last.root[0].1;
    // A forced win is taken by the quickest route; otherwise any move within the margin.
    let margin = if best_score.abs() > search::WIN_BOUND || last.depth == 0 { 0 } else { level.margin() };
    // Master takes the first of equal moves, not any: the root keeps the previous
    // iteration's order among equal scores, so the first is the one that scored best at
    // the shallower depths. In the game Master lost at seed 95026 (README "Against
    // Sanmill") its last placement's `c3` and `e5` both scored 0 at depths 18 and 19, `c3`
    // first since depth 12; at depth 20 `e5` is a piece and a half worse, and a pick among
    // the two played it. An iteration cut short plays the move that beat the previous
    // best (`Searcher::overtaken`).
    let candidates: Vec<Move> = if margin == 0 && (last.partial || level.takes_first_of_equals()) {
        vec![last.pv[0]]
    } else {
        last.root.iter().filter(|&&(_, s)| s >= best_score - margin).map(|&(m, _)| m).collect()
    };
    let best = candidates[rng.random_range(0..candidates.len())];
    Some(Thought { best, iterations })
}

/// Easy: closes a mill whenever it can, otherwise plays at random. Its only other care is
/// the draw rules: it avoids a drawing move when ahead and takes one when behind.
fn easy(game: &Game, rng: &mut StdRng) -> Option<Move> {
    let moves = game.legal_moves();
    let all: Vec<Move> = moves.iter().copied().collect();
    if all.is_empty() {
        return None;
    }
    let mills: Vec<Move> = all.iter().copied().filter(|m| m.captures()).collect();
    let pool = if mills.is_empty() { all } else { mills };
    let pos = game.position();
    let lead = pos.pieces(pos.side) as i32 - pos.pieces(pos.side.opponent()) as i32;
    let draws = |m: &Move| {
        let mut g = game.clone();
        g.push(*m);
        matches!(g.status(), Status::Draw(_))
    };
    let preferred: Vec<Move> = match lead.signum() {
        1 => pool.iter().copied().filter(|m| !draws(m)).collect(),
        -1 => pool.iter().copied().filter(|m| draws(m)).collect(),
        _ => Vec::new(),
    };
    let pool = if preferred.is_empty() { pool } else { preferred };
    Some(pool[rng.random_range(0..pool.len())])
}
