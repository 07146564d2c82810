//! Mouse, touch and keyboard become `BoardTap`s and `Command`s: the one input path. A
//! press and its release on the same point is a tap; a press on one point released on
//! another is a drag, played as a tap on each.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::WindowEvent;

use super::board::BoardLayout;
use super::model::{AppSet, BoardTap, Command, Screen, Selection, Session, in_game, playing};

pub(super) fn plugin(app: &mut App) {
    // Registered by the window plugin in the game; headless tests have no window.
    app.add_message::<WindowEvent>()
        .init_resource::<Pointer>()
        .init_resource::<DragPreview>()
        .add_systems(OnExit(Screen::Game), forget_pointer)
        .add_systems(
            Update,
            (
                mouse,
                (touch.run_if(pointer_is_ours), follow_drag, keys.run_if(keyboard_is_ours)).chain().run_if(in_game),
            )
                .chain()
                .in_set(AppSet::Input),
        );
}

/// A press that began on another screen is not a tap on this one.
fn forget_pointer(mut pointer: ResMut<Pointer>, mut preview: ResMut<DragPreview>) {
    let cursor = pointer.cursor;
    *pointer = Pointer { cursor, ..default() };
    preview.set_if_neq(DragPreview::default());
}

/// The pointer's last position and where the current press began, in screen coordinates.
#[derive(Resource, Default, Debug)]
pub struct Pointer {
    pub cursor: Option<Vec2>,
    pub pressed_at: Option<Vec2>,
    pub touch_start: Option<(u64, Vec2)>,
    /// The latest position of the pressed mouse or the touching finger.
    pub held_at: Option<Vec2>,
}

/// A piece being dragged: the point it comes from and where the pointer holds it, in board
/// coordinates. The pieces plugin draws it there; the rules hear of it only on release.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct DragPreview {
    pub from: Option<u8>,
    pub at: Vec2,
}

/// Whether the board may take pointer input: not while a UI widget wants it. Presses
/// outside the board area (under the panels) map to no point anyway. Without a UI
/// (headless tests) the board always may.
fn pointer_is_ours(egui: Option<Res<bevy_egui::input::EguiWantsInput>>) -> bool {
    egui.is_none_or(|e| !(e.wants_pointer_input() || e.is_using_pointer()))
}

fn keyboard_is_ours(egui: Option<Res<bevy_egui::input::EguiWantsInput>>) -> bool {
    egui.is_none_or(|e| !e.wants_any_keyboard_input())
}

/// While a press that began on one of the mover's pieces (after placing) travels more than
/// a third of a grid step, the piece follows it.
fn follow_drag(
    pointer: Res<Pointer>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    mut preview: ResMut<DragPreview>,
) {
    let start = pointer.pressed_at.or(pointer.touch_start.map(|(_, at)| at));
    let next = match (start, pointer.held_at) {
        (Some(start), Some(now)) if now.distance(start) > layout.0.unit / 3.0 && session.human_to_move() => {
            let pos = session.game.position();
            layout
                .0
                .point_at(session.game.board(), start)
                .filter(|&p| pos.colour_at(p) == Some(pos.side) && pos.in_hand[pos.side.index()] == 0)
                .map(|from| DragPreview { from: Some(from), at: layout.0.from_screen(now) })
        }
        _ => None,
    };
    preview.set_if_neq(next.unwrap_or_default());
}

/// The taps a press at `start` released at `end` makes.
fn taps(layout: &BoardLayout, session: &Session, start: Vec2, end: Vec2) -> Vec<BoardTap> {
    let variant = session.game.board();
    let a = layout.0.point_at(variant, start);
    let b = layout.0.point_at(variant, end);
    if a == b || a.is_none() { vec![BoardTap::pointer(b)] } else { vec![BoardTap::pointer(a), BoardTap::pointer(b)] }
}

/// The mouse, from the window's events in the order they came: a slow frame can hold
/// two clicks on two points, and each button event needs the cursor position of its own
/// moment, not the frame's last (Bevy's separate cursor and button queues lose that order).
/// It reads on every screen, so that a click on a menu button is never read again as a
/// tap when the game screen opens. Only a press on the game screen, not on a UI widget, is
/// the board's; a release on a widget drops the press that began on the board.
fn mouse(
    mut events: MessageReader<WindowEvent>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    screen: Option<Res<State<Screen>>>,
    session: Option<Res<Session>>,
    mut pointer: ResMut<Pointer>,
    layout: Res<BoardLayout>,
    mut out: MessageWriter<BoardTap>,
) {
    let game = playing(screen.as_deref(), session.as_deref());
    let ours = game.is_some() && pointer_is_ours(egui);
    for event in events.read() {
        match event {
            WindowEvent::CursorMoved(m) => {
                pointer.cursor = Some(m.position);
                if pointer.pressed_at.is_some() {
                    pointer.held_at = Some(m.position);
                }
            }
            WindowEvent::MouseButtonInput(b) if b.button == MouseButton::Left => {
                let Some(at) = pointer.cursor else { continue };
                match b.state {
                    ButtonState::Pressed => pointer.pressed_at = ours.then_some(at),
                    ButtonState::Released => {
                        pointer.held_at = None;
                        if let (Some(start), Some(session), true) = (pointer.pressed_at.take(), game, ours) {
                            out.write_batch(taps(&layout, session, start, at));
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// One finger on the board is a tap or a drag, as with the mouse. A second finger makes it
/// a gesture, not a move: nothing is selected or played until every finger is lifted. A
/// touch the system cancels (a notification pulled down, a call) plays nothing.
fn touch(
    mut touches: MessageReader<TouchInput>,
    // the fingers on the screen now, as Bevy's input plugin keeps them
    fingers: Res<Touches>,
    mut pointer: ResMut<Pointer>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    mut out: MessageWriter<BoardTap>,
) {
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => {
                let alone = fingers.iter().count() <= 1;
                pointer.touch_start = alone.then_some((t.id, t.position));
                if !alone {
                    pointer.held_at = None;
                }
            }
            TouchPhase::Moved => {
                if pointer.touch_start.is_some_and(|(id, _)| id == t.id) {
                    pointer.held_at = Some(t.position);
                }
            }
            TouchPhase::Ended | TouchPhase::Canceled => {
                let Some((id, start)) = pointer.touch_start else { continue };
                if id != t.id {
                    continue;
                }
                pointer.touch_start = None;
                pointer.held_at = None;
                if t.phase == TouchPhase::Ended {
                    out.write_batch(taps(&layout, &session, start, t.position));
                }
            }
        }
    }
}

/// Arrow keys move the focus ring to the nearest point in that direction; Enter or Space
/// taps it; Esc clears the selection; Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes.
fn keys(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    mut selection: ResMut<Selection>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    mut taps: MessageWriter<BoardTap>,
    mut commands: MessageWriter<Command>,
) {
    let variant = session.game.board();
    let ctrl = held.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = held.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    for k in keys.read().filter(|k| k.state == ButtonState::Pressed) {
        let direction = match k.key_code {
            KeyCode::ArrowUp => Some(Vec2::Y),
            KeyCode::ArrowDown => Some(Vec2::NEG_Y),
            KeyCode::ArrowLeft => Some(Vec2::NEG_X),
            KeyCode::ArrowRight => Some(Vec2::X),
            _ => None,
        };
        // a game of the history: the arrows step through it, Home and End go to its ends
        if session.viewing.is_some() {
            let command = match k.key_code {
                KeyCode::ArrowLeft => Some(Command::Undo),
                KeyCode::ArrowRight => Some(Command::Redo),
                KeyCode::Home => Some(Command::GoTo(0)),
                KeyCode::End => Some(Command::GoTo(usize::MAX)),
                KeyCode::Escape => Some(Command::Menu),
                _ => None,
            };
            if let Some(c) = command {
                commands.write(c);
                continue;
            }
        }
        if let Some(dir) = direction {
            let here = selection.focus.map_or(Vec2::ZERO, |p| layout.0.point(variant, p));
            let next = match selection.focus {
                None => nearest(&layout, session.game.board(), here, None),
                Some(_) => nearest(&layout, session.game.board(), here, Some(dir)),
            };
            if next.is_some() {
                selection.focus = next;
                selection.focus_shown = true;
            }
            continue;
        }
        match k.key_code {
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => {
                if let Some(p) = selection.focus {
                    selection.focus_shown = true;
                    taps.write(BoardTap { point: Some(p), from_keyboard: true });
                }
            }
            KeyCode::Escape => {
                commands.write(Command::Clear);
            }
            KeyCode::KeyZ if ctrl && shift => {
                commands.write(Command::Redo);
            }
            KeyCode::KeyZ if ctrl => {
                commands.write(Command::Undo);
            }
            KeyCode::KeyY if ctrl => {
                commands.write(Command::Redo);
            }
            KeyCode::KeyH => {
                commands.write(Command::Hint);
            }
            _ => {}
        }
    }
}

/// The point nearest `from` in direction `dir` (within 60° of it), or the nearest point
/// overall when there is no direction.
fn nearest(layout: &BoardLayout, variant: &crate::rules::Variant, from: Vec2, dir: Option<Vec2>) -> Option<u8> {
    (0..variant.len() as u8)
        .filter_map(|p| {
            let d = layout.0.point(variant, p) - from;
            match dir {
                None => Some((p, d.length())),
                Some(dir) => {
                    let along = d.dot(dir);
                    let across = d.perp_dot(dir).abs();
                    // straight ahead counts most; a point off to the side costs twice its offset
                    (along > 0.01 && across <= along * 1.8).then_some((p, along + 2.0 * across))
                }
            }
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _)| p)
}
