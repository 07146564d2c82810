//! The computer thinks on Bevy's `AsyncComputeTaskPool`: the frame loop polls the task and
//! never waits for it. Every search carries the session revision it was asked about and a
//! stop flag; when the session changes (a move, undo, redo, a new game) the flag is raised
//! and the answer, if it still comes, is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::model::{AppSet, Command, ComputerMove, Screen, Selection, Session};
use super::pieces::board_settled;
use crate::ai::endgame::Value;
use crate::ai::{self, Level};
use crate::rules::Move;

pub(super) fn plugin(app: &mut App) {
    // The search goes on while the player looks at the menu or the settings; it is
    // cancelled when the game it was asked about changes or is replaced.
    app.init_resource::<Thinking>().add_systems(
        Update,
        (
            cancel_stale,
            ask_for_hint.run_if(in_state(Screen::Game)),
            start_search,
            // An answer that comes while the player is on another screen waits for the game.
            poll.run_if(in_state(Screen::Game).and_then(board_settled)),
        )
            .chain()
            .run_if(resource_exists::<Session>)
            .in_set(AppSet::Computer),
    );
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Reply,
    /// A hint for the human (the Hard level's move).
    Hint,
}

pub struct Job {
    /// The answer, the computer's memory handed back for its next move, and what the
    /// endgame tables know of the position (for a hint).
    task: Task<(Option<Move>, Option<ai::Memory>, Option<Value>)>,
    pub stop: Arc<AtomicBool>,
    pub revision: u64,
    pub purpose: Purpose,
}

/// The search in flight, if any.
#[derive(Resource, Default)]
pub struct Thinking {
    pub job: Option<Job>,
    /// Searches started and answers dropped as stale (for tests and diagnostics).
    pub started: u32,
    pub cancelled: u32,
    /// The computer player's table, kept between its moves (lent to the search in
    /// flight; a cancelled search takes it along and the next starts a fresh one).
    memory: Option<ai::Memory>,
}

impl Thinking {
    pub fn is_replying(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.purpose == Purpose::Reply)
    }

    fn spawn(&mut self, session: &Session, level: Level, purpose: Purpose) {
        let game = session.game.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let seed = rand::random::<u64>();
        // Hints search for the other side: only the computer's own moves share a memory.
        let mut memory = match purpose {
            Purpose::Reply => Some(self.memory.take().unwrap_or_default()),
            Purpose::Hint => None,
        };
        // One core stays with the frame loop: Master's helper threads take the others.
        let mut limits = level.limits_at(&game, None);
        limits.threads = limits.threads.min(ai::cores() - 1).max(1);
        if cfg!(any(target_os = "android", target_os = "ios")) {
            limits = level.phone_limits(limits);
        }
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let thought = match memory.as_mut() {
                Some(memory) => ai::think_with(memory, &game, level, limits, seed, &flag),
                None => ai::think(&game, level, limits, seed, &flag),
            };
            // Asked after the search, which started solving the tables if they are near.
            let known = match purpose {
                Purpose::Hint => ai::tables::ready(game.rules()).and_then(|t| t.value_in(game.position())),
                Purpose::Reply => None,
            };
            (thought.map(|t| t.best), memory, known)
        });
        self.job = Some(Job { task, stop, revision: session.revision, purpose });
        self.started += 1;
    }

    fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
            self.cancelled += 1;
        }
    }
}

fn cancel_stale(mut thinking: ResMut<Thinking>, session: Res<Session>) {
    if thinking.job.as_ref().is_some_and(|j| j.revision != session.revision) {
        thinking.cancel();
    }
}

fn ask_for_hint(mut commands: MessageReader<Command>, mut thinking: ResMut<Thinking>, session: Res<Session>) {
    if commands.read().any(|c| *c == Command::Hint) && thinking.job.is_none() && session.human_to_move() {
        thinking.spawn(&session, Level::Hard, Purpose::Hint);
    }
}

fn start_search(mut thinking: ResMut<Thinking>, session: Res<Session>) {
    if thinking.job.is_none()
        && let Some(level) = session.computer_to_move()
    {
        thinking.spawn(&session, level, Purpose::Reply);
    }
}

/// Takes a finished answer (once the board has settled: the player sees one move at a
/// time).
fn poll(
    mut thinking: ResMut<Thinking>,
    session: Res<Session>,
    mut selection: ResMut<Selection>,
    mut replies: MessageWriter<ComputerMove>,
) {
    let Some(job) = thinking.job.as_mut() else {
        return;
    };
    let Some((answer, memory, known)) = check_ready(&mut job.task) else {
        return;
    };
    let (revision, purpose) = (job.revision, job.purpose);
    thinking.job = None;
    if memory.is_some() {
        thinking.memory = memory;
    }
    let Some(m) = answer else { return };
    if revision != session.revision {
        thinking.cancelled += 1;
        return;
    }
    match purpose {
        Purpose::Reply => {
            replies.write(ComputerMove { m, revision });
        }
        Purpose::Hint => {
            selection.hint = Some((m, revision));
            selection.hint_value = known;
        }
    }
}
