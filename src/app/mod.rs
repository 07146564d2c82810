//! The Bevy game: one plugin per concern. `CorePlugin` holds everything that works
//! without a window (the screens' state, game flow, input mapping, piece entities and
//! their animation, the computer's task) so that headless tests drive the same code as
//! the player; `run` adds the window, the drawing, the screens and the sound.

// Bevy systems take their queries and resources as arguments: long parameter lists and
// nested query types are the idiom, not a smell.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

pub mod ai_task;
pub mod audio;
pub mod board;
pub mod check;
pub mod diagnose;
pub mod howto_text;
pub mod i18n;
pub mod input;
pub mod launch;
pub mod learning;
pub mod model;
pub mod pieces;
pub mod platform;
pub mod play;
pub mod progress;
pub mod redraw;
pub mod review_task;
pub mod screens;
pub mod settings;
pub mod store;
pub mod theme;
pub mod view;

use bevy::prelude::*;

use board::{BoardLayout, Layout};
pub use launch::{Launch, LaunchOptions};
use model::{AppSet, SafeArea, Screen, Session, Viewport};
use settings::Settings;

/// Game flow, input, pieces and the computer: everything but pixels. The game's
/// `Session` does not exist until a game starts (`Command::NewGame`).
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>().init_resource::<Settings>().init_resource::<Viewport>().init_resource::<SafeArea>();
        let viewport = *app.world().resource::<Viewport>();
        let nine = crate::rules::VariantKind::Nine.variant();
        app.insert_resource(BoardLayout(Layout::fit(viewport.window, viewport.board_area, nine)));
        // The one order of the whole app, declared once.
        app.configure_sets(
            Update,
            (AppSet::Input, AppSet::Flow, AppSet::Computer, AppSet::Pieces, AppSet::View).chain(),
        );
        // The layout follows the window before input maps taps, and follows a new game's
        // board in the frame the game starts (before its pieces are laid out).
        app.add_systems(PreUpdate, update_layout.after(bevy::input::InputSystems).run_if(resource_exists::<Session>))
            .add_systems(Update, update_layout.in_set(AppSet::Computer).run_if(resource_exists::<Session>))
            .add_plugins((
                play::plugin,
                input::plugin,
                pieces::plugin,
                ai_task::plugin,
                review_task::plugin,
                learning::plugin,
            ));
    }
}

fn update_layout(viewport: Res<Viewport>, session: Res<Session>, mut layout: ResMut<BoardLayout>) {
    let fitted = BoardLayout(Layout::fit(viewport.window, viewport.board_area, session.game.board()));
    layout.set_if_neq(fitted);
}

/// `--print-layout`: the screen position of every point whenever the layout changes, and
/// every widget's rectangle whenever one changes (for the end-to-end test, which clicks
/// the real window).
fn print_layout(layout: Res<BoardLayout>, session: Option<Res<Session>>, rects: Res<theme::UiRects>) {
    if let Some(session) = session
        && layout.is_changed()
    {
        let variant = session.game.board();
        let mut out = String::from("layout\n");
        for p in 0..variant.len() as u8 {
            let s = layout.0.screen_of_point(variant, p);
            out.push_str(&format!("point {} {:.1} {:.1}\n", variant.point_name(p), s.x, s.y));
        }
        out.push_str("end");
        println!("{out}");
    }
    if rects.is_changed() {
        let mut out = String::from("widgets\n");
        for t in &rects.items {
            let r = t.rect;
            out.push_str(&format!(
                "widget {:.1} {:.1} {:.1} {:.1} {}\n",
                r.min.x,
                r.min.y,
                r.width(),
                r.height(),
                t.key
            ));
        }
        out.push_str("end");
        println!("{out}");
    }
}

/// Builds and runs the game.
pub fn run(options: LaunchOptions) -> AppExit {
    let (w, h) = options.window.unwrap_or((1280, 800));
    // --window is in the screen's pixels; with --scale-factor, the layout sees fewer
    let mut resolution = bevy::window::WindowResolution::new(w, h);
    if let Some(f) = options.scale_factor {
        resolution = resolution.with_scale_factor_override(f);
    }
    let mut app = App::new();
    // A game given on the command line comes before the stored one.
    if let Some(session) = options.game.clone() {
        app.insert_resource(session);
    }
    // Progress kept on the device: the settings (with this run's command-line values on
    // top) and the game in progress.
    let dir = store::data_dir(options.data_dir.as_deref());
    app.insert_resource(store::Store::open(&dir))
        .add_plugins(store::StorePlugin { launch: options.settings.clone(), overridden: options.overridden });
    let settings = app.world().resource::<Settings>().clone();
    // The default size shrinks on a screen too small for it, before the window is first
    // shown (so it is created hidden); a size asked for is kept (phones fill the screen:
    // nothing to fit there).
    let fit = options.window.is_none() && cfg!(not(any(target_os = "android", target_os = "ios")));
    let window = Window { title: "Dokuz Taş".into(), resolution, visible: !fit, ..default() };
    if fit {
        app.insert_resource(platform::FitWindow);
    }
    app.insert_resource(ClearColor(theme::palette(settings.theme).background))
        .add_plugins(DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }))
        .add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins(CorePlugin)
        .add_plugins((view::plugin, screens::plugin, audio::plugin, platform::plugin, redraw::plugin));
    // The frame loop sleeps when nothing moves; the layout check and the frame-time
    // measurement count frames, so they draw every one.
    let continuous = options.continuous || options.screenshot.is_some() || options.diagnose_frames;
    app.insert_resource(redraw::settings(continuous));
    if let Some(secs) = options.count_frames {
        redraw::count_frames(&mut app, secs);
    }
    // A game given on the command line, or the frame measurement, opens the game.
    let first = match (&options.game, options.screen) {
        (Some(_), None) => Screen::Game,
        (None, None) if options.diagnose_frames => Screen::Game,
        (_, screen) => screen.unwrap_or_default(),
    };
    if first == Screen::Game && app.world().get_resource::<Session>().is_none() {
        app.insert_resource(Session::start(&settings.setup, 0, 0));
    }
    // (set_if_neq: the menu is already the first screen, and entering it again would close
    // a New game card asked for on the command line)
    NextState::set_if_neq(&mut app.world_mut().resource_mut::<NextState<Screen>>(), first);
    // the newest finished game, opened on the board (and reviewed)
    if let Some(review) = options.open_last {
        let newest = app.world().get_resource::<store::History>().and_then(|h| h.0.last().map(|g| g.id));
        if let Some(id) = newest {
            app.world_mut().write_message(model::Command::ViewGame(id));
            if review {
                app.world_mut().write_message(model::Command::Review);
            }
        }
    }
    if let Some(safe) = options.safe_area {
        app.insert_resource(safe);
    }
    if options.new_game_card {
        app.insert_resource(screens::menu::MenuView::NewGame);
    }
    if options.print_layout {
        app.add_systems(Last, print_layout);
    }
    if options.diagnose_frames {
        app.add_plugins(diagnose::plugin);
    }
    if let Some(path) = options.screenshot.clone() {
        app.insert_resource(check::ShotTo(path)).add_plugins(check::plugin);
    }
    app.run()
}
