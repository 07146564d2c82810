//! The Bevy game: one plugin per concern. `CorePlugin` holds everything that works
//! without a window (game flow, input mapping, piece entities and their animation, the
//! computer's task) so that headless tests drive the same code as the player; `run`
//! adds the window, the drawing and the UI.

// Bevy systems take their queries and resources as arguments: long parameter lists and
// nested query types are the idiom, not a smell.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

pub mod ai_task;
pub mod board;
pub mod diagnose;
pub mod i18n;
pub mod input;
pub mod pieces;
pub mod play;
pub mod settings;
pub mod ui;
pub mod view;

use bevy::prelude::*;

use board::{BoardLayout, Layout, Viewport};
use play::Session;
use settings::Settings;

/// The screens of the app. Menus come in a later issue; the game screen is the one now.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Playing,
}

/// Game flow, input, pieces and the computer: everything but pixels.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>().init_resource::<Settings>().init_resource::<Viewport>();
        let settings = app.world().resource::<Settings>().clone();
        let session = Session::start(&settings, 0, 0);
        let viewport = *app.world().resource::<Viewport>();
        app.insert_resource(BoardLayout(Layout::fit(viewport.window, viewport.board_area, session.game.board())))
            .insert_resource(session)
            .add_systems(PreUpdate, update_layout.after(bevy::input::InputSystems))
            .add_plugins((play::plugin, input::plugin, pieces::plugin, ai_task::plugin));
        app.configure_sets(Update, play::PlaySet.before(pieces::PiecesSet));
        // The first frame lays the pieces out.
        app.world_mut().write_message(play::BoardReset);
    }
}

fn update_layout(viewport: Res<Viewport>, session: Res<Session>, mut layout: ResMut<BoardLayout>) {
    let fitted = BoardLayout(Layout::fit(viewport.window, viewport.board_area, session.game.board()));
    layout.set_if_neq(fitted);
}

fn print_layout(layout: Res<BoardLayout>, session: Res<Session>) {
    if !layout.is_changed() {
        return;
    }
    let variant = session.game.board();
    let mut out = String::from("layout\n");
    for p in 0..variant.len() as u8 {
        let s = layout.0.screen_of_point(variant, p);
        out.push_str(&format!("point {} {:.1} {:.1}\n", variant.point_name(p), s.x, s.y));
    }
    out.push_str("end");
    println!("{out}");
}

/// Options from the desktop command line (phones start with none).
#[derive(Debug, Default, Clone)]
pub struct LaunchOptions {
    pub settings: Settings,
    pub window: Option<(u32, u32)>,
    /// Print the screen position of every point whenever the layout changes (for the
    /// end-to-end test that clicks the real window).
    pub print_layout: bool,
    /// Measure frame times idle and while Hard thinks, print them, and quit.
    pub diagnose_frames: bool,
    /// Moves to play at once in the first game (move text), e.g. to show a position.
    pub moves: Vec<String>,
}

impl LaunchOptions {
    /// `--lang tr|en`, `--two-players`, `--level L`, `--variant V`, `--flying on|off`,
    /// `--theme light|dark`, `--animation off|slow|normal|fast`, `--window WxH`,
    /// `--moves "M1 M2 .."`. Unknown
    /// or malformed options are reported and ignored: the game still starts.
    pub fn parse(args: &[String]) -> (LaunchOptions, Vec<String>) {
        let mut o = LaunchOptions::default();
        let mut problems = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = || it.next().cloned().unwrap_or_default();
            match arg.as_str() {
                "--two-players" => o.settings.opponent = settings::Opponent::TwoPlayers,
                "--print-layout" => o.print_layout = true,
                "--moves" => o.moves.extend(value().split_whitespace().map(str::to_string)),
                "--diagnose-frames" => o.diagnose_frames = true,
                "--lang" => match i18n::Lang::from_code(&value()) {
                    Some(l) => o.settings.lang = l,
                    None => problems.push("--lang takes tr or en".into()),
                },
                "--level" => match crate::ai::Level::from_name(&value()) {
                    Some(l) => o.settings.opponent = settings::Opponent::Computer(l),
                    None => problems.push("--level takes easy, medium, hard or master".into()),
                },
                "--variant" => match crate::rules::VariantKind::from_name(&value()) {
                    Some(v) => o.settings.variant = v,
                    None => problems.push("--variant takes nine, six, five or twelve".into()),
                },
                "--flying" => o.settings.flying = value() != "off",
                "--theme" => {
                    o.settings.theme = if value() == "dark" { settings::Theme::Dark } else { settings::Theme::Light }
                }
                "--animation" => {
                    o.settings.animation = match value().as_str() {
                        "off" => 0.0,
                        "slow" => 0.6,
                        "fast" => 1.8,
                        _ => 1.0,
                    }
                }
                "--window" => match value().split_once('x').and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
                {
                    Some(size) => o.window = Some(size),
                    None => problems.push("--window takes WIDTHxHEIGHT, e.g. 1024x768".into()),
                },
                other => problems.push(format!("unknown option '{other}'")),
            }
        }
        (o, problems)
    }
}

/// Builds and runs the game.
pub fn run(options: LaunchOptions) -> AppExit {
    let (w, h) = options.window.unwrap_or((1280, 800));
    let mut app = App::new();
    app.insert_resource(options.settings.clone())
        .insert_resource(ClearColor(view::palette(options.settings.theme).background))
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window { title: "Dokuz Taş".into(), resolution: (w, h).into(), ..default() }),
            ..default()
        }))
        .add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins(CorePlugin)
        .add_plugins((view::plugin, ui::plugin));
    let mut session = app.world_mut().resource_mut::<Session>();
    for (n, text) in options.moves.iter().enumerate() {
        if let Err(e) = session.game.play_text(text) {
            eprintln!("dokuz-tas: --moves: move {} '{text}': {e} (the rest is ignored)", n + 1);
            break;
        }
    }
    if options.print_layout {
        app.add_systems(Update, print_layout);
    }
    if options.diagnose_frames {
        app.add_plugins(diagnose::plugin);
    }
    app.run()
}
