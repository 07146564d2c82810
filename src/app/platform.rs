//! What only a phone's system knows, brought into the game's resources: the safe area.
//! - Android: the part of the window the system leaves for the app's content (status and
//!   navigation bars, a camera cut-out), `AndroidApp::content_rect`.
//! - iOS: winit gives the window's safe area (the notch, the home indicator) as its inner
//!   position and size, and the whole screen as its outer ones.
//!
//! The iOS reading is compiled on every platform (so that this machine type-checks it,
//! which it cannot do for iOS builds) and only scheduled on iOS; the Android one needs
//! Android's types and is behind `cfg`. The desktop keeps the `--safe-area` it was given.
//!
//! The desktop: a window of the default size that the screen cannot hold shrinks to fit it,
//! before it is first shown (`FitWindow`): it is created hidden, and shown on the first
//! frame, when winit has already told the monitors' sizes.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow};

use super::model::SafeArea;

pub(super) fn plugin(_app: &mut App) {
    #[cfg(not(any(target_os = "android", target_os = "ios")))]
    _app.add_systems(Update, fit_window.run_if(resource_exists::<FitWindow>));
    #[cfg(target_os = "android")]
    _app.add_systems(PreUpdate, android::safe_area);
    #[cfg(target_os = "ios")]
    _app.add_systems(PreUpdate, winit_safe_area);
}

/// Present while the desktop window, created hidden at its default size, is not yet
/// compared with the screen and shown. A size given with `--window` is kept as asked (the
/// window is created visible, and this is not inserted).
#[derive(Resource)]
pub struct FitWindow;

/// The share of the screen a default window may take: room for the window's title bar and
/// the desktop's panels (a laptop's 1366x768 screen cannot hold 1280x800 with them).
const SCREEN_SHARE: Vec2 = Vec2::new(0.9, 0.85);

/// The size a window of `window` logical pixels takes on a screen of `screen` logical
/// pixels: each side cut to its share of the screen, or `None` when it already fits (or the
/// screen's size is not known). The screens lay out at any size, so the window's shape may
/// change with it.
pub fn fitted(window: Vec2, screen: Vec2) -> Option<Vec2> {
    if screen.min_element() <= 0.0 || !screen.is_finite() {
        return None;
    }
    let room = screen * SCREEN_SHARE;
    (window.x > room.x || window.y > room.y).then(|| window.min(room).floor())
}

/// The desktop: shrinks a default-sized window that the primary monitor cannot hold and
/// centres it there, then shows it. Runs once, on the first frame: bevy_winit lists the
/// monitors before it runs any frame, so a primary monitor missing then (some Wayland
/// compositors name none) stays unknown, and the window is shown at its default size.
#[cfg_attr(any(target_os = "android", target_os = "ios"), allow(dead_code))]
fn fit_window(
    monitor: Query<&Monitor, With<PrimaryMonitor>>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
    mut commands: Commands,
) {
    let Ok(mut window) = window.single_mut() else { return };
    commands.remove_resource::<FitWindow>();
    if let Ok(monitor) = monitor.single() {
        // (a scale of 0 gives an infinite size, which `fitted` leaves alone)
        let screen = monitor.physical_size().as_vec2() / monitor.scale_factor as f32;
        if let Some(size) = fitted(window.resolution.size(), screen) {
            window.resolution.set(size.x, size.y);
            window.position = WindowPosition::Centered(MonitorSelection::Primary);
        }
    }
    window.visible = true;
}

/// The insets between a window's outer rectangle and its inner one, in logical pixels,
/// from their corners in physical pixels; none while either is empty.
pub fn insets(outer: (IVec2, UVec2), inner: (IVec2, UVec2), scale: f32) -> Option<SafeArea> {
    let ((outer_at, outer_size), (inner_at, inner_size)) = (outer, inner);
    if outer_size.min_element() == 0 || inner_size.min_element() == 0 || scale <= 0.0 {
        return None;
    }
    let px = |v: i32| v.max(0) as f32 / scale;
    let (outer_end, inner_end) = (outer_at + outer_size.as_ivec2(), inner_at + inner_size.as_ivec2());
    Some(SafeArea {
        top: px(inner_at.y - outer_at.y),
        right: px(outer_end.x - inner_end.x),
        bottom: px(outer_end.y - inner_end.y),
        left: px(inner_at.x - outer_at.x),
    })
}

/// iOS: the safe area from winit's inner (safe) and outer (whole) rectangles. Runs on the
/// main thread, as UIKit requires.
#[cfg_attr(not(target_os = "ios"), allow(dead_code))]
fn winit_safe_area(
    window: Query<(Entity, &Window), With<PrimaryWindow>>,
    mut safe: ResMut<SafeArea>,
    _main_thread: NonSendMarker,
) {
    let Ok((entity, window)) = window.single() else { return };
    let found = bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        let w = windows.get_window(entity)?;
        let (inner_at, outer_at) = (w.inner_position().ok()?, w.outer_position().ok()?);
        let (inner_size, outer_size) = (w.inner_size(), w.outer_size());
        insets(
            (IVec2::new(outer_at.x, outer_at.y), UVec2::new(outer_size.width, outer_size.height)),
            (IVec2::new(inner_at.x, inner_at.y), UVec2::new(inner_size.width, inner_size.height)),
            window.scale_factor(),
        )
    });
    if let Some(found) = found {
        safe.set_if_neq(found);
    }
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
        let size = UVec2::new(window.physical_width(), window.physical_height());
        let inner = (
            IVec2::new(content.left, content.top),
            UVec2::new((content.right - content.left).max(0) as u32, (content.bottom - content.top).max(0) as u32),
        );
        // an empty rectangle (before the first layout) says nothing
        if let Some(found) = super::insets((IVec2::ZERO, size), inner, window.scale_factor()) {
            safe.set_if_neq(found);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_default_window_fits_the_screen_it_opens_on() {
        let default = Vec2::new(1280.0, 800.0);
        // a laptop's 1366x768: narrower and shorter, with room for the panels
        let laptop = fitted(default, Vec2::new(1366.0, 768.0)).expect("too tall for 768");
        assert_eq!(laptop, Vec2::new(1229.0, 652.0));
        // a 1920x1080 screen holds it as it is
        assert_eq!(fitted(default, Vec2::new(1920.0, 1080.0)), None);
        // a small screen (a phone-sized virtual display) cuts both sides
        let small = fitted(default, Vec2::new(360.0, 640.0)).expect("too large");
        assert!(small.x <= 360.0 * 0.9 && small.y <= 640.0 * 0.85, "{small}");
        // an unknown screen changes nothing
        assert_eq!(fitted(default, Vec2::ZERO), None);
        assert_eq!(fitted(default, Vec2::new(f32::NAN, 700.0)), None);
    }

    /// Runs the plugin's `fit_window` for one frame on a hidden default window, with or without a
    /// primary monitor of `monitor` physical pixels at scale 2, and gives back the window.
    fn first_frame(monitor: Option<UVec2>) -> (Window, bool) {
        let mut app = App::new();
        app.insert_resource(FitWindow);
        plugin(&mut app);
        let hidden = Window { resolution: (1280, 800).into(), visible: false, ..default() };
        let id = app.world_mut().spawn((hidden, PrimaryWindow)).id();
        if let Some(size) = monitor {
            app.world_mut().spawn((
                Monitor {
                    name: None,
                    physical_width: size.x,
                    physical_height: size.y,
                    physical_position: IVec2::ZERO,
                    refresh_rate_millihertz: None,
                    scale_factor: 2.0,
                    video_modes: Vec::new(),
                },
                PrimaryMonitor,
            ));
        }
        app.update();
        let window = app.world().get::<Window>(id).expect("window").clone();
        (window, app.world().contains_resource::<FitWindow>())
    }

    #[test]
    fn the_default_window_is_fitted_before_it_is_first_shown() {
        // a 1366x768 screen at scale 2 (2732x1536 pixels): cut, centred, shown, once
        let (window, pending) = first_frame(Some(UVec2::new(2732, 1536)));
        assert_eq!(window.resolution.size(), Vec2::new(1229.0, 652.0));
        assert_eq!(window.position, WindowPosition::Centered(MonitorSelection::Primary));
        assert!(window.visible && !pending);
        // a screen that holds it: shown as it is
        let (window, _) = first_frame(Some(UVec2::new(3840, 2160)));
        assert_eq!(window.resolution.size(), Vec2::new(1280.0, 800.0));
        assert!(window.visible);
        // no primary monitor named: shown at the default size all the same
        let (window, pending) = first_frame(None);
        assert_eq!(window.resolution.size(), Vec2::new(1280.0, 800.0));
        assert!(window.visible && !pending);
    }

    #[test]
    fn insets_are_the_gaps_between_the_rectangles_in_logical_pixels() {
        // an iPhone in portrait at scale 3: 1179x2556 pixels, notch 59 points, indicator 34
        let outer = (IVec2::ZERO, UVec2::new(1179, 2556));
        let inner = (IVec2::new(0, 177), UVec2::new(1179, 2556 - 177 - 102));
        let s = insets(outer, inner, 3.0).expect("insets");
        assert_eq!(s, SafeArea { top: 59.0, right: 0.0, bottom: 34.0, left: 0.0 });
        // nothing known yet
        assert_eq!(insets(outer, (IVec2::ZERO, UVec2::ZERO), 3.0), None);
        // an inner rectangle wider than the outer one gives no negative inset
        let wide = insets(outer, (IVec2::new(-5, 0), UVec2::new(1200, 2556)), 1.0).expect("insets");
        assert!(wide.left >= 0.0 && wide.right >= 0.0);
    }
}
