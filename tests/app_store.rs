//! Progress kept on the device, on a real store in a temporary folder (each test its own:
//! bevy_pkv cannot open one folder twice): settings round-trip, a game continued after the
//! app is dropped and built again, command-line values that are not kept, and damaged
//! stores that leave a running app with the damage kept aside and defaults in place.

mod app_common;
use app_common::update_until;

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use dokuz_tas::app::CorePlugin;
use dokuz_tas::app::model::{BoardTap, Command, EndReason, GameSetup, Opponent, Screen, Session};
use dokuz_tas::app::settings::{Animation, Overridden, Settings, Theme};
use dokuz_tas::app::store::{FILE, FinishedGame, Store, StoreNotice, StorePlugin, StoredSettings};
use dokuz_tas::rules::{Colour, Game, Rules, VariantKind};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dokuz-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The app on a store in `dir`, with the command line's `launch` values where `overridden`.
fn app_on(dir: &Path, launch: Settings, overridden: Overridden) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    app.insert_resource(Store::open(dir));
    app.add_plugins(StorePlugin { launch, overridden });
    app.add_plugins(CorePlugin);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.update();
    app
}

fn app_plain(dir: &Path) -> App {
    app_on(dir, Settings::default(), Overridden::default())
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

fn kept_aside(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|n| n.contains(".damaged-"))
        .collect()
}

#[test]
fn settings_survive_a_restart() {
    let dir = temp_dir("settings");
    let changed = {
        let mut app = app_plain(&dir);
        assert!(app.world().resource::<Store>().is_open());
        let mut s = app.world().resource::<Settings>().clone();
        s.theme = Theme::Dark;
        s.animation = Animation::Fast;
        s.sound = false;
        s.setup.variant = VariantKind::Twelve;
        s.setup.opponent = Opponent::TwoPlayers;
        app.world_mut().resource_mut::<Settings>().set_if_neq(s.clone());
        frames(&mut app, 3);
        s
    };
    let app = app_plain(&dir);
    assert_eq!(*app.world().resource::<Settings>(), changed);
    assert!(app.world().resource::<StoreNotice>().0.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_command_line_value_is_for_this_run_only() {
    let dir = temp_dir("override");
    {
        let launch = Settings { theme: Theme::Dark, ..Settings::default() };
        let mut app = app_on(&dir, launch, Overridden { theme: true, ..Overridden::default() });
        assert_eq!(app.world().resource::<Settings>().theme, Theme::Dark, "the run uses it");
        // the player changes something else: that is kept, the override is not
        let mut s = app.world().resource::<Settings>().clone();
        s.sound = false;
        app.world_mut().resource_mut::<Settings>().set_if_neq(s);
        frames(&mut app, 3);
        assert_eq!(app.world().resource::<StoredSettings>().0.theme, Theme::Light);
    }
    let app = app_plain(&dir);
    let s = app.world().resource::<Settings>();
    assert_eq!((s.theme, s.sound), (Theme::Light, false));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_in_progress_continues_after_a_restart() {
    let dir = temp_dir("game");
    let played = {
        let mut app = app_plain(&dir);
        let mut s = app.world().resource::<Settings>().clone();
        s.setup.opponent = Opponent::TwoPlayers;
        s.animation = Animation::Off;
        app.world_mut().resource_mut::<Settings>().set_if_neq(s);
        app.world_mut().write_message(Command::NewGame);
        frames(&mut app, 2);
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
        // moves, an undo (the redo list is kept too)
        for m in ["d6", "d2", "f4", "b4", "f6", "b6", "e4"] {
            let mut session = app.world_mut().resource_mut::<Session>();
            session.game.play_text(m).expect("a legal move");
            session.revision += 1;
            app.update();
        }
        app.world_mut().write_message(Command::Undo);
        frames(&mut app, 2);
        app.world().resource::<Session>().clone()
    };
    assert_eq!(played.game.ply(), 6);
    assert!(played.game.can_redo());
    let mut app = app_plain(&dir);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    let restored = app.world().resource::<Session>().clone();
    assert_eq!(restored.game.moves(), played.game.moves());
    assert_eq!(restored.game.position(), played.game.position());
    assert_eq!(restored.game.history(), played.game.history());
    assert_eq!((restored.opponent, restored.human, restored.number), (played.opponent, played.human, played.number));
    app.world_mut().write_message(Command::Continue);
    frames(&mut app, 2);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    app.world_mut().write_message(Command::Redo);
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Session>().game.ply(), 7, "the redo list came back too");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each kind of damage: the app runs, defaults are in place, the damage is kept aside and
/// the player is told.
#[test]
fn damaged_stores_leave_a_running_app_with_defaults_and_the_damage_kept_aside() {
    let good = {
        let dir = temp_dir("good");
        {
            let mut app = app_plain(&dir);
            let mut s = app.world().resource::<Settings>().clone();
            s.theme = Theme::Dark;
            app.world_mut().resource_mut::<Settings>().set_if_neq(s);
            frames(&mut app, 3);
        }
        let bytes = std::fs::read(dir.join(FILE)).expect("a store file");
        let _ = std::fs::remove_dir_all(&dir);
        bytes
    };
    let mut rng_bytes = Vec::new();
    let mut x: u32 = 2026;
    for _ in 0..8192 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        rng_bytes.push((x >> 16) as u8);
    }
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("random", rng_bytes),
        ("truncated", good[..good.len() / 3].to_vec()),
        ("half-zeroed", good.iter().enumerate().map(|(i, b)| if i % 2 == 0 { 0 } else { *b }).collect()),
    ];
    for (name, bytes) in cases {
        let dir = temp_dir(name);
        std::fs::write(dir.join(FILE), &bytes).expect("write the damaged store");
        let mut app = app_plain(&dir);
        frames(&mut app, 3);
        assert_eq!(app.world().resource::<Settings>().theme, Theme::Light, "{name}: defaults");
        assert!(app.world().get_resource::<Session>().is_none(), "{name}: no game from a damaged store");
        assert!(!kept_aside(&dir).is_empty(), "{name}: the damage is kept aside");
        assert!(!app.world().resource::<StoreNotice>().0.is_empty(), "{name}: the player is told");
        // and the fresh store works
        app.world_mut().write_message(Command::NewGame);
        frames(&mut app, 3);
        assert!(app.world().resource::<Store>().is_open(), "{name}: a fresh store");
        let _ = std::fs::remove_dir_all(&dir);
    }
    // An empty file is a new store (bevy_pkv treats it so): defaults, nothing to tell.
    let dir = temp_dir("empty");
    std::fs::write(dir.join(FILE), b"").expect("write");
    let app = app_plain(&dir);
    assert!(app.world().resource::<Store>().is_open());
    assert_eq!(app.world().resource::<Settings>().theme, Theme::Light);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record of another type (or another version's shape) under a known key is set aside
/// with a copy of the file; defaults take its place.
#[test]
fn a_record_of_the_wrong_type_is_replaced_by_defaults() {
    let dir = temp_dir("wrong-type");
    {
        let mut pkv = bevy_pkv::PkvStore::new_in_dir(&dir);
        pkv.set("settings", &vec![1u8, 2, 3]).expect("set");
        pkv.set("game", &"not a game".to_string()).expect("set");
    }
    let mut app = app_plain(&dir);
    frames(&mut app, 2);
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    assert!(app.world().get_resource::<Session>().is_none());
    assert_eq!(kept_aside(&dir).len(), 2, "one copy for each bad record: {:?}", kept_aside(&dir));
    assert_eq!(app.world().resource::<StoreNotice>().0.len(), 2);
    drop(app);
    // the bad records are gone: the next start is clean
    let app = app_plain(&dir);
    assert!(app.world().resource::<StoreNotice>().0.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts a two-player game from the menu and sets the worked example of rules.md, where
/// White wins with f2-g7 and a capture.
fn worked_example(app: &mut App) {
    app.world_mut().write_message(Command::NewGame);
    frames(app, 2);
    let game = Game::from_text(Rules::new(VariantKind::Nine), Some("W:a7,d7,f2 B:a1,d1,e4 w")).expect("position");
    let mut session = app.world_mut().resource_mut::<Session>();
    session.game = game;
    session.revision += 1;
    frames(app, 2);
}

/// White wins through the one input path: taps on f2, g7 and the piece to take.
fn win(app: &mut App) {
    let board = VariantKind::Nine.variant();
    for p in ["f2", "g7", "a1"] {
        app.world_mut().write_message(BoardTap::pointer(board.parse_point(p)));
        app.update();
    }
    frames(app, 2);
    assert!(app.world().resource::<Session>().is_over(), "White won");
}

fn history(app: &mut App) -> Vec<FinishedGame> {
    app.world_mut().resource_mut::<Store>().history()
}

fn two_players(dir: &Path) -> App {
    let launch = Settings {
        animation: Animation::Off,
        setup: GameSetup { opponent: Opponent::TwoPlayers, ..GameSetup::default() },
        ..Settings::default()
    };
    app_on(dir, launch, Overridden { opponent: true, animation: true, ..Overridden::default() })
}

/// A finished game is recorded once: not again after an undo at the end and the same win,
/// a restart, or when a rematch is played; the rematch is a game of its own.
#[test]
fn a_finished_game_is_recorded_exactly_once() {
    let dir = temp_dir("history");
    {
        let mut app = two_players(&dir);
        worked_example(&mut app);
        assert!(history(&mut app).is_empty());
        win(&mut app);
        let h = history(&mut app);
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].result.winner, Some(Colour::White));
        assert_eq!(h[0].result.reason, EndReason::TwoPieces);
        assert_eq!(h[0].game.moves.last().map(String::as_str), Some("f2-g7xa1"));
        // undo at the end, win again: still one game
        app.world_mut().write_message(Command::Undo);
        frames(&mut app, 2);
        assert!(!app.world().resource::<Session>().is_over());
        win(&mut app);
        assert_eq!(history(&mut app).len(), 1);
        // a rematch is another game
        app.world_mut().write_message(Command::Rematch);
        frames(&mut app, 2);
        let game = Game::from_text(Rules::new(VariantKind::Nine), Some("W:a7,d7,f2 B:a1,d1,e4 w")).expect("position");
        app.world_mut().resource_mut::<Session>().game = game;
        frames(&mut app, 2);
        win(&mut app);
        assert_eq!(history(&mut app).len(), 2);
    }
    // a restart (the finished rematch is the stored game) counts nothing again
    let mut app = two_players(&dir);
    assert_eq!(history(&mut app).len(), 2);
    assert!(app.world().resource::<Session>().is_over());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game that ended just before the app stopped (saved, not yet in the history) is
/// recorded on the next start.
#[test]
fn a_game_that_ended_before_a_stop_is_recorded_on_the_next_start() {
    let dir = temp_dir("crash");
    let finished = {
        let mut app = two_players(&dir);
        worked_example(&mut app);
        win(&mut app);
        app.world().resource::<Session>().clone()
    };
    // the history as it would be had the app stopped between the game and its record
    {
        let mut pkv = bevy_pkv::PkvStore::new_in_dir(&dir);
        pkv.remove("history").expect("remove");
    }
    let mut app = two_players(&dir);
    let h = history(&mut app);
    assert_eq!(h.len(), 1, "the finished game was recorded on start");
    assert_eq!(h[0].id, finished.id);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A store written by the first record versions (`tests/fixtures/store-v1`, made by the
/// game at commit 1da6ba7) opens with everything in it: the settings migrated (the
/// learning mode, which they did not have, off), the game in progress replayed, the
/// history read; and what is saved after is read back in the new versions.
#[test]
fn a_store_of_the_first_record_versions_is_migrated() {
    let dir = temp_dir("migration");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/store-v1").join(FILE);
    std::fs::copy(&fixture, dir.join(FILE)).expect("copy the fixture");
    let migrated = {
        let mut app = app_plain(&dir);
        assert!(app.world().resource::<StoreNotice>().0.is_empty(), "nothing was set aside");
        let s = app.world().resource::<Settings>().clone();
        assert_eq!(s.lang, dokuz_tas::app::i18n::Lang::En);
        assert_eq!(s.theme, Theme::Dark);
        assert!(!s.sound);
        assert_eq!(s.setup.opponent, Opponent::Computer(dokuz_tas::ai::Level::Medium));
        assert!(!s.learning, "a setting the old version did not have takes its default");
        let session = app.world().resource::<Session>().clone();
        let board = VariantKind::Nine.variant();
        let moves: Vec<String> =
            session.game.moves().iter().map(|&m| dokuz_tas::rules::notation::move_text(board, m)).collect();
        assert_eq!(moves, ["d2", "d6", "b4"], "the game in progress, replayed");
        let h = history(&mut app);
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].game.moves.last().map(String::as_str), Some("f2-g7xa1"));
        assert_eq!(h[0].result.winner, Some(Colour::White));
        // a change is saved in the new version
        let mut changed = s.clone();
        changed.learning = true;
        app.world_mut().resource_mut::<Settings>().set_if_neq(changed.clone());
        frames(&mut app, 3);
        changed
    };
    let mut app = app_plain(&dir);
    assert_eq!(*app.world().resource::<Settings>(), migrated);
    assert_eq!(history(&mut app).len(), 1);
    assert!(kept_aside(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A finished game opens from the history on the board: it steps one move at a time,
/// refuses taps, is reviewed in the background (every move graded), is neither saved
/// over the game in progress nor recorded again, and Back brings the game in progress
/// back.
#[test]
fn a_game_of_the_history_steps_reviews_and_gives_the_game_back() {
    use dokuz_tas::ai::review::Grade;
    use dokuz_tas::app::review_task::Review;
    let dir = temp_dir("viewing");
    let mut app = two_players(&dir);
    worked_example(&mut app);
    win(&mut app);
    let finished = history(&mut app)[0].clone();
    // a new game in progress, one move in
    app.world_mut().write_message(Command::Rematch);
    frames(&mut app, 2);
    app.world_mut().write_message(BoardTap::pointer(VariantKind::Nine.variant().parse_point("d2")));
    frames(&mut app, 2);
    let in_progress = app.world().resource::<Session>().clone();
    assert_eq!(in_progress.game.ply(), 1);
    app.world_mut().write_message(Command::Menu);
    frames(&mut app, 2);
    app.world_mut().write_message(Command::ViewGame(finished.id));
    frames(&mut app, 2);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    let viewed = app.world().resource::<Session>().clone();
    assert!(viewed.viewing.is_some());
    assert_eq!(viewed.id, finished.id);
    assert_eq!(viewed.game.ply(), 1, "opened at its end");
    assert_eq!(viewed.result(), Some(finished.result));
    // back one move: the result is not shown before the end, and taps play nothing
    app.world_mut().write_message(Command::Undo);
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);
    assert!(app.world().resource::<Session>().result().is_none());
    app.world_mut().write_message(BoardTap::pointer(VariantKind::Nine.variant().parse_point("f2")));
    app.world_mut().write_message(BoardTap::pointer(VariantKind::Nine.variant().parse_point("g7")));
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Session>().game.ply(), 0, "a game of the history is not played");
    // the review grades its one move: the win, the best move
    app.world_mut().write_message(Command::Review);
    update_until(&mut app, "the review", |app| {
        let r = app.world().resource::<Review>();
        !r.running() && r.moves.len() == 1
    });
    let review = app.world().resource::<Review>();
    assert_eq!(review.id, Some(finished.id));
    assert_eq!(review.moves[0].grade, Grade::Best);
    app.world_mut().write_message(Command::GoTo(usize::MAX));
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Session>().game.ply(), 1);
    assert_eq!(history(&mut app).len(), 1, "viewing records nothing");
    // Back: the game in progress is back, where it was
    app.world_mut().write_message(Command::Menu);
    frames(&mut app, 3);
    let back = app.world().resource::<Session>().clone();
    assert!(back.viewing.is_none());
    assert_eq!(back.id, in_progress.id);
    assert_eq!(back.game.moves(), in_progress.game.moves());
    drop(app);
    // and it is the game kept on the device
    let app = two_players(&dir);
    let kept = app.world().resource::<Session>();
    assert_eq!(kept.id, in_progress.id);
    assert_eq!(kept.game.ply(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reset deletes the history, and the finished game still on screen is not recorded
/// again on the next start.
#[test]
fn reset_empties_the_history_for_good() {
    use dokuz_tas::app::store::ResetHistory;
    let dir = temp_dir("reset");
    {
        let mut app = two_players(&dir);
        worked_example(&mut app);
        win(&mut app);
        assert_eq!(history(&mut app).len(), 1);
        app.world_mut().write_message(ResetHistory);
        frames(&mut app, 2);
        assert!(app.world().resource::<dokuz_tas::app::store::History>().0.is_empty());
    }
    let mut app = two_players(&dir);
    assert!(app.world().resource::<Session>().is_over(), "the finished game is still the one on screen");
    assert!(history(&mut app).is_empty());
    assert!(app.world().resource::<dokuz_tas::app::store::History>().0.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The phone suspends the app: the game is saved then (and only a save then keeps a change
/// made since the last one); after resume the same game is on screen and a computer move
/// in progress still arrives.
#[test]
fn suspend_saves_and_resume_goes_on() {
    use bevy::window::AppLifecycle;
    let dir = temp_dir("suspend");
    let vs_hard = |dir: &Path| {
        let launch = Settings {
            animation: Animation::Off,
            setup: GameSetup {
                opponent: Opponent::Computer(dokuz_tas::ai::Level::Hard),
                colour: dokuz_tas::app::model::ColourChoice::Fixed(Colour::White),
                ..GameSetup::default()
            },
            ..Settings::default()
        };
        app_on(dir, launch, Overridden { opponent: true, animation: true, ..Overridden::default() })
    };
    let board = VariantKind::Nine.variant();
    // control: a change no save has seen is lost when the app is gone
    {
        let mut app = vs_hard(&dir);
        app.world_mut().write_message(Command::NewGame);
        frames(&mut app, 2);
        app.world_mut().resource_mut::<Session>().bypass_change_detection().number = 41;
        frames(&mut app, 2);
    }
    assert_ne!(vs_hard(&dir).world().resource::<Session>().number, 41, "no save, no change");
    let mut app = vs_hard(&dir);
    // the player places; the computer thinks while the phone suspends and resumes the app
    app.world_mut().write_message(Command::Continue);
    frames(&mut app, 2);
    app.world_mut().write_message(BoardTap::pointer(board.parse_point("d6")));
    frames(&mut app, 2);
    assert!(app.world().resource::<dokuz_tas::app::ai_task::Thinking>().is_replying(), "the computer is thinking");
    app.world_mut().write_message(AppLifecycle::WillSuspend);
    frames(&mut app, 1);
    app.world_mut().write_message(AppLifecycle::Suspended);
    frames(&mut app, 1);
    app.world_mut().write_message(AppLifecycle::WillResume);
    frames(&mut app, 1);
    app.world_mut().write_message(AppLifecycle::Running);
    update_until(&mut app, "the computer's move after resume", |app| app.world().resource::<Session>().game.ply() == 2);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    // a change no save has seen, then a suspend
    app.world_mut().resource_mut::<Session>().bypass_change_detection().number = 42;
    app.world_mut().write_message(AppLifecycle::WillSuspend);
    frames(&mut app, 1);
    let on_screen = app.world().resource::<Session>().clone();
    drop(app);
    let app = vs_hard(&dir);
    let kept = app.world().resource::<Session>();
    assert_eq!(kept.number, 42, "the suspend saved the change");
    assert_eq!(kept.game.moves(), on_screen.game.moves(), "and every move since");
    let _ = std::fs::remove_dir_all(&dir);
}
