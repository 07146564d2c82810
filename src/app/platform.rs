//! What only a phone's system knows, brought into the game's resources. Android: the safe
//! area, from the part of the window the system leaves for the app's content (status and
//! navigation bars, a camera cut-out). The code for one platform stays here, small and
//! behind `cfg`; everything else is the same on every platform.

use bevy::prelude::*;

pub(super) fn plugin(_app: &mut App) {
    // (other platforms: nothing yet; the desktop keeps the `--safe-area` it was given)
    #[cfg(target_os = "android")]
    _app.add_systems(PreUpdate, android::safe_area);
}

#[cfg(target_os = "android")]
mod android {
    use bevy::prelude::*;
    use bevy::window::PrimaryWindow;

    use crate::app::model::SafeArea;

    /// The insets between the window and its content rectangle, in logical pixels.
    pub fn safe_area(window: Query<&Window, With<PrimaryWindow>>, mut safe: ResMut<SafeArea>) {
        let (Some(app), Ok(window)) = (bevy::android::ANDROID_APP.get(), window.single()) else { return };
        let content = app.content_rect();
        let (w, h) = (window.physical_width() as i32, window.physical_height() as i32);
        // an empty rectangle (before the first layout) says nothing
        if content.right <= content.left || content.bottom <= content.top || w == 0 || h == 0 {
            return;
        }
        let scale = window.scale_factor();
        let px = |v: i32| v.max(0) as f32 / scale;
        safe.set_if_neq(SafeArea {
            top: px(content.top),
            right: px(w - content.right),
            bottom: px(h - content.bottom),
            left: px(content.left),
        });
    }
}
