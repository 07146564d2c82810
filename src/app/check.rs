//! The layout check (`--screenshot FILE`): once the screen has settled, saves a
//! screenshot, prints `layout: N widgets, O overlapping, X outside the window` from the
//! real rectangles of that frame, and quits.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use super::theme::UiRects;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, shoot);
}

#[derive(Resource, Clone, Debug)]
pub struct ShotTo(pub PathBuf);

/// The counts of the layout check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub widgets: usize,
    pub overlapping: usize,
    pub outside: usize,
}

/// Two items overlap when their visible parts intersect by more than a pixel each way;
/// one is outside when the window cuts it and no scroll area holds it (or, stricter,
/// when anything but a scroll area cuts it: a region too small for its text).
pub fn count(rects: &UiRects) -> Counts {
    // (the part of the window the system leaves uncovered)
    let window = rects.usable();
    let visible: Vec<Rect> = rects.items.iter().map(|t| t.clip).collect();
    let mut overlapping = 0;
    for i in 0..visible.len() {
        for j in i + 1..visible.len() {
            let cut = visible[i].intersect(visible[j]);
            if cut.width() > 1.0 && cut.height() > 1.0 {
                overlapping += 1;
            }
        }
    }
    let outside =
        rects.items.iter().filter(|t| !t.scrolled).filter(|t| cut(t.rect, window) || cut(t.rect, t.clip)).count();
    Counts { widgets: rects.items.len(), overlapping, outside }
}

/// Whether `outer` cuts `r` by more than half a pixel.
fn cut(r: Rect, outer: Rect) -> bool {
    r.min.x < outer.min.x - 0.5
        || r.min.y < outer.min.y - 0.5
        || r.max.x > outer.max.x + 0.5
        || r.max.y > outer.max.y + 0.5
}

/// Overlapping pairs and cut items, named, for a failing check to show.
pub fn report(rects: &UiRects) -> Vec<String> {
    let mut out = Vec::new();
    for (i, a) in rects.items.iter().enumerate() {
        for b in &rects.items[i + 1..] {
            let cut = a.clip.intersect(b.clip);
            if cut.width() > 1.0 && cut.height() > 1.0 {
                out.push(format!("overlap: '{}' {:?} and '{}' {:?}", a.key, a.rect, b.key, b.rect));
            }
        }
    }
    // (the part of the window the system leaves uncovered)
    let window = rects.usable();
    for t in rects.items.iter().filter(|t| !t.scrolled) {
        if cut(t.rect, window) || cut(t.rect, t.clip) {
            out.push(format!("outside: '{}' {:?} (visible {:?})", t.key, t.rect, t.clip));
        }
    }
    out
}

#[derive(Default)]
struct Progress {
    started: Option<Instant>,
    frames: u32,
    requested: bool,
    saved_at: Option<u32>,
}

/// Software rendering compiles its pipelines in the first frames: wait for 30 frames and
/// 4 seconds before the shot, then for the file, then two frames more.
fn shoot(
    mut commands: Commands,
    target: Res<ShotTo>,
    rects: Res<UiRects>,
    mut progress: Local<Progress>,
    mut exit: MessageWriter<AppExit>,
) {
    let started = *progress.started.get_or_insert_with(Instant::now);
    progress.frames += 1;
    if !progress.requested {
        if progress.frames >= 30 && started.elapsed() >= Duration::from_secs(4) {
            let _ = std::fs::remove_file(&target.0);
            commands.spawn(Screenshot::primary_window()).observe(save_to_disk(target.0.clone()));
            progress.requested = true;
        }
        return;
    }
    let written = std::fs::metadata(&target.0).is_ok_and(|m| m.len() > 0);
    match progress.saved_at {
        None if written => progress.saved_at = Some(progress.frames),
        Some(at) if progress.frames >= at + 2 => {
            let c = count(&rects);
            for line in report(&rects) {
                eprintln!("{line}");
            }
            println!("layout: {} widgets, {} overlapping, {} outside the window", c.widgets, c.overlapping, c.outside);
            exit.write(AppExit::Success);
        }
        _ => {}
    }
    if started.elapsed() > Duration::from_secs(120) {
        eprintln!("dokuz-tas: the screenshot was not written within two minutes");
        exit.write(AppExit::from_code(1));
    }
}
