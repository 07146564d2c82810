//! When frames are drawn. The game draws a frame when there is input (a tap, a key, the
//! mouse, the window changing) and while something moves; otherwise the frame loop
//! sleeps, on phones and on the desktop alike (battery). What moves:
//! - a piece on its way, fading, flashing or shaking (`pieces`);
//! - a message that is showing (it hides itself after a few seconds);
//! - a search, a review or a move check on the background task pool: their answers are
//!   polled by the frame loop, so frames are drawn until they come (the thinking sign
//!   and the progress bar move meanwhile);
//! - egui's own animations (its widgets ask for a repaint; bevy_egui turns that into a
//!   redraw), the menu's emblem and the rules' diagrams for a while after the last input.
//!
//! `--frame-loop continuous` draws every frame as before, to compare; the layout check and
//! the frame measurement always do.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};

use super::ai_task::Thinking;
use super::learning::MoveCheck;
use super::model::Notice;
use super::pieces::{Fade, Flash, Shake, Tween};
use super::review_task::Review;

/// How long the frame loop may sleep with nothing to do: a heartbeat, not a clock (nothing
/// waits for it).
const HEARTBEAT: Duration = Duration::from_secs(60);

/// The frame loop: reactive (the game's), or continuous (every frame, to compare).
pub fn settings(continuous: bool) -> WinitSettings {
    if continuous {
        WinitSettings::continuous()
    } else {
        WinitSettings {
            focused_mode: UpdateMode::reactive_low_power(HEARTBEAT),
            unfocused_mode: UpdateMode::reactive_low_power(HEARTBEAT),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, keep_drawing);
}

/// Asks for the next frame while anything moves or a background answer is awaited.
fn keep_drawing(
    moving: Query<(), Or<(With<Tween>, With<Fade>, With<Flash>, With<Shake>)>>,
    notice: Res<Notice>,
    thinking: Res<Thinking>,
    review: Res<Review>,
    check: Res<MoveCheck>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let busy = thinking.job.is_some() || review.running() || check.running();
    if !moving.is_empty() || notice.text.is_some() || busy {
        redraw.write(RequestRedraw);
    }
}

/// `--count-frames SECS`: the frames drawn in SECS seconds after a warm-up of three (the
/// window opening, the first frames), printed, then the game quits. Two wake-ups from a
/// timer thread mark the start and the end, so an idle game still gets to count.
pub fn count_frames(app: &mut App, secs: u64) {
    app.insert_resource(FrameCount { secs, ..FrameCount::default() }).add_systems(Last, count);
}

const WARM_UP: Duration = Duration::from_secs(3);

#[derive(Resource, Default)]
struct FrameCount {
    secs: u64,
    launched: Option<Instant>,
    counted: u32,
    timer: bool,
}

fn count(mut c: ResMut<FrameCount>, proxy: Option<Res<EventLoopProxyWrapper>>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    let launched = *c.launched.get_or_insert(now);
    if !c.timer
        && let Some(proxy) = proxy
    {
        let proxy = (**proxy).clone();
        let secs = c.secs;
        std::thread::spawn(move || {
            std::thread::sleep(WARM_UP);
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
            std::thread::sleep(Duration::from_secs(secs));
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        });
        c.timer = true;
    }
    let since = now - launched;
    if since < WARM_UP {
        return;
    }
    if since < WARM_UP + Duration::from_secs(c.secs) {
        c.counted += 1;
        return;
    }
    // (the frame the start marker woke is counted, the end marker's is not)
    println!("frames: {} in {} s", c.counted, c.secs);
    exit.write(AppExit::Success);
}
