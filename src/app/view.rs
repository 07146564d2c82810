//! Drawing: the camera, the board of the variant, the pieces' meshes and colours, and the
//! markers (selection, legal destinations, capturable pieces, focus, last move, hint).
//! Everything is laid out through `BoardLayout` in logical pixels, so it stays crisp at
//! any window size.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::board::{BoardLayout, PIECE_RADIUS, ScreenLayout};
use super::model::{AppSet, SafeArea, Screen, Selection, Session, Viewport, in_game};
use super::pieces::{Look, Piece};
use super::settings::{Settings, Theme};
use super::theme::{FONT_BYTES, palette};
use crate::rules::{Colour, Move};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, setup).add_systems(PreUpdate, track_window).add_systems(
        Update,
        ((draw_board, dress_pieces, paint_pieces, draw_markers).chain().run_if(in_game), clear_colour)
            .in_set(AppSet::View),
    );
}

#[derive(Resource)]
struct Assets2d {
    disc: Handle<Mesh>,
    ring: Handle<Mesh>,
    quad: Handle<Mesh>,
    font: Handle<Font>,
}

fn setup(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut fonts: ResMut<Assets<Font>>) {
    commands.spawn(Camera2d);
    commands.insert_resource(Assets2d {
        disc: meshes.add(Circle::new(1.0)),
        ring: meshes.add(Annulus::new(0.82, 1.0)),
        quad: meshes.add(Rectangle::new(1.0, 1.0)),
        font: fonts.add(Font::from_bytes(FONT_BYTES.to_vec())),
    });
}

/// The board's area is the game screen's fixed board region of the window.
fn track_window(window: Query<&Window, With<PrimaryWindow>>, safe: Res<SafeArea>, mut viewport: ResMut<Viewport>) {
    let Ok(w) = window.single() else { return };
    let size = Vec2::new(w.width(), w.height());
    viewport.set_if_neq(Viewport { window: size, board_area: ScreenLayout::within(size, *safe).board });
}

fn clear_colour(settings: Res<Settings>, mut clear: ResMut<ClearColor>) {
    if settings.is_changed() {
        clear.0 = palette(settings.theme).background;
    }
}

#[derive(Component)]
struct BoardItem;

fn draw_board(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    session: Res<Session>,
    assets: Res<Assets2d>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    items: Query<Entity, With<BoardItem>>,
    mut drawn: Local<Option<(super::board::Layout, Theme)>>,
) {
    // The board changes with the layout (window, panels, variant) and the theme only.
    let key = (layout.0, settings.theme);
    if *drawn == Some(key) && !items.is_empty() {
        return;
    }
    *drawn = Some(key);
    for e in &items {
        commands.entity(e).despawn();
    }
    let l = &layout.0;
    let variant = session.game.board();
    let pal = palette(settings.theme);
    let line = materials.add(pal.line);
    let span = (l.grid - 1) as f32 + 1.1;
    commands.spawn((
        BoardItem,
        DespawnOnExit(Screen::Game),
        Mesh2d(assets.quad.clone()),
        MeshMaterial2d(materials.add(pal.plate)),
        Transform::from_translation(l.to_world(Vec2::ZERO).extend(0.0)).with_scale(Vec3::new(
            span * l.unit,
            span * l.unit,
            1.0,
        )),
    ));
    let thickness = (0.055 * l.unit).max(2.0);
    for &(a, b) in &variant.lines {
        let (pa, pb) = (l.to_world(l.point(variant, a)), l.to_world(l.point(variant, b)));
        let d = pb - pa;
        commands.spawn((
            BoardItem,
            DespawnOnExit(Screen::Game),
            Mesh2d(assets.quad.clone()),
            MeshMaterial2d(line.clone()),
            Transform::from_translation(((pa + pb) / 2.0).extend(0.5))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x)))
                .with_scale(Vec3::new(d.length() + thickness, thickness, 1.0)),
        ));
    }
    for p in 0..variant.len() as u8 {
        commands.spawn((
            BoardItem,
            DespawnOnExit(Screen::Game),
            Mesh2d(assets.disc.clone()),
            MeshMaterial2d(line.clone()),
            Transform::from_translation(l.to_world(l.point(variant, p)).extend(0.6))
                .with_scale(Vec3::splat(0.1 * l.unit)),
        ));
    }
    for (text, at) in l.label_positions() {
        commands.spawn((
            BoardItem,
            DespawnOnExit(Screen::Game),
            Text2d::new(text),
            TextFont {
                font: assets.font.clone().into(),
                font_size: bevy::text::FontSize::Px((0.3 * l.unit).clamp(9.0, 28.0)),
                ..default()
            },
            TextColor(pal.label),
            Transform::from_translation(l.to_world(at).extend(0.7)),
        ));
    }
}

/// The look of a piece: a soft shadow under it, a disc with a rim, and a shine on its
/// upper left that gives it depth; each with its own material so that it can fade.
#[derive(Component)]
struct PieceMaterials {
    fill: Handle<ColorMaterial>,
    rim: Handle<ColorMaterial>,
    shadow: Handle<ColorMaterial>,
    shine: Handle<ColorMaterial>,
}

fn dress_pieces(
    mut commands: Commands,
    added: Query<Entity, Added<Piece>>,
    assets: Res<Assets2d>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for e in &added {
        let mats = PieceMaterials {
            fill: materials.add(Color::WHITE),
            rim: materials.add(Color::BLACK),
            shadow: materials.add(Color::BLACK.with_alpha(0.0)),
            shine: materials.add(Color::WHITE.with_alpha(0.0)),
        };
        // Children are in the piece's own units (radius 1), slightly above or below it.
        commands
            .entity(e)
            .insert((Mesh2d(assets.disc.clone()), MeshMaterial2d(mats.fill.clone()), Visibility::default()))
            .with_children(|piece| {
                piece.spawn((
                    Mesh2d(assets.disc.clone()),
                    MeshMaterial2d(mats.shadow.clone()),
                    Transform::from_xyz(0.1, -0.14, -0.05).with_scale(Vec3::splat(1.08)),
                ));
                piece.spawn((
                    Mesh2d(assets.disc.clone()),
                    MeshMaterial2d(mats.shine.clone()),
                    Transform::from_xyz(-0.22, 0.24, 0.005).with_scale(Vec3::splat(0.5)),
                ));
                piece.spawn((
                    Mesh2d(assets.ring.clone()),
                    MeshMaterial2d(mats.rim.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
        commands.entity(e).insert(mats);
    }
}

fn paint_pieces(
    settings: Res<Settings>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    pieces: Query<(&Piece, Ref<Look>, Ref<PieceMaterials>)>,
) {
    let pal = palette(settings.theme);
    for (piece, look, mats) in &pieces {
        if !(look.is_changed() || mats.is_added() || settings.is_changed()) {
            continue;
        }
        let c = piece.colour.index();
        let a = look.alpha;
        let colours = [
            (&mats.fill, pal.piece[c].mix(&pal.glow, look.glow * 0.8).with_alpha(a)),
            (&mats.rim, pal.rim[c].mix(&pal.glow, look.glow).with_alpha(a)),
            // a lifted piece casts a lighter, wider shadow
            (&mats.shadow, Color::BLACK.with_alpha(a * if look.scale > 1.01 { 0.18 } else { 0.3 })),
            (&mats.shine, Color::WHITE.with_alpha(a * if c == 0 { 0.5 } else { 0.14 })),
        ];
        for (handle, colour) in colours {
            if let Some(mut m) = materials.get_mut(handle) {
                m.color = colour;
            }
        }
    }
}

#[derive(Component)]
struct Marker;

fn draw_markers(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    session: Res<Session>,
    selection: Res<Selection>,
    assets: Res<Assets2d>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    markers: Query<Entity, With<Marker>>,
    board_drawn: Query<(), Added<BoardItem>>,
) {
    let changed = layout.is_changed() || settings.is_changed() || session.is_changed() || selection.is_changed();
    if !changed && board_drawn.is_empty() {
        return;
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    let l = &layout.0;
    let game = &session.game;
    let variant = game.board();
    let pal = palette(settings.theme);
    let mut ring = |p: u8, colour: Color, radius: f32, z: f32, filled: bool| {
        let mesh = if filled { assets.disc.clone() } else { assets.ring.clone() };
        commands.spawn((
            Marker,
            DespawnOnExit(Screen::Game),
            Mesh2d(mesh),
            MeshMaterial2d(materials.add(colour)),
            Transform::from_translation(l.to_world(l.point(variant, p)).extend(z))
                .with_scale(Vec3::splat(radius * l.unit)),
        ));
    };
    if let Some(m) = game.last_move() {
        if let Some(from) = m.from_point() {
            ring(from, pal.last.with_alpha(0.5), 0.16, 0.8, true);
        }
        ring(m.to, pal.last, PIECE_RADIUS * 1.3, 1.5, false);
    }
    if let Some((hint, revision)) = selection.hint
        && revision == session.revision
    {
        for p in hint_points(hint) {
            ring(p, pal.hint, PIECE_RADIUS * 1.45, 1.6, false);
        }
    }
    if let Some(step) = selection.pending {
        // the step that closed the mill, shown as a ghost, and the pieces it may take
        ring(step.to, pal.piece[game.position().side.index()].with_alpha(0.6), PIECE_RADIUS, 1.7, true);
        let victims = game.position().capturable(variant, game.position().side.opponent());
        for p in 0..variant.len() as u8 {
            if victims & (1 << p) != 0 {
                ring(p, pal.capture, PIECE_RADIUS * 1.3, 4.0, false);
            }
        }
    } else if let Some(from) = selection.selected {
        ring(from, pal.selected, PIECE_RADIUS * 1.3, 4.0, false);
        for m in game.legal_moves().iter().filter(|m| m.from_point() == Some(from)) {
            ring(m.to, pal.target, 0.17, 1.8, true);
        }
    }
    if let Some(f) = selection.focus.filter(|_| selection.focus_shown) {
        ring(f, pal.focus, PIECE_RADIUS * 1.5, 4.1, false);
    }
}

fn hint_points(m: Move) -> Vec<u8> {
    m.from_point().into_iter().chain([m.to]).collect()
}

/// The colour a piece is drawn in (for tests of the screen).
pub fn piece_colour(theme: Theme, colour: Colour) -> Color {
    palette(theme).piece[colour.index()]
}
