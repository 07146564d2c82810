//! Piece entities and their animations. Every piece on the board or in a hand is an
//! entity whose `Piece::at` always matches the rules state at once; its `BoardPos` and
//! `Look` follow with an animation. The view turns those into meshes and colours.

use bevy::math::curve::{Curve, EaseFunction, EasingCurve};
use bevy::prelude::*;

use super::board::BoardLayout;
use super::input::DragPreview;
use super::model::{AppSet, BoardReset, MoveApplied, Screen, Session, TapRefused, in_game};
use super::settings::Settings;
use crate::rules::{Colour, Position, Variant};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild,
            animate_move,
            shake_refused,
            dragging,
            advance_tweens,
            advance_fades,
            advance_flashes,
            advance_shakes,
            place,
        )
            .chain()
            .run_if(in_game)
            .in_set(AppSet::Pieces),
    );
}

/// Whether every piece stands still: the computer's move waits for it, so that the
/// player sees one move at a time.
pub fn board_settled(moving: Query<(), Or<(With<Tween>, With<Fade>)>>) -> bool {
    moving.is_empty()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Board(u8),
    Hand(u8),
    /// Taken: fading out, despawned when the fade ends.
    Captured,
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub colour: Colour,
    pub at: Spot,
}

/// Where the piece is drawn, in board coordinates (grid steps from the centre, y up).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct BoardPos(pub Vec2);

/// How the piece is drawn: scale and opacity, animated.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Look {
    pub scale: f32,
    pub alpha: f32,
    /// Highlight of a closed mill, 0..1.
    pub glow: f32,
}

impl Default for Look {
    fn default() -> Self {
        Look { scale: 1.0, alpha: 1.0, glow: 0.0 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TweenKind {
    /// From the hand, growing in as it lands.
    Drop,
    /// Along a line to a neighbour.
    Slide,
    /// Over the board, lifted at mid-flight.
    Flight,
}

/// A move in progress: board positions from and to, progress 0..1.
#[derive(Component, Clone, Copy, Debug)]
pub struct Tween {
    pub from: Vec2,
    pub to: Vec2,
    pub t: f32,
    pub secs: f32,
    pub kind: TweenKind,
}

#[derive(Component, Clone, Copy, Debug)]
pub struct Fade {
    pub t: f32,
    pub secs: f32,
}

#[derive(Component, Clone, Copy, Debug)]
pub struct Flash {
    pub t: f32,
    pub secs: f32,
}

/// A refused tap shakes the piece that was tapped.
#[derive(Component, Clone, Copy, Debug)]
pub struct Shake {
    pub t: f32,
}

const SLIDE_SECS: f32 = 0.25;
const FLIGHT_SECS: f32 = 0.45;
const DROP_SECS: f32 = 0.3;
const FADE_SECS: f32 = 0.35;
const FLASH_SECS: f32 = 0.9;
const SHAKE_SECS: f32 = 0.4;

/// Spawns the pieces of a position: on their points and in the hands.
pub fn spawn_position(commands: &mut Commands, layout: &super::board::Layout, variant: &Variant, pos: &Position) {
    for p in 0..variant.len() as u8 {
        if let Some(colour) = pos.colour_at(p) {
            commands.spawn((
                Piece { colour, at: Spot::Board(p) },
                BoardPos(layout.point(variant, p)),
                Look::default(),
                Transform::default(),
                DespawnOnExit(Screen::Game),
            ));
        }
    }
    for colour in [Colour::White, Colour::Black] {
        for k in 0..pos.in_hand[colour.index()] {
            commands.spawn((
                Piece { colour, at: Spot::Hand(k) },
                BoardPos(layout.hand_slot(colour, k)),
                Look::default(),
                Transform::default(),
                DespawnOnExit(Screen::Game),
            ));
        }
    }
}

/// On a reset (new game, undo, redo, a change of layout) the pieces are respawned from
/// the rules state, without animation.
fn rebuild(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    pieces: Query<Entity, With<Piece>>,
) {
    if resets.read().count() == 0 && !layout.is_changed() {
        return;
    }
    for e in &pieces {
        commands.entity(e).despawn();
    }
    spawn_position(&mut commands, &layout.0, session.game.board(), session.game.position());
}

fn animate_move(
    mut commands: Commands,
    mut moves: MessageReader<MoveApplied>,
    session: Res<Session>,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    mut pieces: Query<(Entity, &mut Piece, &mut BoardPos)>,
) {
    let variant = session.game.board();
    let speed = settings.animation.speed();
    let secs = |s: f32| if speed > 0.0 { s / speed } else { 0.0 };
    for applied in moves.read() {
        let m = applied.m;
        let target = layout.0.point(variant, m.to);
        // The moving piece: the top of the hand for a placement, else the piece on `from`.
        let mover = match m.from_point() {
            None => pieces
                .iter()
                .filter(|(_, p, _)| p.colour == applied.mover && matches!(p.at, Spot::Hand(_)))
                .max_by_key(|(_, p, _)| if let Spot::Hand(k) = p.at { k } else { 0 })
                .map(|(e, ..)| e),
            Some(from) => pieces.iter().find(|(_, p, _)| p.at == Spot::Board(from)).map(|(e, ..)| e),
        };
        if let Some(e) = mover
            && let Ok((_, mut piece, pos)) = pieces.get_mut(e)
        {
            piece.at = Spot::Board(m.to);
            let kind = match m.from_point() {
                None => TweenKind::Drop,
                Some(from) if variant.neighbours[from as usize] & (1 << m.to) != 0 => TweenKind::Slide,
                Some(_) => TweenKind::Flight,
            };
            let duration = secs(match kind {
                TweenKind::Drop => DROP_SECS,
                TweenKind::Slide => SLIDE_SECS,
                TweenKind::Flight => FLIGHT_SECS,
            });
            commands.entity(e).insert(Tween { from: pos.0, to: target, t: 0.0, secs: duration, kind });
        }
        if let Some(c) = m.captured_point()
            && let Some((e, ..)) = pieces.iter().find(|(_, p, _)| p.at == Spot::Board(c))
        {
            if let Ok((_, mut piece, _)) = pieces.get_mut(e) {
                piece.at = Spot::Captured;
            }
            commands.entity(e).insert(Fade { t: 0.0, secs: secs(FADE_SECS) });
        }
        // The closed mill flashes.
        if m.captures() {
            let own = session.game.position().board[applied.mover.index()];
            let mut flashing = 0u32;
            for &mill in &variant.mills_of[m.to as usize] {
                if own & mill == mill {
                    flashing |= mill;
                }
            }
            for (e, p, _) in &pieces {
                let on_mill = matches!(p.at, Spot::Board(q) if flashing & (1 << q) != 0);
                if on_mill && p.colour == applied.mover {
                    commands.entity(e).insert(Flash { t: 0.0, secs: secs(FLASH_SECS) });
                }
            }
        }
    }
}

/// A refused tap shakes the piece on that point, if there is one.
fn shake_refused(mut commands: Commands, mut refused: MessageReader<TapRefused>, pieces: Query<(Entity, &Piece)>) {
    for r in refused.read() {
        if let Some((e, _)) = pieces.iter().find(|(_, p)| p.at == Spot::Board(r.point)) {
            commands.entity(e).insert(Shake { t: 0.0 });
        }
    }
}

/// A piece under the finger.
#[derive(Component, Clone, Copy, Debug)]
pub struct Dragged;

/// The dragged piece follows the pointer; let go without a move, it slides back home.
fn dragging(
    mut commands: Commands,
    preview: Res<DragPreview>,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    mut pieces: Query<(Entity, &Piece, &mut BoardPos, Option<&Dragged>, Option<&Tween>)>,
) {
    for (e, piece, mut pos, dragged, tween) in &mut pieces {
        let held = preview.from.is_some_and(|p| piece.at == Spot::Board(p));
        if held {
            pos.0 = preview.at;
            if dragged.is_none() {
                commands.entity(e).insert((Dragged, Look { scale: 1.15, ..default() })).remove::<Tween>();
            }
        } else if dragged.is_some() {
            commands.entity(e).remove::<Dragged>().insert(Look::default());
            if tween.is_none()
                && let Spot::Board(p) = piece.at
            {
                let home = layout.0.point(session.game.board(), p);
                commands.entity(e).insert(Tween {
                    from: pos.0,
                    to: home,
                    t: 0.0,
                    secs: SLIDE_SECS,
                    kind: TweenKind::Slide,
                });
            }
        }
    }
}

/// Advances an animation's progress; `true` when it has ended.
fn progress(t: &mut f32, secs: f32, dt: f32) -> bool {
    *t = if secs <= 0.0 { 1.0 } else { (*t + dt / secs).min(1.0) };
    *t >= 1.0
}

/// How far an animation moves this frame: not at all in the frame it starts. The frame loop
/// sleeps when nothing moves, so the frame a tap wakes may come long after the one before;
/// its time step would otherwise skip the start of the animation.
fn step(time: &Time, started_now: bool) -> f32 {
    if started_now { 0.0 } else { time.delta_secs() }
}

fn advance_tweens(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Tween, &mut BoardPos, &mut Look)>,
) {
    for (e, mut tw, mut pos, mut look) in &mut q {
        let secs = tw.secs;
        let dt = step(&time, tw.is_added());
        let done = progress(&mut tw.t, secs, dt);
        let ease = match tw.kind {
            TweenKind::Slide => EaseFunction::CubicInOut,
            TweenKind::Flight => EaseFunction::SineInOut,
            TweenKind::Drop => EaseFunction::CubicOut,
        };
        let k = EasingCurve::new(0.0, 1.0, ease).sample_clamped(tw.t);
        pos.0 = tw.from.lerp(tw.to, k);
        if tw.kind == TweenKind::Flight {
            // a flight arcs over the board, bending upwards
            let d = tw.to - tw.from;
            let mut n = d.perp().normalize_or_zero();
            if n.y < 0.0 {
                n = -n;
            }
            pos.0 += n * (std::f32::consts::PI * k).sin() * d.length() * 0.25;
        }
        look.scale = match tw.kind {
            // a flight lifts the piece: larger at mid-flight, like a piece held above the board
            TweenKind::Flight => 1.0 + 0.35 * (std::f32::consts::PI * tw.t).sin(),
            TweenKind::Drop => 1.0 + 0.25 * (1.0 - tw.t),
            TweenKind::Slide => 1.0,
        };
        if done {
            look.scale = 1.0;
            commands.entity(e).remove::<Tween>();
        }
    }
}

fn advance_fades(mut commands: Commands, time: Res<Time>, mut q: Query<(Entity, &mut Fade, &mut Look)>) {
    for (e, mut fade, mut look) in &mut q {
        let secs = fade.secs;
        let dt = step(&time, fade.is_added());
        let done = progress(&mut fade.t, secs, dt);
        look.scale = 1.0 - 0.8 * fade.t;
        look.alpha = 1.0 - fade.t;
        if done {
            commands.entity(e).despawn();
        }
    }
}

fn advance_flashes(mut commands: Commands, time: Res<Time>, mut q: Query<(Entity, &mut Flash, &mut Look)>) {
    for (e, mut flash, mut look) in &mut q {
        let secs = flash.secs;
        let dt = step(&time, flash.is_added());
        let done = progress(&mut flash.t, secs, dt);
        // three pulses that die away
        look.glow = (flash.t * std::f32::consts::PI * 3.0).sin().abs() * (1.0 - flash.t);
        if done {
            look.glow = 0.0;
            commands.entity(e).remove::<Flash>();
        }
    }
}

fn advance_shakes(mut commands: Commands, time: Res<Time>, mut q: Query<(Entity, &mut Shake)>) {
    for (e, mut shake) in &mut q {
        let dt = step(&time, shake.is_added());
        if progress(&mut shake.t, SHAKE_SECS, dt) {
            commands.entity(e).remove::<Shake>();
        }
    }
}

/// Board position and look to the transform, through the one layout.
fn place(layout: Res<BoardLayout>, mut q: Query<(&BoardPos, &Look, Option<&Shake>, &mut Transform), With<Piece>>) {
    let l = &layout.0;
    for (pos, look, shake, mut tf) in &mut q {
        let mut world = l.to_world(pos.0);
        if let Some(s) = shake {
            world.x += (s.t * 40.0).sin() * (1.0 - s.t) * l.unit * 0.12;
        }
        let lifted = look.scale > 1.01;
        tf.translation = world.extend(if lifted { 3.0 } else { 2.0 });
        tf.scale = Vec3::splat(look.scale * l.unit * super::board::PIECE_RADIUS);
    }
}
