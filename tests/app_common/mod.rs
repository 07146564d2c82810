//! What the app tests share (they need the game: not for `--no-default-features`).

use std::time::Duration;

use bevy::prelude::*;

/// Runs frames until `done` (background tasks answer in their own time), or fails after
/// a few seconds naming `what` it waited for.
pub fn update_until(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    for _ in 0..3000 {
        if done(app) {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("timed out waiting for {what}");
}
