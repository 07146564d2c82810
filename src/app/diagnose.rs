//! `--diagnose-frames`: measures frame times while idle and while the Hard level thinks
//! on the background task, prints the figures and quits. The README quotes them.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::ai_task::Thinking;
use super::model::{Command, Opponent, Session};
use crate::ai::Level;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Frames>().add_systems(Last, measure);
}

#[derive(Resource, Default)]
struct Frames {
    last: Option<Instant>,
    started: Option<Instant>,
    idle: Vec<Duration>,
    thinking: Vec<Duration>,
    searches: u32,
}

const WARM_UP: Duration = Duration::from_secs(4);
const IDLE: Duration = Duration::from_secs(4);
const THINKING: Duration = Duration::from_secs(6);

fn measure(
    mut frames: ResMut<Frames>,
    session: Option<ResMut<Session>>,
    thinking: Res<Thinking>,
    mut commands: MessageWriter<Command>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = Instant::now();
    let started = *frames.started.get_or_insert(now);
    let frame = frames.last.map(|l| now - l);
    frames.last = Some(now);
    let elapsed = now - started;
    let Some(frame) = frame else { return };
    let Some(mut session) = session else { return };
    if elapsed < WARM_UP {
        return;
    }
    if elapsed < WARM_UP + IDLE {
        frames.idle.push(frame);
        return;
    }
    if elapsed < WARM_UP + IDLE + THINKING {
        // Hard plays both sides: the computer is always thinking.
        if session.opponent != Opponent::Computer(Level::Hard) || session.human == session.game.position().side {
            session.opponent = Opponent::Computer(Level::Hard);
            session.human = session.game.position().side.opponent();
            session.revision += 1;
        }
        if thinking.is_replying() {
            frames.thinking.push(frame);
        }
        frames.searches = thinking.started;
        if session.game.status().is_over() {
            commands.write(Command::NewGame);
        }
        return;
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mut idle = frames.idle.clone();
    idle.sort();
    let median = idle.get(idle.len() / 2).copied().unwrap_or_default();
    let longest = frames.thinking.iter().max().copied().unwrap_or_default();
    let mut busy = frames.thinking.clone();
    busy.sort();
    let busy_median = busy.get(busy.len() / 2).copied().unwrap_or_default();
    println!(
        "frames: idle median {:.1} ms over {} frames; while Hard thinks median {:.1} ms, longest {:.1} ms over {} frames ({} searches)",
        ms(median),
        idle.len(),
        ms(busy_median),
        ms(longest),
        busy.len(),
        frames.searches
    );
    exit.write(AppExit::Success);
}
