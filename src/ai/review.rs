//! Grading the moves of a game from the computer's point of view: each position before a
//! move is searched for the best move and its score, the position after the move played
//! for the score the move kept; how much the score drops grades the move. A forced win
//! the search proves (the solved endgame at its leaves included) that the move lets go
//! is "throws away the win"; a level position left for a proven loss is "throws away the
//! draw". The search is Master's on one thread, for a fixed time a position.

use std::sync::atomic::{AtomicBool, Ordering};

use super::search::{WIN, WIN_BOUND};
use super::{Level, Limits, think};
use crate::rules::{Game, Move, Status};

/// From the best to the worst: `grade >= Grade::Mistake` is a mistake or worse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Grade {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// A proven win was there and the move lets it go.
    ThrowsWin,
    /// A level position and the move leaves a proven loss.
    ThrowsDraw,
}

impl Grade {
    /// A blunder, or one of its exact kinds (a proven win or draw let go).
    pub fn is_blunder(self) -> bool {
        matches!(self, Grade::Blunder | Grade::ThrowsWin | Grade::ThrowsDraw)
    }

    pub fn name(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
            Grade::ThrowsWin => "throws-away-the-win",
            Grade::ThrowsDraw => "throws-away-the-draw",
        }
    }
}

/// The drops (hundredths of a piece) that end each grade: up to 10 is as good as the best,
/// then good, inaccuracy, mistake; more than 250 (two and a half pieces) is a blunder.
const BEST: i32 = 10;
const GOOD: i32 = 40;
const INACCURACY: i32 = 100;
const MISTAKE: i32 = 250;

/// The grade of a move that scores `played` where the best scores `best` (both from the
/// mover's side).
pub fn grade(best: i32, played: i32) -> Grade {
    if best > WIN_BOUND && played <= WIN_BOUND {
        return Grade::ThrowsWin;
    }
    if best.abs() <= BEST && played < -WIN_BOUND {
        return Grade::ThrowsDraw;
    }
    match best - played {
        d if d <= BEST => Grade::Best,
        d if d <= GOOD => Grade::Good,
        d if d <= INACCURACY => Grade::Inaccuracy,
        d if d <= MISTAKE => Grade::Mistake,
        _ => Grade::Blunder,
    }
}

/// One move of the game, reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    pub played: Move,
    pub grade: Grade,
    /// The better move, when the played one was not as good as the best.
    pub better: Option<Move>,
    /// The evaluation after the move, from White's side: hundredths of a piece, or a
    /// proven result (beyond `WIN_BOUND`).
    pub eval: i32,
}

/// The best move and its score (the mover's side), or the result of a finished game.
fn search(game: &Game, limits: Limits, stop: &AtomicBool) -> (Option<Move>, i32) {
    match game.status() {
        Status::Ongoing => {}
        Status::Draw(_) => return (None, 0),
        Status::Win { winner, .. } => return (None, if winner == game.position().side { WIN } else { -WIN }),
    }
    let Some(t) = think(game, Level::Master, limits, 1, stop) else { return (None, 0) };
    let score = t.iterations.last().map_or(0, |i| i.score);
    let best = t.iterations.last().and_then(|i| i.pv.first().copied()).unwrap_or(t.best);
    (Some(best), score)
}

/// Reviews every move of `game` (from its start position), `limits` per search; calls
/// `progress(done, total)` after each move. Stops early (with the moves reviewed so far)
/// when `stop` is raised.
pub fn review(
    game: &Game,
    limits: Limits,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<MoveReview> {
    let mut replay = Game::from_position(game.rules(), *game.start_position());
    let total = game.moves().len();
    let mut out = Vec::with_capacity(total);
    for &played in game.moves() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        out.push(review_move(&replay, played, limits, stop));
        replay.push(played);
        progress(out.len(), total);
    }
    out
}

/// Grades `played` in `game` (a legal move of the side to move), `limits` per search, on
/// one thread: the review of one move, and the learning mode's check before a move.
pub fn review_move(game: &Game, played: Move, limits: Limits, stop: &AtomicBool) -> MoveReview {
    let limits = Limits { threads: 1, ..limits };
    let mover = game.position().side;
    let (best, best_score) = search(game, limits, stop);
    let mut after = game.clone();
    after.push(played);
    let played_score = if best == Some(played) { best_score } else { -search(&after, limits, stop).1 };
    let g = if best == Some(played) { Grade::Best } else { grade(best_score, played_score) };
    let better = best.filter(|&b| b != played && g != Grade::Best);
    let eval = if mover == crate::rules::Colour::White { played_score } else { -played_score };
    MoveReview { played, grade: g, better, eval }
}

/// An evaluation as text: `+0.45` (pieces, White's side) or `+M5` / `-M5` (White / Black
/// wins in that many plies).
pub fn eval_text(eval: i32) -> String {
    if eval.abs() > WIN_BOUND {
        let plies = WIN - eval.abs();
        format!("{}M{plies}", if eval > 0 { '+' } else { '-' })
    } else {
        format!("{:+.2}", eval as f64 / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grades_follow_the_drop_and_proven_results() {
        assert_eq!(grade(50, 45), Grade::Best);
        assert_eq!(grade(50, 20), Grade::Good);
        assert_eq!(grade(50, -40), Grade::Inaccuracy);
        assert_eq!(grade(50, -150), Grade::Mistake);
        assert_eq!(grade(50, -400), Grade::Blunder);
        assert_eq!(grade(WIN - 5, 300), Grade::ThrowsWin);
        assert_eq!(grade(WIN - 5, WIN - 9), Grade::Best, "a slower win is still a win");
        assert_eq!(grade(0, -(WIN - 4)), Grade::ThrowsDraw);
        assert_eq!(grade(200, -(WIN - 4)), Grade::Blunder, "not level before: a blunder, not a thrown draw");
        assert_eq!(eval_text(45), "+0.45");
        assert_eq!(eval_text(-(WIN - 3)), "-M3");
    }
}
