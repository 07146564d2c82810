//! When frames are drawn. The game draws a frame when there is input (a tap, a key, the
//! mouse, the window changing) and while something moves; otherwise the frame loop
//! sleeps, on phones and on the desktop alike (battery). What moves:
//! - a piece on its way, fading, flashing or shaking (`pieces`);
//! - a message that is showing (it hides itself after a few seconds);
//! - a search, a review or a move check on the background task pool: their answers are
//!   polled by the frame loop, so frames are drawn until they come (the thinking sign
//!   and the progress bar move meanwhile);
//! - egui's own animations (its widgets ask for a repaint; bevy_egui turns that into a
//!   redraw), the menu's emblem and the rules' diagrams for a while after the last input;
//! - the render pipelines: the GPU programs that draw the board and the pieces compile on
//!   background threads when first needed, and a mesh whose pipeline is not ready is
//!   skipped. Until they are all ready, and for one frame after the last one is, the render
//!   world wakes the frame loop itself (`wake_for_pipelines`): without it a screen opened
//!   without input (a game continued at start) showed no board until the first touch.
//!
//! `--frame-loop continuous` draws every frame as before, to compare; the layout check and
//! the frame measurement always do.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};

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
    // (no event loop or no renderer, as in the headless tests: nothing to wake)
    let Some(proxy) = app.world().get_resource::<EventLoopProxyWrapper>().map(|p| (**p).clone()) else { return };
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(PipelineWake { proxy, seen: (0, 0) })
            .add_systems(Render, wake_for_pipelines.in_set(RenderSystems::Cleanup));
    }
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

/// The render world's way to ask the main world for another frame (it runs on its own
/// thread and cannot write the main world's `RequestRedraw`), and the pipelines it saw
/// last frame: (all, ready).
#[derive(Resource)]
struct PipelineWake {
    proxy: EventLoopProxy<WinitUserEvent>,
    seen: (usize, usize),
}

/// After the frame is rendered: another frame while a pipeline is still being made, and one
/// more when one became ready or was added (the frame that made it ready had already
/// chosen what to draw without it).
fn wake_for_pipelines(cache: Res<PipelineCache>, mut wake: ResMut<PipelineWake>) {
    let (all, ready) = cache
        .pipelines()
        .fold((0, 0), |(all, ready), p| (all + 1, ready + usize::from(matches!(p.state, CachedPipelineState::Ok(_)))));
    let waiting = cache.waiting_pipelines().next().is_some();
    if waiting || wake.seen != (all, ready) {
        wake.seen = (all, ready);
        // (the loop may be gone when the game quits)
        let _ = wake.proxy.send_event(WinitUserEvent::WakeUp);
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
