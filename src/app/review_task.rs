//! The review of a finished game, on Bevy's `AsyncComputeTaskPool` like the computer's
//! moves: every move graded (`ai::review`), with a progress count the screen shows as a
//! bar, and a stop flag for Cancel. The frame loop only polls; a cancelled review keeps
//! the moves graded so far.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::model::{AppSet, Command, Session};
use crate::ai::Limits;
use crate::ai::review::{MoveReview, review};
use crate::rules::Game;

/// The search time for each position of a review: two searches a move (the best move,
/// and the move played), so a game of 80 plies takes about half a minute.
pub const REVIEW_TIME: Duration = Duration::from_millis(180);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Review>().add_systems(Update, (handle, poll).chain().in_set(AppSet::Computer));
}

/// The review of one game: running, or done (all its moves or, if cancelled, the first).
#[derive(Resource, Default)]
pub struct Review {
    /// The game reviewed (its id in the history).
    pub id: Option<u64>,
    /// Its moves, and how many are graded so far.
    pub total: usize,
    done: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    task: Option<Task<Vec<MoveReview>>>,
    /// The graded moves, from the first.
    pub moves: Vec<MoveReview>,
}

impl Review {
    pub fn running(&self) -> bool {
        self.task.is_some()
    }

    /// Moves graded so far (while running).
    pub fn progress(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// The review of the game `id`, if there is one (done or not).
    pub fn of(&self, id: u64) -> Option<&Review> {
        (self.id == Some(id)).then_some(self)
    }

    fn start(&mut self, id: u64, game: &Game) {
        // a review still running (of another game, or cancelled) stops
        self.stop.store(true, Ordering::Relaxed);
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let (flag, count) = (stop.clone(), done.clone());
        // the whole game, from its start, whatever move is on screen
        let mut whole = game.clone();
        while whole.redo().is_some() {}
        let total = whole.moves().len();
        let limits = Limits { time: Some(REVIEW_TIME), ..Limits::default() };
        let task = AsyncComputeTaskPool::get()
            .spawn(async move { review(&whole, limits, &flag, &mut |n, _| count.store(n, Ordering::Relaxed)) });
        *self = Review { id: Some(id), total, done, stop, task: Some(task), moves: Vec::new() };
    }
}

/// Starts and cancels reviews; a review of a game no longer on screen stops.
fn handle(mut incoming: MessageReader<Command>, session: Option<Res<Session>>, mut review: ResMut<Review>) {
    let on_screen = session.as_ref().filter(|s| s.viewing.is_some()).map(|s| s.id);
    for command in incoming.read() {
        match command {
            Command::Review => {
                if let Some(s) = session.as_ref().filter(|s| s.viewing.is_some())
                    && review.of(s.id).is_none_or(|r| !r.running() && r.moves.len() < r.total)
                {
                    review.start(s.id, &s.game);
                }
            }
            Command::CancelReview => review.stop.store(true, Ordering::Relaxed),
            _ => {}
        }
    }
    if review.running() && review.id != on_screen {
        review.stop.store(true, Ordering::Relaxed);
    }
}

fn poll(mut review: ResMut<Review>) {
    // `ResMut` only where something changes: an idle review marks nothing.
    let Some(task) = review.bypass_change_detection().task.as_mut() else { return };
    if let Some(moves) = check_ready(task) {
        review.task = None;
        review.moves = moves;
    }
}
