//! The screens, drawn with egui: one module per `Screen`, each with its own plugin and
//! systems that run only in its state. What they share lives here: the egui set-up
//! (font, the theme's look), the way back from Settings, the controls that choose the
//! next game, and the record of widget rectangles for the layout check.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::board::BoardLayout;
use super::i18n::{self, Lang, Word, word};
use super::model::{ColourChoice, GameSetup, Opponent, SafeArea, Screen, Session};
use super::settings::{Settings, Theme};
use super::theme::{self, Tracked, UiRects};
use crate::ai::Level;
use crate::rules::{Colour, VariantKind};

pub mod game;
pub mod howto;
pub mod menu;
pub mod settings;
pub mod stats;

/// The systems that draw a screen run in this set; the egui set-up before it and the
/// collection of rectangles after it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawScreen;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiRects>()
        .add_systems(EguiPrimaryContextPass, (prepare_egui.before(DrawScreen), collect_rects.after(DrawScreen)))
        .add_systems(
            PreUpdate,
            quiet_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_plugins((menu::plugin, game::plugin, settings::plugin, howto::plugin, stats::plugin));
}

pub use super::model::ReturnTo;

/// bevy_egui tells egui the modifier keys every frame, as if they had just changed; egui
/// takes any event for input and asks for the next frame, so the frame loop would never
/// sleep. Only a real change of the modifiers reaches egui.
fn quiet_modifiers(mut inputs: Query<&mut bevy_egui::EguiInput>, mut last: Local<Option<egui::Modifiers>>) {
    for mut input in &mut inputs {
        // (read through the component without marking it changed unless something goes)
        let events = &input.bypass_change_detection().events;
        let Some(now) = events.iter().rev().find_map(|e| match e {
            egui::Event::ModifiersChanged(m) => Some(*m),
            _ => None,
        }) else {
            continue;
        };
        if *last == Some(now) {
            input.events.retain(|e| !matches!(e, egui::Event::ModifiersChanged(_)));
        }
        *last = Some(now);
    }
}

/// Fonts once, the look whenever the theme changes; zoom 1, so that egui points are
/// the window's logical pixels (the layout's unit).
fn prepare_egui(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    safe: Res<SafeArea>,
    mut shown: Local<Option<Theme>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // where the screens may lay out (`column_rect`)
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(SAFE_AREA), *safe));
    if shown.is_none() {
        theme::set_fonts(ctx);
    }
    if *shown != Some(settings.theme) {
        theme::apply_style(ctx, settings.theme);
        *shown = Some(settings.theme);
    }
    Ok(())
}

/// Keeps the rectangles of this frame's widgets (and the board on the game screen).
fn collect_rects(
    mut contexts: EguiContexts,
    window: Query<&Window, With<PrimaryWindow>>,
    screen: Res<State<Screen>>,
    layout: Option<Res<BoardLayout>>,
    session: Option<Res<Session>>,
    safe: Res<SafeArea>,
    mut rects: ResMut<UiRects>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut items = theme::take_tracked(ctx);
    let Ok(window) = window.single() else { return Ok(()) };
    if *screen.get() == Screen::Game
        && session.is_some()
        && let Some(layout) = layout
    {
        let b = layout.0.bounds();
        items.push(Tracked { key: "board".into(), rect: b, clip: b, scrolled: false, interactive: true });
    }
    rects.set_if_neq(UiRects { window: Vec2::new(window.width(), window.height()), safe: *safe, items });
    Ok(())
}

/// The whole window as one egui `Ui` (egui's background layer), for screens laid out in
/// fixed regions.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    )
}

/// A label above a wrapping row of choices: it fits any width (a choice that does not
/// fit moves to the next line whole).
pub fn choices<T: PartialEq + Copy>(ui: &mut egui::Ui, label: &str, current: &mut T, options: &[(T, &str)]) {
    theme::line(ui, egui::RichText::new(label).strong());
    ui.horizontal_wrapped(|ui| {
        for &(value, text) in options {
            if theme::choice(ui, *current == value, text).clicked() {
                *current = value;
            }
        }
    });
    ui.add_space(4.0);
}

/// A label above On and Off.
pub fn on_off(ui: &mut egui::Ui, lang: Lang, label: &str, value: &mut bool) {
    choices(ui, label, value, &[(true, word(lang, Word::On)), (false, word(lang, Word::Off))]);
}

/// The controls that choose the next game: opponent and level, your colour, variant,
/// flying. Used by the menu's New game card and by Settings.
pub fn setup_controls(ui: &mut egui::Ui, lang: Lang, setup: &mut GameSetup) {
    let mut options: Vec<(Opponent, &str)> =
        Level::ALL.iter().map(|&l| (Opponent::Computer(l), i18n::level(lang, l))).collect();
    options.push((Opponent::TwoPlayers, word(lang, Word::TwoPlayers)));
    choices(ui, word(lang, Word::Opponent), &mut setup.opponent, &options);
    if matches!(setup.opponent, Opponent::Computer(_)) {
        choices(
            ui,
            word(lang, Word::YourColour),
            &mut setup.colour,
            &[
                (ColourChoice::Fixed(Colour::White), i18n::colour(lang, Colour::White)),
                (ColourChoice::Fixed(Colour::Black), i18n::colour(lang, Colour::Black)),
                (ColourChoice::Alternate, word(lang, Word::Alternate)),
            ],
        );
    }
    let variants: Vec<(VariantKind, &str)> = VariantKind::ALL.iter().map(|&v| (v, i18n::variant(lang, v))).collect();
    choices(ui, word(lang, Word::Variant), &mut setup.variant, &variants);
    if setup.variant.variant().can_fly {
        on_off(ui, lang, word(lang, Word::Flying), &mut setup.flying);
    }
}

/// A screen's top bar: Back on the left, the title beside it. Returns whether Back was
/// pressed (or Esc).
pub fn top_bar(ui: &mut egui::Ui, lang: Lang, title: &str) -> bool {
    let mut back = false;
    ui.horizontal(|ui| {
        back = theme::button(ui, &format!("‹ {}", word(lang, Word::Back)), 96.0, true).clicked();
        ui.add_space(8.0);
        theme::line(ui, egui::RichText::new(title).size(theme::TITLE).strong());
    });
    back || ui.input(|i| i.key_pressed(egui::Key::Escape))
}

const SAFE_AREA: &str = "dokuz-safe-area";
const LAST_INPUT: &str = "dokuz-last-input";

/// How long after the last input the diagrams (the menu's emblem, the rules' examples)
/// play their moves; then they rest on their last position and the frame loop sleeps.
const DIAGRAMS_MOVE_SECS: f64 = 20.0;

/// The time the diagrams are drawn at while they move (and frames keep coming for them);
/// none once they rest.
pub fn diagram_time(ctx: &egui::Context) -> Option<f64> {
    let id = egui::Id::new(LAST_INPUT);
    let (now, input) = ctx.input(|i| (i.time, !i.events.is_empty() || i.pointer.any_down()));
    let last = match ctx.data(|d| d.get_temp::<f64>(id)) {
        Some(last) if !input => last,
        _ => {
            ctx.data_mut(|d| d.insert_temp(id, now));
            now
        }
    };
    (now - last < DIAGRAMS_MOVE_SECS).then(|| {
        ctx.request_repaint();
        now
    })
}

/// The part of the window the system leaves uncovered, as egui sees it.
pub fn safe_rect(ctx: &egui::Context) -> egui::Rect {
    let safe: SafeArea = ctx.data(|d| d.get_temp(egui::Id::new(SAFE_AREA))).unwrap_or_default();
    let v = ctx.viewport_rect();
    let r = safe.rect(Vec2::new(v.width(), v.height()));
    egui::Rect::from_min_max(
        egui::pos2(v.min.x + r.min.x, v.min.y + r.min.y),
        egui::pos2(v.min.x + r.max.x, v.min.y + r.max.y),
    )
}

/// A centred column of at most `max` logical pixels, with the window's margins, inside
/// the safe area.
pub fn column_rect(ctx: &egui::Context, max: f32) -> egui::Rect {
    let screen = safe_rect(ctx);
    let width = (screen.width() - 16.0).min(max);
    let x = screen.center().x - width / 2.0;
    egui::Rect::from_min_max(egui::pos2(x, screen.min.y + 8.0), egui::pos2(x + width, screen.max.y - 8.0))
}
