//! Headless app tests: whole games played through injected mouse clicks, touches, drags
//! and key presses, mapped to points by the same layout the game draws with; after every
//! move the rules state and the piece entities are compared with the engine. Also the
//! screens' entities, resigning and the questions asked first, hints, rematches and stale
//! computer answers. (Tests that assert wall-clock times are in `timing.rs`.)

mod app_common;
use app_common::update_until;

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{CursorMoved, WindowEvent};
use dokuz_tas::ai::Level;
use dokuz_tas::ai::endgame::Value;
use dokuz_tas::app::CorePlugin;
use dokuz_tas::app::ai_task::Thinking;
use dokuz_tas::app::board::BoardLayout;
use dokuz_tas::app::i18n::{self, Lang};
use dokuz_tas::app::model::{
    Asking, BoardReset, ColourChoice, Command, ComputerMove, EndReason, GameSetup, Notice, NoticeText, Opponent,
    Question, Screen, Selection, Session,
};
use dokuz_tas::app::pieces::{BoardPos, Piece, Spot, Tween};
use dokuz_tas::app::settings::{Animation, Settings};
use dokuz_tas::rules::{Colour, Game, Illegal, Move, Rules, VariantKind};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn settings(variant: VariantKind, opponent: Opponent) -> Settings {
    let setup = GameSetup { variant, opponent, colour: ColourChoice::Fixed(Colour::White), flying: true };
    Settings { animation: Animation::Off, setup, ..Settings::default() }
}

/// The app without a window, on the menu.
fn menu_app(settings: Settings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    app.insert_resource(settings);
    app.add_plugins(CorePlugin);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.update();
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// The app with a game started from the menu, as the New game button does.
fn app(settings: Settings) -> App {
    let mut app = menu_app(settings);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(app.world().get_resource::<Session>().is_none(), "no game before one starts");
    app.world_mut().write_message(Command::NewGame);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    app
}

const WINDOW: Entity = Entity::PLACEHOLDER;

/// Starts the session from position text (the game's own reset path lays the pieces out).
fn set_position(app: &mut App, rules: Rules, text: &str) {
    let game = Game::from_text(rules, Some(text)).expect("test position");
    let mut session = app.world_mut().resource_mut::<Session>();
    session.game = game;
    session.revision += 1;
    app.world_mut().write_message(BoardReset);
    app.update();
}

fn screen_of(app: &App, p: u8) -> Vec2 {
    let session = app.world().resource::<Session>();
    app.world().resource::<BoardLayout>().0.screen_of_point(session.game.board(), p)
}

#[derive(Clone, Copy, Debug)]
enum Device {
    Mouse,
    Touch,
}

/// The mouse moved to `at` and its left button `state`, as the window backend reports
/// them: each as its own message and both, in order, in the window's event stream.
fn mouse_at(app: &mut App, at: Vec2, state: ButtonState) {
    let moved = CursorMoved { window: WINDOW, position: at, delta: None };
    let button = MouseButtonInput { button: MouseButton::Left, state, window: WINDOW };
    let world = app.world_mut();
    world.write_message(moved.clone());
    world.write_message(button);
    world.write_message(WindowEvent::CursorMoved(moved));
    world.write_message(WindowEvent::MouseButtonInput(button));
}

fn press(app: &mut App, device: Device, at: Vec2) {
    match device {
        Device::Mouse => mouse_at(app, at, ButtonState::Pressed),
        Device::Touch => {
            app.world_mut().write_message(TouchInput {
                phase: TouchPhase::Started,
                position: at,
                window: WINDOW,
                force: None,
                id: 7,
            });
        }
    }
    app.update();
}

fn release(app: &mut App, device: Device, at: Vec2) {
    match device {
        Device::Mouse => mouse_at(app, at, ButtonState::Released),
        Device::Touch => {
            app.world_mut().write_message(TouchInput {
                phase: TouchPhase::Ended,
                position: at,
                window: WINDOW,
                force: None,
                id: 7,
            });
        }
    }
    app.update();
}

/// A tap a little off the point's centre, as a finger would.
fn tap(app: &mut App, device: Device, p: u8) {
    let unit = app.world().resource::<BoardLayout>().0.unit;
    let at = screen_of(app, p) + Vec2::new(unit * 0.2, -unit * 0.15);
    press(app, device, at);
    release(app, device, at);
}

fn drag(app: &mut App, device: Device, from: u8, to: u8) {
    let (a, b) = (screen_of(app, from), screen_of(app, to));
    press(app, device, a);
    release(app, device, b);
}

fn key(app: &mut App, code: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: WINDOW,
        });
        app.update();
    }
}

/// Plays a move the way a player would: tap (or drag) the piece, tap the destination, tap
/// the piece to take.
fn play_by_input(app: &mut App, m: Move, device: Device, use_drag: bool) {
    match m.from_point() {
        None => tap(app, device, m.to),
        Some(from) if use_drag => drag(app, device, from, m.to),
        Some(from) => {
            tap(app, device, from);
            tap(app, device, m.to);
        }
    }
    if let Some(c) = m.captured_point() {
        assert!(app.world().resource::<Selection>().pending.is_some(), "a mill waits for the capture");
        tap(app, device, c);
    }
}

/// The piece entities agree with the rules state: one per occupied point with its colour,
/// one per piece in hand, none left over (captured ones are gone at animation speed 0).
fn assert_pieces_match(app: &mut App) {
    let session = app.world().resource::<Session>().clone();
    let pos = *session.game.position();
    let variant = session.game.board();
    let layout = app.world().resource::<BoardLayout>().0;
    let mut q = app.world_mut().query::<(&Piece, &BoardPos, &Transform)>();
    let pieces: Vec<(Piece, BoardPos, Transform)> = q.iter(app.world()).map(|(p, b, t)| (*p, *b, *t)).collect();
    let mut hands = [0u8; 2];
    for (piece, at, tf) in &pieces {
        match piece.at {
            Spot::Board(p) => {
                assert_eq!(pos.colour_at(p), Some(piece.colour), "piece entity on {}", variant.point_name(p));
                assert!(at.0.distance(layout.point(variant, p)) < 1e-4, "piece drawn where it stands");
                assert!(tf.translation.truncate().distance(layout.to_world(layout.point(variant, p))) < 0.01);
            }
            Spot::Hand(_) => hands[piece.colour.index()] += 1,
            Spot::Captured => panic!("a captured piece outlived its animation"),
        }
    }
    let on_board = pieces.iter().filter(|(p, ..)| matches!(p.at, Spot::Board(_))).count() as u32;
    assert_eq!(on_board, pos.occupied().count_ones());
    assert_eq!(hands, pos.in_hand);
}

/// Random legal games of every variant played through mouse taps, touches and drags.
#[test]
fn whole_games_through_taps_touches_and_drags() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut captures = 0;
    for (round, variant) in
        [VariantKind::Nine, VariantKind::Six, VariantKind::Five, VariantKind::Twelve, VariantKind::Nine]
            .into_iter()
            .enumerate()
    {
        let mut app = app(settings(variant, Opponent::TwoPlayers));
        let mut engine = Game::new(Rules::new(variant));
        for ply in 0..90 {
            if engine.status().is_over() {
                break;
            }
            let moves: Vec<Move> = engine.legal_moves().iter().copied().collect();
            // prefer captures so that every game has some
            let caps: Vec<Move> = moves.iter().copied().filter(|m| m.captures()).collect();
            let m = if !caps.is_empty() && rng.random_range(0..3) > 0 {
                caps[rng.random_range(0..caps.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            let device = if (ply + round) % 2 == 0 { Device::Mouse } else { Device::Touch };
            play_by_input(&mut app, m, device, ply % 3 == 0);
            engine.push(m);
            captures += m.captures() as u32;
            app.update();
            let session = app.world().resource::<Session>();
            assert_eq!(session.game.moves(), engine.moves(), "{variant:?} ply {ply}: the game follows the taps");
            assert_eq!(session.game.position(), engine.position());
            assert_pieces_match(&mut app);
        }
    }
    assert!(captures >= 10, "games with captures: {captures}");
}

#[test]
fn refused_taps_explain_why_and_change_nothing() {
    let mut app = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    // Black has a mill on the bottom row and a free piece on d2; White closes the top row.
    set_position(&mut app, Rules::new(VariantKind::Nine), "W:a7,d7,b6 B:a1,d1,g1,d2 w 5 5 0");
    tap(&mut app, Device::Mouse, VariantKind::Nine.variant().parse_point("g7").unwrap());
    let board = VariantKind::Nine.variant();
    let pt = |s: &str| board.parse_point(s).unwrap();
    assert!(app.world().resource::<Selection>().pending.is_some());
    let before = app.world().resource::<Session>().game.clone();
    // a piece of Black's mill is protected while d2 is free
    tap(&mut app, Device::Mouse, pt("d1"));
    assert_eq!(app.world().resource::<Notice>().text, Some(NoticeText::Refused(Illegal::CaptureProtected(pt("d1")))));
    // own piece is no capture
    tap(&mut app, Device::Touch, pt("a7"));
    assert_eq!(app.world().resource::<Notice>().text, Some(NoticeText::Refused(Illegal::CaptureNotOpponent(pt("a7")))));
    assert_eq!(app.world().resource::<Session>().game, before, "refused taps change nothing");
    tap(&mut app, Device::Mouse, pt("d2"));
    assert_eq!(app.world().resource::<Session>().game.moves().len(), before.moves().len() + 1);
    // Black to place: tapping an occupied point or an own piece is refused
    tap(&mut app, Device::Mouse, pt("a7"));
    assert_eq!(app.world().resource::<Notice>().text, Some(NoticeText::Refused(Illegal::Occupied(pt("a7")))));
    tap(&mut app, Device::Mouse, pt("a1"));
    assert_eq!(app.world().resource::<Notice>().text, Some(NoticeText::Refused(Illegal::MustPlace)));
    let mut shaking = app.world_mut().query_filtered::<&Piece, With<dokuz_tas::app::pieces::Shake>>();
    assert!(shaking.iter(app.world()).any(|p| p.at == Spot::Board(pt("a1"))), "the refused piece shakes");
    settle(&mut app);
    assert_pieces_match(&mut app);
}

#[test]
fn two_clicks_in_one_slow_frame_play_two_moves_where_they_were_clicked() {
    // A frame that takes long (a slow phone with a mouse, a busy machine) can hold two whole
    // clicks: each must be played where it was clicked, in order.
    let mut app = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    let board = VariantKind::Nine.variant();
    let pt = |s: &str| board.parse_point(s).unwrap();
    let (d6, d2) = (screen_of(&app, pt("d6")), screen_of(&app, pt("d2")));
    for (at, state) in [
        (d6, ButtonState::Pressed),
        (d6, ButtonState::Released),
        (d2, ButtonState::Pressed),
        (d2, ButtonState::Released),
    ] {
        mouse_at(&mut app, at, state);
    }
    app.update();
    let game = &app.world().resource::<Session>().game;
    let expected = Game::from_text(Rules::new(VariantKind::Nine), Some("W:d6 B:d2 w 8 8 0")).expect("position");
    assert_eq!(game.position(), expected.position(), "White on d6 and Black on d2: {}", game.position_text());
    assert_eq!(app.world().resource::<Notice>().text, None, "nothing refused");
    assert_pieces_match(&mut app);
}

#[test]
fn sliding_rules_are_explained() {
    let mut s = settings(VariantKind::Nine, Opponent::TwoPlayers);
    s.setup.flying = false;
    let mut app = app(s);
    set_position(&mut app, Rules::with_flying(VariantKind::Nine, false), "W:a7,d7,b4 B:a1,d1,g1,f4 w");
    let board = VariantKind::Nine.variant();
    let pt = |s: &str| board.parse_point(s).unwrap();
    tap(&mut app, Device::Mouse, pt("b4"));
    assert_eq!(app.world().resource::<Selection>().selected, Some(pt("b4")));
    // a diagonal or a jump: refused, and with three pieces and flying off it says so
    tap(&mut app, Device::Mouse, pt("c5"));
    assert_eq!(app.world().resource::<Notice>().text, Some(NoticeText::Refused(Illegal::FlyingOff)));
    tap(&mut app, Device::Mouse, pt("a1"));
    assert_eq!(app.world().resource::<Notice>().text, Some(NoticeText::Refused(Illegal::Occupied(pt("a1")))));
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);
    // Esc clears the selection
    tap(&mut app, Device::Mouse, pt("b4"));
    key(&mut app, KeyCode::Escape);
    assert_eq!(app.world().resource::<Selection>().selected, None);
    // a drag: the piece follows the finger, then lands on the legal destination
    let (from, to) = (screen_of(&app, pt("b4")), screen_of(&app, pt("b6")));
    press(&mut app, Device::Touch, from);
    let midway = from.lerp(to, 0.6);
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Moved,
        position: midway,
        window: WINDOW,
        force: None,
        id: 7,
    });
    app.update();
    app.update();
    let layout = app.world().resource::<BoardLayout>().0;
    let mut q = app.world_mut().query::<(&Piece, &BoardPos)>();
    let held = q.iter(app.world()).find(|(p, _)| p.at == Spot::Board(pt("b4"))).map(|(_, b)| b.0).unwrap();
    assert!(held.distance(layout.from_screen(midway)) < 1e-3, "the dragged piece is under the finger");
    release(&mut app, Device::Touch, to);
    assert_eq!(app.world().resource::<Session>().game.ply(), 1);
    settle(&mut app);
    assert_pieces_match(&mut app);
}

#[test]
fn keyboard_moves_the_focus_and_plays() {
    let mut app = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    let board = VariantKind::Nine.variant();
    let pt = |s: &str| board.parse_point(s).unwrap();
    // the first arrow shows the focus at the point nearest the centre, then arrows walk
    key(&mut app, KeyCode::ArrowUp);
    let first = app.world().resource::<Selection>().focus.unwrap();
    assert!(["d5", "d3", "c4", "e4"].contains(&board.point_name(first)));
    // walk to d7: up from anywhere on the middle column reaches it
    tap_focus_to(&mut app, pt("d7"));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.world().resource::<Session>().game.moves(), &[Move::place(pt("d7"))]);
    key(&mut app, KeyCode::ArrowLeft);
    assert_eq!(app.world().resource::<Selection>().focus, Some(pt("a7")));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.world().resource::<Session>().game.ply(), 2);
    // Ctrl+Z undoes (two players: one move)
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::ControlLeft);
    key(&mut app, KeyCode::KeyZ);
    assert_eq!(app.world().resource::<Session>().game.ply(), 1);
    assert_pieces_match(&mut app);
}

/// Steers the focus to `target` with arrow keys (a greedy walk that the board's
/// geometry always completes).
fn tap_focus_to(app: &mut App, target: u8) {
    let board = app.world().resource::<Session>().game.board();
    let layout = app.world().resource::<BoardLayout>().0;
    for _ in 0..12 {
        let here = app.world().resource::<Selection>().focus.unwrap();
        if here == target {
            return;
        }
        let d = layout.point(board, target) - layout.point(board, here);
        let code = if d.y.abs() >= d.x.abs() {
            if d.y > 0.0 { KeyCode::ArrowUp } else { KeyCode::ArrowDown }
        } else if d.x > 0.0 {
            KeyCode::ArrowRight
        } else {
            KeyCode::ArrowLeft
        };
        key(app, code);
    }
    panic!("focus did not reach the target");
}

/// Lets a second of frames pass (shakes and animations end).
fn settle(app: &mut App) {
    for _ in 0..60 {
        app.update();
    }
}

#[test]
fn the_computer_replies_and_undo_takes_back_both_moves() {
    let mut app = app(settings(VariantKind::Nine, Opponent::Computer(Level::Easy)));
    let board = VariantKind::Nine.variant();
    tap(&mut app, Device::Mouse, board.parse_point("d6").unwrap());
    update_until(&mut app, "the computer's reply", |app| app.world().resource::<Session>().game.ply() == 2);
    app.update();
    assert_pieces_match(&mut app);
    // a tap while it is the computer's turn is refused politely: not the case now, it is ours
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(app.world().resource::<Session>().game.ply(), 0, "one undo takes back the reply and our move");
    app.update();
    assert_pieces_match(&mut app);
    app.world_mut().write_message(Command::Redo);
    app.update();
    assert_eq!(app.world().resource::<Session>().game.ply(), 2);
}

#[test]
fn a_new_game_cancels_the_computers_search() {
    // Master thinks for seconds as White; the human plays Black. Twelve men's: in nine
    // men's its first placements come from the opening book at once.
    let mut s = settings(VariantKind::Twelve, Opponent::Computer(Level::Master));
    s.setup.colour = ColourChoice::Fixed(Colour::Black);
    let mut app = app(s);
    update_until(&mut app, "the search to start", |app| app.world().resource::<Thinking>().is_replying());
    let stop = app.world().resource::<Thinking>().job.as_ref().unwrap().stop.clone();
    // Nothing was played yet, so nothing is asked: the new game starts at once.
    app.world_mut().write_message(Command::NewGame);
    app.update();
    app.update();
    assert!(stop.load(std::sync::atomic::Ordering::Relaxed), "the stop flag is raised");
    assert!(app.world().resource::<Thinking>().cancelled >= 1);
    assert_eq!(app.world().resource::<Session>().number, 1);
}

/// A computer answer for an earlier revision of the game is dropped; the same move for
/// the current revision is played. (Written directly, so that the check is reached.)
#[test]
fn a_stale_computer_answer_is_ignored() {
    // Twelve men's, where Master searches for seconds (nine men's opens from the book).
    let mut s = settings(VariantKind::Twelve, Opponent::Computer(Level::Master));
    s.setup.colour = ColourChoice::Fixed(Colour::Black);
    let mut app = app(s);
    // a few revisions on (as after moves and undos), so that there is an older one
    app.world_mut().resource_mut::<Session>().revision += 3;
    app.update();
    let (revision, m) = {
        let session = app.world().resource::<Session>();
        (session.revision, session.game.legal_moves().iter().copied().next().unwrap())
    };
    assert!(app.world().resource::<Session>().computer_to_move().is_some());
    app.world_mut().write_message(ComputerMove { m, revision: revision - 1 });
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Session>().game.ply(), 0, "the stale answer was played");
    app.world_mut().write_message(ComputerMove { m, revision });
    app.update();
    assert_eq!(app.world().resource::<Session>().game.moves(), &[m], "the current answer is played");
}

#[test]
fn undo_cancels_the_computers_search() {
    // Twelve men's, where Master searches for seconds (nine men's opens from the book).
    let mut app = app(settings(VariantKind::Twelve, Opponent::Computer(Level::Master)));
    let board = VariantKind::Twelve.variant();
    tap(&mut app, Device::Mouse, board.parse_point("d2").unwrap());
    update_until(&mut app, "the search to start", |app| app.world().resource::<Thinking>().is_replying());
    let stop = app.world().resource::<Thinking>().job.as_ref().unwrap().stop.clone();
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert!(stop.load(std::sync::atomic::Ordering::Relaxed));
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);
    // it is the human's turn: no search runs and nothing is played
    for _ in 0..30 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);
    assert!(!app.world().resource::<Thinking>().is_replying());
}

#[test]
fn pieces_animate_into_place_and_captured_pieces_fade_out() {
    let mut s = settings(VariantKind::Nine, Opponent::TwoPlayers);
    s.animation = Animation::Normal;
    let mut app = app(s);
    let board = VariantKind::Nine.variant();
    let pt = |s: &str| board.parse_point(s).unwrap();
    tap(&mut app, Device::Mouse, pt("d6"));
    let mut q = app.world_mut().query::<(&Piece, &BoardPos, Option<&Tween>)>();
    let (piece, pos, tween) = q
        .iter(app.world())
        .find(|(p, ..)| p.at == Spot::Board(pt("d6")))
        .map(|(p, b, t)| (*p, *b, t.copied()))
        .unwrap();
    assert_eq!(piece.colour, Colour::White);
    assert!(tween.is_some(), "the placed piece is on its way");
    let layout = app.world().resource::<BoardLayout>().0;
    assert!(pos.0.distance(layout.point(board, pt("d6"))) > 0.1, "it starts from the hand");
    for _ in 0..40 {
        app.update();
    }
    assert_pieces_match(&mut app);
    // a capture: the taken piece fades, then is gone
    for text in ["a1", "b6", "d1", "f6"] {
        tap(&mut app, Device::Mouse, pt(text));
    }
    assert!(app.world().resource::<Selection>().pending.is_some(), "b6 d6 f6 is a mill");
    tap(&mut app, Device::Mouse, pt("a1"));
    let mut q = app.world_mut().query::<&Piece>();
    assert!(q.iter(app.world()).any(|p| p.at == Spot::Captured), "the taken piece is fading");
    for _ in 0..60 {
        app.update();
    }
    assert_pieces_match(&mut app);
}

/// The entities of the scene (resources are entities too in Bevy 0.19: not counted).
fn entities(app: &mut App) -> usize {
    app.world_mut().query_filtered::<Entity, Without<bevy::ecs::resource::IsResource>>().iter(app.world()).count()
}

fn go(app: &mut App, to: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(to);
    app.update();
    app.update();
    assert_eq!(screen(app), to);
}

/// What each screen spawns goes when it is left: a round trip through every screen
/// leaves the same entities behind.
#[test]
fn a_round_trip_through_every_screen_leaves_no_stray_entity() {
    let mut app = menu_app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    let on_menu = entities(&mut app);
    app.world_mut().write_message(Command::NewGame);
    app.update();
    app.update();
    tap(&mut app, Device::Mouse, VariantKind::Nine.variant().parse_point("d6").unwrap());
    settle(&mut app);
    let on_game = entities(&mut app);
    let pieces = app.world_mut().query::<&Piece>().iter(app.world()).count();
    assert_eq!(pieces, 18, "nine pieces a side, on the board and in hand");
    assert!(on_game >= on_menu + 18);
    for round in 0..2 {
        for to in [Screen::Settings, Screen::Game, Screen::HowToPlay, Screen::Menu, Screen::Stats, Screen::Menu] {
            go(&mut app, to);
        }
        assert_eq!(entities(&mut app), on_menu, "round {round}: back on the menu");
        app.world_mut().write_message(Command::Continue);
        app.update();
        app.update();
        settle(&mut app);
        assert_eq!(screen(&app), Screen::Game);
        assert_eq!(entities(&mut app), on_game, "round {round}: back in the game");
        assert_pieces_match(&mut app);
    }
}

#[derive(Resource, Default)]
struct SettingsChanges(u32);

fn count_settings_changes(settings: Res<Settings>, mut changes: ResMut<SettingsChanges>) {
    if settings.is_changed() {
        changes.0 += 1;
    }
}

/// Playing, undoing and animating never mark `Settings` changed: only the player does.
#[test]
fn settings_are_not_marked_changed_by_playing() {
    let mut app = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    app.init_resource::<SettingsChanges>().add_systems(Last, count_settings_changes);
    app.update();
    app.world_mut().resource_mut::<SettingsChanges>().0 = 0;
    let board = VariantKind::Nine.variant();
    for p in ["d6", "d2", "f4"] {
        tap(&mut app, Device::Mouse, board.parse_point(p).unwrap());
    }
    app.world_mut().write_message(Command::Undo);
    settle(&mut app);
    assert_eq!(app.world().resource::<SettingsChanges>().0, 0, "Settings marked changed while playing");
    // a real change is seen once
    app.world_mut()
        .resource_mut::<Settings>()
        .set_if_neq(Settings { sound: false, ..settings(VariantKind::Nine, Opponent::TwoPlayers) });
    settle(&mut app);
    assert_eq!(app.world().resource::<SettingsChanges>().0, 1);
}

fn asking(app: &App) -> Option<Question> {
    app.world().resource::<Asking>().0
}

#[test]
fn resigning_asks_first_and_ends_the_game_as_a_loss() {
    let mut app = app(settings(VariantKind::Nine, Opponent::Computer(Level::Easy)));
    let board = VariantKind::Nine.variant();
    // nothing to resign before a move
    app.world_mut().write_message(Command::Resign);
    app.update();
    assert_eq!(asking(&app), None, "no question before the game has begun");
    tap(&mut app, Device::Mouse, board.parse_point("d6").unwrap());
    update_until(&mut app, "the computer's reply", |app| app.world().resource::<Session>().game.ply() == 2);
    app.world_mut().write_message(Command::Resign);
    app.update();
    assert_eq!(asking(&app), Some(Question::Resign));
    // the board waits for the answer
    tap(&mut app, Device::Mouse, board.parse_point("a1").unwrap());
    assert_eq!(app.world().resource::<Session>().game.ply(), 2);
    // "no" keeps playing
    app.world_mut().write_message(Command::Answer(false));
    app.update();
    assert_eq!(asking(&app), None);
    assert!(!app.world().resource::<Session>().is_over());
    // "yes" ends the game: a loss for the human (White)
    app.world_mut().write_message(Command::Resign);
    app.update();
    app.world_mut().write_message(Command::Answer(true));
    app.update();
    let result = app.world().resource::<Session>().result().expect("the game is over");
    assert_eq!(result.winner, Some(Colour::Black));
    assert_eq!(result.reason, EndReason::Resigned);
    // the computer does not move on, and undo cannot take a resignation back
    for _ in 0..20 {
        app.update();
    }
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(app.world().resource::<Session>().game.ply(), 2);
    assert!(!app.world().resource::<Thinking>().is_replying());
}

#[test]
fn a_new_game_over_one_in_progress_asks_first() {
    let mut app = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    let board = VariantKind::Nine.variant();
    tap(&mut app, Device::Mouse, board.parse_point("d6").unwrap());
    app.world_mut().write_message(Command::NewGame);
    app.update();
    assert_eq!(asking(&app), Some(Question::NewGame));
    app.world_mut().write_message(Command::Answer(false));
    app.update();
    assert_eq!(app.world().resource::<Session>().game.ply(), 1, "cancel keeps the game");
    // going to the menu keeps it too, and Continue brings it back
    app.world_mut().write_message(Command::Menu);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Menu);
    app.world_mut().write_message(Command::NewGame);
    app.update();
    assert_eq!(asking(&app), Some(Question::NewGame));
    app.world_mut().write_message(Command::Answer(true));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    let session = app.world().resource::<Session>();
    assert_eq!((session.game.ply(), session.number), (0, 1), "a fresh game, the second");
    settle(&mut app);
    assert_pieces_match(&mut app);
}

#[test]
fn a_hint_is_a_legal_move_for_the_position_it_was_asked_in() {
    let mut app = app(settings(VariantKind::Nine, Opponent::Computer(Level::Easy)));
    app.world_mut().write_message(Command::Hint);
    update_until(&mut app, "the hint", |app| app.world().resource::<Selection>().hint.is_some());
    let (m, revision) = app.world().resource::<Selection>().hint.unwrap();
    let session = app.world().resource::<Session>();
    assert_eq!(revision, session.revision);
    assert!(session.game.legal_moves().contains(&m));
    // playing it clears the hint
    let mut app = app;
    play_by_input(&mut app, m, Device::Touch, false);
    assert_eq!(app.world().resource::<Selection>().hint, None);
}

#[test]
fn a_hint_in_a_tabled_endgame_says_who_wins_in_how_many() {
    // The worked example of the rules page with Black to move: e4-g1 closes a mill and
    // Black wins at once; the tables say so, and the hint carries it.
    let rules = Rules::with_flying(VariantKind::Nine, true);
    dokuz_tas::ai::tables::solved(rules, 3);
    let mut tabled = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    set_position(&mut tabled, rules, "W:a7,d7,f2 B:a1,d1,e4 b");
    tabled.world_mut().write_message(Command::Hint);
    update_until(&mut tabled, "the hint", |app| app.world().resource::<Selection>().hint.is_some());
    let selection = tabled.world().resource::<Selection>();
    assert_eq!(selection.hint_value, Some(Value::Win { plies: 1 }));
    assert_eq!(i18n::known_result(Lang::Tr, Colour::Black, Value::Win { plies: 1 }), "Siyah 1 hamlede kazanır");
    assert_eq!(i18n::known_result(Lang::En, Colour::Black, Value::Loss { plies: 6 }), "White wins in 6");
    // Outside the tables nothing is claimed.
    let mut opening = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    opening.world_mut().write_message(Command::Hint);
    update_until(&mut opening, "the hint", |app| app.world().resource::<Selection>().hint.is_some());
    assert_eq!(opening.world().resource::<Selection>().hint_value, None);
}

#[test]
fn a_rematch_swaps_the_colours_and_the_computer_opens() {
    let mut app = app(settings(VariantKind::Nine, Opponent::Computer(Level::Easy)));
    // White is one capture from winning: Black has three pieces and no flying off... play it out
    set_position(&mut app, Rules::new(VariantKind::Nine), "W:a7,d7,f2 B:a1,d1,e4 w");
    let board = VariantKind::Nine.variant();
    let pt = |s: &str| board.parse_point(s).unwrap();
    play_by_input(&mut app, Move::slide(pt("f2"), pt("g7")).with_capture(pt("a1")), Device::Mouse, false);
    let result = app.world().resource::<Session>().result().expect("White won");
    assert_eq!((result.winner, result.reason), (Some(Colour::White), EndReason::TwoPieces));
    app.world_mut().write_message(Command::Rematch);
    app.update();
    app.update();
    let session = app.world().resource::<Session>().clone();
    assert_eq!(session.human, Colour::Black, "the colours swap");
    assert_eq!(session.number, 1);
    // A new game from the start, which Easy, answering at once on the task pool, may
    // already have opened on a loaded machine.
    let start = Game::new(Rules::new(VariantKind::Nine));
    assert_eq!(session.game.start_position(), start.position());
    assert!(session.game.ply() <= 1, "{:?}", session.game.moves());
    update_until(&mut app, "the computer's opening move", |app| app.world().resource::<Session>().game.ply() == 1);
}

/// Learning mode: a blunder made through the real input path is not played until the
/// player confirms it (the question names the better move); a good move is played once
/// checked, without a question.
#[test]
fn learning_mode_asks_before_a_blunder() {
    let mut s = settings(VariantKind::Nine, Opponent::TwoPlayers);
    s.learning = true;
    let mut app = app(s);
    let rules = Rules::new(VariantKind::Nine);
    // White wins at once with f2-g7 and a capture; anything else lets Black close a1-d1-g1
    set_position(&mut app, rules, "W:a7,d7,f2 B:a1,d1,e4 w");
    let board = VariantKind::Nine.variant();
    let p = |name: &str| board.parse_point(name).expect("a point");
    let asked = |app: &mut App| app.world().resource::<Asking>().0;
    tap(&mut app, Device::Mouse, p("f2"));
    tap(&mut app, Device::Mouse, p("f4"));
    update_until(&mut app, "the check of f2-f4", |app| asked(app).is_some());
    let Some(Question::Blunder { played, better, .. }) = asked(&mut app) else { panic!("not a blunder question") };
    assert_eq!(played, Move::slide(p("f2"), p("f4")));
    let better = better.expect("a better move");
    assert_eq!((better.from, better.to), (p("f2"), p("g7")), "the winning step");
    assert_eq!(app.world().resource::<Session>().game.ply(), 0, "nothing played while asking");
    // no: the move is not played and the player chooses again
    app.world_mut().write_message(Command::Answer(false));
    app.update();
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);
    assert!(asked(&mut app).is_none());
    // the winning move is played once checked, without a question
    tap(&mut app, Device::Mouse, p("f2"));
    tap(&mut app, Device::Mouse, p("g7"));
    tap(&mut app, Device::Mouse, p("a1"));
    update_until(&mut app, "the winning move", |app| app.world().resource::<Session>().game.ply() == 1);
    assert!(asked(&mut app).is_none());
    assert_eq!(app.world().resource::<Session>().result().and_then(|r| r.winner), Some(Colour::White));
    // undo, the blunder again, and yes: it is played
    app.world_mut().write_message(Command::Undo);
    app.update();
    tap(&mut app, Device::Mouse, p("f2"));
    tap(&mut app, Device::Mouse, p("f4"));
    update_until(&mut app, "the question again", |app| asked(app).is_some());
    app.world_mut().write_message(Command::Answer(true));
    update_until(&mut app, "the confirmed blunder", |app| app.world().resource::<Session>().game.ply() == 1);
    let game = &app.world().resource::<Session>().game;
    assert_eq!(game.last_move(), Some(Move::slide(p("f2"), p("f4"))));
    app.update();
    assert_pieces_match(&mut app);
}

fn finger(app: &mut App, phase: TouchPhase, id: u64, at: Vec2) {
    app.world_mut().write_message(TouchInput { phase, position: at, window: WINDOW, force: None, id });
    app.update();
}

/// Touch: a tap places, a drag slides, a touch the system cancels plays nothing, and a
/// second finger makes a gesture that selects and plays nothing until every finger is up.
#[test]
fn touches_tap_drag_cancel_and_second_fingers() {
    let mut app = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    let board = VariantKind::Nine.variant();
    let at = |app: &App, name: &str| screen_of(app, board.parse_point(name).expect("a point"));
    let ply = |app: &App| app.world().resource::<Session>().game.ply();
    let (d6, d2, f4) = (at(&app, "d6"), at(&app, "d2"), at(&app, "f4"));
    finger(&mut app, TouchPhase::Started, 1, d6);
    finger(&mut app, TouchPhase::Ended, 1, d6);
    assert_eq!(ply(&app), 1, "a tap places");
    finger(&mut app, TouchPhase::Started, 1, d2);
    finger(&mut app, TouchPhase::Canceled, 1, d2);
    assert_eq!(ply(&app), 1, "a cancelled touch plays nothing");
    // a second finger while the first is down: neither is a tap
    finger(&mut app, TouchPhase::Started, 1, d2);
    finger(&mut app, TouchPhase::Started, 2, f4);
    finger(&mut app, TouchPhase::Ended, 1, d2);
    finger(&mut app, TouchPhase::Ended, 2, f4);
    assert_eq!(ply(&app), 1, "two fingers are a gesture, not a move");
    assert_eq!(app.world().resource::<Selection>().selected, None);
    // two fingers down in the same frame, lifted in another order
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Started,
        position: d2,
        window: WINDOW,
        force: None,
        id: 3,
    });
    finger(&mut app, TouchPhase::Started, 4, f4);
    finger(&mut app, TouchPhase::Ended, 4, f4);
    finger(&mut app, TouchPhase::Ended, 3, d2);
    assert_eq!(ply(&app), 1);
    // every finger is up: a tap works again
    finger(&mut app, TouchPhase::Started, 5, d2);
    finger(&mut app, TouchPhase::Ended, 5, d2);
    assert_eq!(ply(&app), 2);
    // a drag in the moving phase slides the piece (White flies with three)
    set_position(&mut app, Rules::new(VariantKind::Nine), "W:a7,d7,f2 B:a1,d1,e4 w");
    let (f2, f4) = (at(&app, "f2"), at(&app, "f4"));
    finger(&mut app, TouchPhase::Started, 6, f2);
    finger(&mut app, TouchPhase::Moved, 6, f2.lerp(f4, 0.5));
    finger(&mut app, TouchPhase::Moved, 6, f4);
    finger(&mut app, TouchPhase::Ended, 6, f4);
    let game = &app.world().resource::<Session>().game;
    let (from, to) = (board.parse_point("f2").expect("f2"), board.parse_point("f4").expect("f4"));
    assert_eq!(game.last_move(), Some(Move::slide(from, to)), "the dragged piece moved");
    app.update();
    assert_pieces_match(&mut app);
}

/// Android's Back button as winit reports it: no key code, the logical key BrowserBack.
fn back_key(state: ButtonState) -> KeyboardInput {
    KeyboardInput {
        key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
        logical_key: Key::BrowserBack,
        state,
        text: None,
        repeat: false,
        window: WINDOW,
    }
}

fn back(app: &mut App) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(back_key(state));
        app.update();
    }
    app.update();
}

/// The phone's Back button goes back one screen: a question on screen is answered "no",
/// the game goes to the menu (the game kept), Settings back where they were opened from,
/// the menu's New game card back to the menu, and from the menu it leaves the app.
#[test]
fn the_back_button_goes_back_one_screen_and_leaves_from_the_menu() {
    use dokuz_tas::app::model::MenuView;
    let mut app = app(settings(VariantKind::Nine, Opponent::TwoPlayers));
    let board = VariantKind::Nine.variant();
    tap(&mut app, Device::Mouse, board.parse_point("d6").expect("d6"));
    app.world_mut().write_message(Command::Resign);
    app.update();
    assert_eq!(app.world().resource::<Asking>().0, Some(Question::Resign));
    back(&mut app);
    assert_eq!(app.world().resource::<Asking>().0, None, "the question is answered no");
    assert!(!app.world().resource::<Session>().is_over(), "and nothing was given up");
    assert_eq!(screen(&app), Screen::Game);
    back(&mut app);
    assert_eq!(screen(&app), Screen::Menu);
    assert_eq!(app.world().resource::<Session>().game.ply(), 1, "the game is kept");
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Settings);
    app.update();
    app.update();
    back(&mut app);
    assert_eq!(screen(&app), Screen::Menu);
    app.insert_resource(MenuView::NewGame);
    back(&mut app);
    assert_eq!(*app.world().resource::<MenuView>(), MenuView::Main);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(app.world().resource::<Messages<AppExit>>().is_empty());
    // (the press alone, and the exit read in that frame: messages last two frames)
    app.world_mut().write_message(back_key(ButtonState::Pressed));
    app.update();
    let exits: Vec<AppExit> = app.world_mut().resource_mut::<Messages<AppExit>>().drain().collect();
    assert_eq!(exits, vec![AppExit::Success], "from the menu, Back leaves the app");
}
