//! Negamax alpha-beta with principal variation search, iterative deepening, a
//! transposition table, killer and history move ordering, late move reductions and a
//! capture-only quiescence search. Draws by repetition and the 50-move rule score zero, so
//! the side that is ahead avoids them and the side that is behind seeks them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use std::sync::Arc;

use super::endgame::Value;
use super::eval::{Weights, evaluate};
use super::tables::Tables;
use super::tt::{Bound, Table};
use crate::rules::game::same_position;
use crate::rules::movegen::{self, MoveList};
use crate::rules::position::{Colour, Move, NO_POINT, Position};
use crate::rules::variant::Variant;
use crate::rules::{Game, Rules};

pub const WIN: i32 = 30_000;
/// Scores beyond this are forced wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
const MAX_QUIESCENCE: i32 = 4;
const ASPIRATION: i32 = 40;

/// As the 50-move count runs out without a capture, an advantage is worth less and less:
/// the side that is ahead is pushed to make progress before the draw.
fn fade_towards_fifty(score: i32, quiet_plies: u16) -> i32 {
    let q = quiet_plies.min(50) as i32;
    if q <= 20 { score } else { score * (70 - q) / 50 }
}

/// When a search stops on its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub time: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Threads searching together (0 and 1 both mean one). Only a search limited by time
    /// alone uses more than one: helper threads make the result depend on timing, and
    /// depth or node limits promise a reproducible move.
    pub threads: usize,
    /// The limits instead of `time` and `nodes` while the last completed iteration chose
    /// another move than the one before it, or while the iteration under way has found the
    /// previous best move fallen below both iterations before, or another move failing high
    /// against it until that move's exact score is known (`None`: the same). An
    /// unsettled choice is where a placement slides: of 720 placing positions searched to
    /// 8 M nodes, 22 were unsettled at the limit, and searching those on to 16 M (2 % more
    /// nodes in all) took the placements that give away half a piece or more from 13 to 9;
    /// on 300 others, adding the fall took them from 8 to 6 for 4 % more time (README
    /// "Against Sanmill").
    pub unsettled_time: Option<Duration>,
    pub unsettled_nodes: Option<u64>,
}

/// What one iteration found: a completed one, or the end of one the limits cut short
/// after a move beat the previous best (`partial`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    /// Cut short: only the root moves searched before the limit have this depth's
    /// scores (one whose exact search was cut, the bound it failed high by); the others
    /// are listed last at `-INF`.
    pub partial: bool,
    /// Not searched now: the opening book's entry (`book.rs`), from a search this deep.
    pub book: bool,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
    /// Root moves with their exact scores where known: every move scoring within the
    /// root margin of the best has one.
    pub root: Vec<(Move, i32)>,
}

pub struct Searcher<'a> {
    variant: &'static Variant,
    flying: bool,
    tt: &'a Table,
    killers: [[Move; 2]; MAX_PLY],
    history: Box<[[[i32; 24]; 25]; 2]>,
    /// One move list and one array of ordering keys per ply, reused by every node at that
    /// ply (building a fresh 768-move list per node cost a fifth of the search time).
    lists: Vec<MoveList>,
    keys: Vec<[i32; movegen::MAX_MOVES]>,
    /// Hashes and positions of the game since its last capture, then the search path.
    path: Vec<Position>,
    nodes: u64,
    stop: &'a AtomicBool,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// `Limits::unsettled_time` and `unsettled_nodes`, or the plain limits where those are
    /// not set.
    unsettled_deadline: Option<Instant>,
    unsettled_node_limit: Option<u64>,
    /// Whether the last completed iteration changed the best move, or the iteration under
    /// way found the previous best move's score fallen or another move at least as good
    /// (`root_search`): the unsettled limits apply.
    unsettled: bool,
    /// The side the search chooses a move for.
    root_side: Colour,
    /// What a draw costs that side (see `draw_score`).
    pub contempt: i32,
    /// The evaluation's level-dependent weights.
    pub weights: Weights,
    /// The node count at which the limits and the stop flag are next looked at.
    next_check: u64,
    aborted: bool,
    /// Whether an iteration has completed: the time limit only ends a search after the
    /// first, so that even a search whose budget went on setting up answers from depth 1.
    answered: bool,
    /// The exact endgame tables (up to four pieces a side), when the level may use them.
    pub tables: Option<Arc<Tables>>,
    /// How many plies deeper than the iteration number this searcher looks: helper
    /// threads run ahead of the main one, so that they fill the shared table with the
    /// results its next iteration needs instead of repeating its work.
    pub depth_offset: u32,
    /// Whether a side with at most `CRAMPED_MOVES` slides searches one ply deeper.
    pub extend_cramped: bool,
    /// Whether a node scoring exactly a draw keeps that score out of the table (its move
    /// still orders the next search). A repetition is a draw on one path only, and the
    /// table is shared by every path: stored as the position's value, the draw cut off the
    /// same position reached where it repeats nothing. In Master's lost game against
    /// Sanmill (README "Against Sanmill") that hid White's winning squeeze until depth 18
    /// and Black's one holding move until depth 20; without the stored draws, depths 14
    /// and 16.
    pub draws_off_table: bool,
    /// The depth of the current iteration: extensions stop at twice it.
    root_depth: i32,
    /// Extensions on the path from the root to the current node.
    extended: u32,
    /// The root moves an aborted iteration completed, with their scores, in search order
    /// (the previous best first).
    completed: Vec<(Move, i32)>,
    /// The move after them, if it failed high on its null window and the limits then cut
    /// its exact search: with the null window's result, a bound below its score.
    cut: Option<(Move, i32)>,
}

/// A side with this few slides is close to being blockaded: its nodes are cheap (two
/// children) and a blockade only shows at the end of a long forced line, so such nodes
/// do not count against the depth. Without it Master's lost games against Sanmill were
/// blockades its search saw a few plies too late.
const CRAMPED_MOVES: usize = 2;

/// The most cramped extensions on one path: each costs about the branching factor of the
/// side that closes in, and uncapped they made some iterations explode.
const MAX_EXTENSIONS: u32 = 4;

/// The placements of a side searched without null moves.
const LAST_PLACEMENTS: u8 = 3;

const NO_MOVE: Move = Move { from: NO_POINT, to: NO_POINT, capture: NO_POINT };

impl<'a> Searcher<'a> {
    /// A searcher using `tt`, fresh or kept from an earlier search, and perhaps shared
    /// with other searchers of the same position on other threads.
    pub fn new(rules: Rules, tt: &'a Table, stop: &'a AtomicBool) -> Self {
        Searcher {
            variant: rules.board(),
            flying: rules.flying,
            tt,
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: Box::new([[[0; 24]; 25]; 2]),
            lists: vec![MoveList::new(); MAX_PLY + MAX_QUIESCENCE as usize + 2],
            keys: vec![[0; movegen::MAX_MOVES]; MAX_PLY + 1],
            path: Vec::with_capacity(256),
            nodes: 0,
            stop,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            unsettled_deadline: None,
            unsettled_node_limit: None,
            unsettled: false,
            next_check: 0,
            root_side: Colour::White,
            contempt: 15,
            weights: Weights::STANDARD,
            aborted: false,
            answered: false,
            tables: None,
            depth_offset: 0,
            extend_cramped: false,
            draws_off_table: false,
            root_depth: 0,
            extended: 0,
            completed: Vec::new(),
            cut: None,
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Iterative deepening from the game's current position. The time limit counts from
    /// `started` (the caller's clock, so that setting up, such as allocating the table,
    /// is inside the budget). `margin` widens the root window so that every move within
    /// `margin` of the best gets an exact score. `report` sees each completed iteration,
    /// and the partial one that ends the search if it found a better move (`overtaken`).
    /// Returns the last of them, or `None` when the side to move has no legal move.
    pub fn think(
        &mut self,
        game: &Game,
        limits: Limits,
        started: Instant,
        margin: i32,
        report: &mut dyn FnMut(&Iteration),
    ) -> Option<Iteration> {
        self.start = started;
        self.deadline = limits.time.map(|t| self.start + t);
        self.node_limit = limits.nodes;
        self.unsettled_deadline = limits.unsettled_time.map(|t| self.start + t).or(self.deadline);
        self.unsettled_node_limit = limits.unsettled_nodes.or(self.node_limit);
        self.unsettled = false;
        self.nodes = 0;
        self.next_check = 0;
        self.aborted = false;
        self.answered = false;
        let pos = *game.position();
        self.root_side = pos.side;
        let window = (pos.quiet_plies as usize + 1).min(game.history().len());
        self.path.clear();
        if pos.placing_done() {
            self.path.extend_from_slice(&game.history()[game.history().len() - window..game.history().len() - 1]);
        }
        let mut root: Vec<(Move, i32)> = game.legal_moves().iter().map(|&m| (m, 0)).collect();
        if root.is_empty() {
            return None;
        }
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 8).clamp(1, MAX_PLY as u32 - 8);
        let mut last: Option<Iteration> = None;
        // The score of the completed iteration before `last`.
        let mut before_last: Option<i32> = None;
        for depth in 1..=max_depth {
            let searched = (depth + self.depth_offset) as i32;
            let guess = last.as_ref().map(|l| l.score);
            let fell_below = guess.zip(before_last).map(|(a, b)| a.min(b) - ASPIRATION);
            let Some(done) = self.root_search(&pos, &mut root, searched, margin, guess, fell_below) else {
                if let Some(cut) = self.overtaken(&pos, &root, depth) {
                    report(&cut);
                    last = Some(cut);
                }
                break;
            };
            let iteration = Iteration {
                depth,
                partial: false,
                book: false,
                score: done,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: self.principal_variation(&pos, root[0].0, depth as usize),
                root: root.clone(),
            };
            report(&iteration);
            self.answered = true;
            self.unsettled = last.as_ref().is_some_and(|l| l.pv.first() != iteration.pv.first());
            before_last = guess;
            last = Some(iteration);
            let forced = done.abs() > WIN_BOUND;
            if root.len() == 1 || forced && depth as i32 > WIN - done.abs() {
                break;
            }
        }
        // Depth 1 always completes (the time limit waits for it) unless the stop flag was
        // raised or the node limit reached at once: even then the answer is a legal move.
        Some(last.unwrap_or_else(|| Iteration {
            depth: 0,
            partial: false,
            book: false,
            score: 0,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            pv: vec![root[0].0],
            root,
        }))
    }

    /// One iteration over the root moves; `None` if it was aborted. Sorts `root` best first.
    /// `guess` is the last iteration's score; if the previous best move scores `fell_below`
    /// or less, the choice is unsettled (`Searcher::unsettled`).
    fn root_search(
        &mut self,
        pos: &Position,
        root: &mut [(Move, i32)],
        depth: i32,
        margin: i32,
        guess: Option<i32>,
        fell_below: Option<i32>,
    ) -> Option<i32> {
        self.root_depth = depth;
        self.extended = 0;
        self.completed.clear();
        self.cut = None;
        let mut best = -INF;
        let mut scores: Vec<i32> = Vec::with_capacity(root.len());
        self.path.push(*pos);
        for (i, &(m, _)) in root.iter().enumerate() {
            let child = pos.play(m);
            let floor = if best == -INF { -INF } else { best - margin - 1 };
            let score = if i == 0 {
                // Aspiration: the previous iteration's score is usually close.
                let s = match guess {
                    Some(g) if g.abs() < WIN_BOUND => {
                        -self.search(&child, depth - 1, -(g + ASPIRATION), -(g - ASPIRATION), 1)
                    }
                    _ => -INF,
                };
                if s <= guess.unwrap_or(0) - ASPIRATION || s >= guess.unwrap_or(0) + ASPIRATION {
                    -self.search(&child, depth - 1, -INF, INF, 1)
                } else {
                    s
                }
            } else {
                let s = -self.search(&child, depth - 1, -floor - 1, -floor, 1);
                if s > floor && !self.aborted {
                    // At least as good as the previous best: the choice may change in
                    // this iteration, so the unsettled limits apply while the exact score
                    // is searched, and on if it beats the previous best.
                    let settled = !self.unsettled;
                    if s >= scores[0] {
                        self.unsettled = true;
                    }
                    let exact = -self.search(&child, depth - 1, -INF, -floor, 1);
                    if self.aborted {
                        self.cut = Some((m, s));
                    } else if settled && exact <= scores[0] {
                        self.unsettled = false;
                    }
                    exact
                } else {
                    s
                }
            };
            if self.aborted {
                self.path.pop();
                self.completed = root.iter().zip(scores).map(|(&(m, _), s)| (m, s)).collect();
                return None;
            }
            // The previous best fell by the aspiration window below the scores of both
            // iterations before (both: they swing with the parity of the depth while
            // placing): a slide seen only at this depth, whose answer, if there is one, is
            // among the moves still to search. The game Master lost as Black at seed 47026
            // (README "Against Sanmill") was such a slide at its tenth ply.
            if i == 0 && fell_below.is_some_and(|f| f.abs() < WIN_BOUND && score <= f) {
                self.unsettled = true;
            }
            // A move that failed low has an upper bound at or below `floor`: below every
            // candidate, which is all the selection needs.
            scores.push(score);
            best = best.max(score);
        }
        self.path.pop();
        for (entry, s) in root.iter_mut().zip(scores) {
            entry.1 = s;
        }
        // Stable: equal scores keep the previous iteration's order.
        root.sort_by_key(|&(_, s)| -s);
        self.tt.store(pos.hash, root[0].0, root[0].1, depth, Bound::Exact);
        Some(best)
    }

    /// What an iteration cut short by the limits still tells: once the previous best move
    /// has its score at the new depth, a move that scored above it is better at that
    /// depth. The last iteration takes most of the time, and its first move's score is
    /// where a blockade or a lost piece beyond the previous horizon shows; without this the
    /// better move found in that time was thrown away with the iteration. `None` when the
    /// previous best is still the best known.
    fn overtaken(&mut self, pos: &Position, root: &[(Move, i32)], depth: u32) -> Option<Iteration> {
        let mut scored = std::mem::take(&mut self.completed);
        let &(_, first) = scored.first()?;
        // Scores after the first are exact where above the floor, which the best one is.
        // A move whose exact search was cut is at least as good as its bound: it beats
        // the previous best only when that bound is above the previous best's score, as
        // an exact score must be. A bound that ties shows no more than an equal move (the
        // null window, with no margin, is the previous best's score), and a completed
        // iteration keeps the previous best among equals; in the game Master lost at
        // seed 95026 (README "Against Sanmill") such a tie, cut at depth 20, played the
        // last placement `e5`, a piece and a half worse than the `c3` depth 20 keeps.
        let cut = self.cut.take().filter(|&(_, s)| s > first);
        let &(best, score) = scored.iter().filter(|&&(_, s)| s > first).chain(&cut).max_by_key(|&&(_, s)| s)?;
        scored.extend(cut);
        let searched = scored.len();
        // The move that beat the previous best first, before any that tie with it.
        scored.sort_by_key(|&(m, s)| (-s, m != best));
        scored.extend(root[searched..].iter().map(|&(m, _)| (m, -INF)));
        Some(Iteration {
            depth,
            partial: true,
            book: false,
            score,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            pv: self.principal_variation(pos, best, depth as usize),
            root: scored,
        })
    }

    fn principal_variation(&self, pos: &Position, first: Move, max: usize) -> Vec<Move> {
        let mut pv = vec![first];
        let mut p = pos.play(first);
        while pv.len() < max {
            let Some(e) = self.tt.probe(p.hash) else {
                break;
            };
            let mut list = MoveList::new();
            movegen::generate(&p, self.variant, self.flying, &mut list);
            if !list.contains(&e.best) {
                break;
            }
            pv.push(e.best);
            p = p.play(e.best);
        }
        pv
    }

    #[inline]
    fn check_limits(&mut self) {
        // Every 1024 nodes or so: the quiescence search counts nodes too, so the count can
        // jump past any exact multiple.
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            let (deadline, node_limit) = if self.unsettled {
                (self.unsettled_deadline, self.unsettled_node_limit)
            } else {
                (self.deadline, self.node_limit)
            };
            let late = self.answered && deadline.is_some_and(|d| Instant::now() >= d);
            let spent = node_limit.is_some_and(|n| self.nodes >= n);
            if late || spent || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
    }

    /// A draw is worth a little less than nothing to the side the search plays for: an
    /// even position is played on rather than drawn, while a lost one still takes the draw.
    fn draw_score(&self, pos: &Position) -> i32 {
        if pos.side == self.root_side { -self.contempt } else { self.contempt }
    }

    /// Draw by the 50-move rule or by a repetition on the path (a repetition is scored as
    /// the draw it leads to).
    fn is_draw(&self, pos: &Position) -> bool {
        if !pos.placing_done() {
            return false;
        }
        if pos.quiet_plies >= 50 {
            return true;
        }
        let lookback = pos.quiet_plies as usize;
        let n = self.path.len();
        let mut i = 2;
        while i <= lookback && i <= n {
            if same_position(&self.path[n - i], pos) {
                return true;
            }
            i += 2;
        }
        false
    }

    /// The exact score of a solved endgame position, as a win or loss at its distance.
    #[inline]
    fn endgame_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        let value = self.tables.as_ref()?.value_in(pos)?;
        Some(match value {
            Value::Win { plies } => WIN - ply as i32 - plies as i32,
            Value::Loss { plies } => -(WIN - ply as i32 - plies as i32),
            Value::Draw => self.draw_score(pos),
        })
    }

    fn search(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.search_node(pos, depth, alpha, beta, ply, true)
    }

    fn search_node(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        if depth > 0 {
            // The probe below comes after the checks for the end of the game.
            self.tt.prefetch(pos.hash);
        }
        self.nodes += 1;
        self.check_limits();
        if self.aborted {
            return 0;
        }
        if movegen::too_few_pieces(pos) {
            return -(WIN - ply as i32);
        }
        if !movegen::has_move(pos, self.variant, self.flying) {
            return if pos.board_full(self.variant) { self.draw_score(pos) } else { -(WIN - ply as i32) };
        }
        if self.is_draw(pos) {
            return self.draw_score(pos);
        }
        if let Some(exact) = self.endgame_score(pos, ply) {
            return exact;
        }
        if depth <= 0 || ply >= MAX_PLY - 4 {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        let original_alpha = alpha;
        let pv_node = beta - alpha > 1;
        let prunable = !pv_node && beta.abs() < WIN_BOUND;
        // The static value before the table's answer: it needs none of it, and the
        // processor computes it while the probe waits for memory.
        let stand = if prunable { evaluate(pos, self.variant, self.flying, self.weights) } else { 0 };
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(pos.hash) {
            tt_move = e.best;
            if e.depth as i32 >= depth && !pv_node {
                let s = from_tt(e.score as i32, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
            // The hash move is searched first: ask for its child's entry now, so that the
            // memory fetch overlaps this node's move generation and ordering instead of
            // stalling the child (the probe's wait was the search's largest single cost).
            // Only a move this position can play: an entry may be another position's.
            let us = pos.side.index();
            let playable = match tt_move.from {
                NO_POINT => pos.in_hand[us] > 0,
                from => pos.board[us] & (1 << from) != 0,
            };
            if depth > 1 && tt_move.to != NO_POINT && playable {
                self.tt.prefetch(pos.play(tt_move).hash);
            }
        }
        if prunable {
            // Reverse futility: far above beta with little depth left, and no mill of the
            // opponent's to be closed next move.
            if depth <= 3
                && stand - 90 * depth >= beta
                && movegen::mill_gaps(pos, self.variant, pos.side.opponent()) == 0
            {
                return stand;
            }
            // Null move while placing, where a free placement is never a disadvantage, but
            // not in the side's last placements: there the blockade of the moving phase
            // is set up, and a pass searched shallower hides it (Master's lost game against
            // Sanmill, seed 2026, game 19: the null move cut off the placement that
            // blockades in 15 plies).
            if allow_null && depth >= 3 && stand >= beta && pos.in_hand[pos.side.index()] > LAST_PLACEMENTS {
                let mut passed = *pos;
                passed.side = pos.side.opponent();
                passed.hash ^= crate::rules::zobrist::KEYS.black_to_move;
                self.path.push(*pos);
                let r = 2 + depth / 4;
                let score = -self.search_node(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score > WIN_BOUND { beta } else { score };
                }
            }
        }
        movegen::generate(pos, self.variant, self.flying, &mut self.lists[ply]);
        self.order_keys(pos, tt_move, ply);
        let n = self.lists[ply].len();
        let extension = (self.extend_cramped
            && n <= CRAMPED_MOVES
            && self.extended < MAX_EXTENSIONS
            && pos.placing_done()
            && !pos.can_fly(pos.side, self.flying)
            && (ply as i32) < 2 * self.root_depth) as i32;
        let depth = depth + extension;
        self.extended += extension as u32;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        self.path.push(*pos);
        for i in 0..n {
            // Pick the best remaining move: most nodes cut off after one or two moves, so a
            // full sort would be wasted work.
            let (m, key) = self.pick(ply, i, n);
            let child = pos.play(m);
            let quiet = key < KILLER_2;
            let mut score;
            if i == 0 {
                score = -self.search_node(&child, depth - 1, -beta, -alpha, ply + 1, true);
            } else {
                let reduction = if quiet && depth >= 3 && i >= 2 {
                    (LMR[depth.min(63) as usize][i.min(63)] - pv_node as i32).clamp(0, depth - 2)
                } else {
                    0
                };
                score = -self.search_node(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.search_node(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.search_node(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            if self.aborted {
                self.path.pop();
                self.extended -= extension as u32;
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    if quiet {
                        let k = &mut self.killers[ply];
                        if k[0] != m {
                            k[1] = k[0];
                            k[0] = m;
                        }
                        let side = pos.side.index();
                        let from = if m.from == NO_POINT { 24 } else { m.from as usize };
                        self.history[side][from][m.to as usize] += depth * depth;
                    }
                    break;
                }
            }
        }
        self.path.pop();
        self.extended -= extension as u32;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Depth 0 entries give the move but never a cut-off: every probe is at depth 1 or more.
        let kept = if self.draws_off_table && best == self.draw_score(pos) { 0 } else { depth };
        self.tt.store(pos.hash, best_move, to_tt(best, ply), kept, bound);
        best
    }

    /// Moves the best-keyed of the moves `i..n` at `ply` to place `i` and returns it.
    #[inline]
    fn pick(&mut self, ply: usize, i: usize, n: usize) -> (Move, i32) {
        let keys = &mut self.keys[ply];
        let mut top = i;
        for j in i + 1..n {
            if keys[j] > keys[top] {
                top = j;
            }
        }
        keys.swap(i, top);
        let moves = self.lists[ply].as_mut_slice();
        moves.swap(i, top);
        (moves[i], keys[i])
    }

    /// Stand pat or close a mill: captures change the material, so the static value is
    /// only trusted once no capture is pending for the side to move.
    fn quiescence(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qdepth: i32) -> i32 {
        if let Some(exact) = self.endgame_score(pos, ply) {
            return exact;
        }
        let stand = fade_towards_fifty(evaluate(pos, self.variant, self.flying, self.weights), pos.quiet_plies);
        if stand >= beta || qdepth >= MAX_QUIESCENCE {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let slot = ply.min(MAX_PLY) + qdepth as usize + 1;
        movegen::generate_captures(pos, self.variant, self.flying, &mut self.lists[slot]);
        for i in 0..self.lists[slot].len() {
            let m = self.lists[slot].as_slice()[i];
            let child = pos.play(m);
            self.nodes += 1;
            let score = if movegen::too_few_pieces(&child) {
                WIN - ply as i32 - 1
            } else if !movegen::has_move(&child, self.variant, self.flying) {
                if child.board_full(self.variant) { -self.draw_score(&child) } else { WIN - ply as i32 - 1 }
            } else {
                -self.quiescence(&child, -beta, -alpha, ply + 1, qdepth + 1)
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The ordering key of every move: hash move, captures (of pieces that threaten a
    /// mill first), blocks of the opponent's mills, killers, then history.
    fn order_keys(&mut self, pos: &Position, tt_move: Move, ply: usize) {
        // The opponent's open twos: their empty points are blocks, and their pieces are the
        // captures that break a mill threat.
        let (theirs, ours) = (pos.board[pos.side.opponent().index()], pos.board[pos.side.index()]);
        let open = self.variant.points_of_mills(self.variant.open_twos(theirs, ours));
        let gaps = open & !theirs;
        let threats = open & theirs;
        let side = pos.side.index();
        let killers = self.killers[ply];
        let history = &self.history[side];
        for (key, &m) in self.keys[ply].iter_mut().zip(self.lists[ply].iter()) {
            *key = if m == tt_move {
                TT_MOVE
            } else if m.captures() {
                CAPTURE + (threats & (1 << m.capture) != 0) as i32 * 10
            } else if gaps & (1 << m.to) != 0 {
                BLOCK
            } else if m == killers[0] {
                KILLER_1
            } else if m == killers[1] {
                KILLER_2
            } else {
                let from = if m.from == NO_POINT { 24 } else { m.from as usize };
                history[from][m.to as usize].min(KILLER_2 - 1)
            };
        }
    }
}

/// Late move reductions by depth and move number: the usual logarithmic table.
static LMR: std::sync::LazyLock<[[i32; 64]; 64]> = std::sync::LazyLock::new(|| {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + (d as f64).ln() * (i as f64).ln() / 2.0) as i32;
        }
    }
    t
});

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const BLOCK: i32 = 1 << 23;
const KILLER_1: i32 = 1 << 22;
const KILLER_2: i32 = 1 << 21;

/// Mate scores are stored relative to the node so that they stay right at another ply.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
