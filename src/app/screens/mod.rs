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
use super::model::{ColourChoice, GameSetup, Opponent, Screen, Session};
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
        .init_resource::<ReturnTo>()
        .add_systems(EguiPrimaryContextPass, (prepare_egui.before(DrawScreen), collect_rects.after(DrawScreen)))
        .add_plugins((menu::plugin, game::plugin, settings::plugin, howto::plugin, stats::plugin));
}

/// The screen that Settings and How to play go back to.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReturnTo(pub Screen);

impl Default for ReturnTo {
    fn default() -> Self {
        ReturnTo(Screen::Menu)
    }
}

/// Fonts once, the look whenever the theme changes; zoom 1, so that egui points are
/// the window's logical pixels (the layout's unit).
fn prepare_egui(mut contexts: EguiContexts, settings: Res<Settings>, mut shown: Local<Option<Theme>>) -> Result {
    let ctx = contexts.ctx_mut()?;
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
    rects.set_if_neq(UiRects { window: Vec2::new(window.width(), window.height()), items });
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

/// A centred column of at most `max` logical pixels, with the window's margins.
pub fn column_rect(ctx: &egui::Context, max: f32) -> egui::Rect {
    let screen = ctx.viewport_rect();
    let width = (screen.width() - 16.0).min(max);
    let x = screen.center().x - width / 2.0;
    egui::Rect::from_min_max(egui::pos2(x, screen.min.y + 8.0), egui::pos2(x + width, screen.max.y - 8.0))
}
