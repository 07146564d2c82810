//! Learning mode (a setting, off by default): before a player's move is played it is
//! graded like a move of a review (`ai::review::review_move`), on the background task pool;
//! a blunder is not played until the player confirms it, with the better move named. Any
//! other move is played as soon as the check ends (a few tenths of a second).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::model::{AppSet, Asking, CheckedMove, Notice, Question, Session};
use super::review_task::REVIEW_TIME;
use crate::ai::Limits;
use crate::ai::review::{MoveReview, review_move};
use crate::rules::{Game, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveCheck>().add_systems(Update, poll.in_set(AppSet::Computer));
}

/// The check of the move the player has just made, while it runs.
#[derive(Resource, Default)]
pub struct MoveCheck {
    job: Option<Job>,
}

struct Job {
    task: Task<MoveReview>,
    stop: Arc<AtomicBool>,
    m: Move,
    revision: u64,
}

impl MoveCheck {
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Checks `m` in `game` (the session at `revision`) before it is played.
    pub fn start(&mut self, game: &Game, m: Move, revision: u64) {
        self.cancel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let game = game.clone();
        let limits = Limits { time: Some(REVIEW_TIME), ..Limits::default() };
        let task = AsyncComputeTaskPool::get().spawn(async move { review_move(&game, m, limits, &flag) });
        self.job = Some(Job { task, stop, m, revision });
    }

    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// A finished check plays the move, or asks first when it is a blunder. A check of a game
/// that has changed since (undo, a new game) is dropped.
fn poll(
    mut check: ResMut<MoveCheck>,
    session: Option<Res<Session>>,
    mut asking: ResMut<Asking>,
    mut notice: ResMut<Notice>,
    mut play: MessageWriter<CheckedMove>,
) {
    // `ResMut` only where something changes: no check, nothing marked.
    let Some(job) = check.bypass_change_detection().job.as_mut() else { return };
    let Some(review) = check_ready(&mut job.task) else { return };
    let (m, revision) = (job.m, job.revision);
    check.job = None;
    notice.text = None;
    if session.is_none_or(|s| s.revision != revision) {
        return;
    }
    if review.grade.is_blunder() {
        asking.0 = Some(Question::Blunder { played: m, better: review.better, revision });
    } else {
        play.write(CheckedMove { m, revision });
    }
}
