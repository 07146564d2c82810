//! The panels, in egui: the status line, the hands and captures, the buttons, the move
//! list, the settings, and the game-over card. The board keeps the rest of the window:
//! the UI reports that area to the layout every frame.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::ai_task::Thinking;
use super::board::Viewport;
use super::i18n::{self, Lang, Word, word};
use super::play::{Command, Notice, NoticeText, Selection, Session};
use super::settings::{ColourChoice, Opponent, Settings, Theme};
use crate::ai::Level;
use crate::rules::{Colour, Status, VariantKind};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, panels);
}

fn setup_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert("dejavu".into(), std::sync::Arc::new(egui::FontData::from_static(super::view::FONT_BYTES)));
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts.families.entry(family).or_default().insert(0, "dejavu".into());
    }
    ctx.set_fonts(fonts);
    // Larger text and buttons than egui's defaults: this is a game, read at arm's length.
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily::Proportional, FontId, TextStyle};
        style.text_styles.insert(TextStyle::Body, FontId::new(16.0, Proportional));
        style.text_styles.insert(TextStyle::Button, FontId::new(17.0, Proportional));
        style.text_styles.insert(TextStyle::Heading, FontId::new(22.0, Proportional));
        style.text_styles.insert(TextStyle::Monospace, FontId::new(15.0, egui::FontFamily::Monospace));
        style.spacing.button_padding = egui::vec2(10.0, 6.0);
        style.spacing.item_spacing = egui::vec2(8.0, 8.0);
    });
}

fn panels(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    session: Res<Session>,
    notice: Res<Notice>,
    selection: Res<Selection>,
    thinking: Res<Thinking>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut viewport: ResMut<Viewport>,
    mut commands: MessageWriter<Command>,
    mut fonts_ready: Local<bool>,
    mut theme_shown: Local<Option<Theme>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if !*fonts_ready {
        setup_fonts(&ctx);
        *fonts_ready = true;
    }
    if *theme_shown != Some(settings.theme) {
        let visuals = if settings.theme == Theme::Dark { egui::Visuals::dark() } else { egui::Visuals::light() };
        ctx.all_styles_mut(|style| style.visuals = visuals.clone());
        *theme_shown = Some(settings.theme);
    }
    let Ok(window) = window.single() else {
        return Ok(());
    };
    let size = Vec2::new(window.width(), window.height());
    let portrait = size.y > size.x;
    // Finger-sized controls on narrow (phone) screens.
    let zoom = if size.x.min(size.y) < 600.0 { 1.25 } else { 1.0 };
    if (ctx.zoom_factor() - zoom).abs() > 0.01 {
        ctx.set_zoom_factor(zoom);
    }
    let lang = settings.lang;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let panel_frame = egui::Frame::side_top_panel(&ctx.global_style()).inner_margin(10.0);
    if portrait {
        egui::Panel::top("status")
            .frame(panel_frame)
            .show(&mut root, |ui| status(ui, lang, &session, &notice, &selection, &thinking, &mut commands));
        egui::Panel::bottom("controls").frame(panel_frame).show(&mut root, |ui| {
            controls(ui, &mut settings, &session, &thinking, &mut commands, true);
        });
    } else {
        egui::Panel::right("side").frame(panel_frame).exact_size(320.0).show(&mut root, |ui| {
            status(ui, lang, &session, &notice, &selection, &thinking, &mut commands);
            ui.separator();
            controls(ui, &mut settings, &session, &thinking, &mut commands, false);
        });
    }
    let area = root.available_rect_before_wrap();
    let zoom = ctx.zoom_factor();
    let board_area = Rect::new(area.min.x * zoom, area.min.y * zoom, area.max.x * zoom, area.max.y * zoom);
    viewport.set_if_neq(Viewport { window: size, board_area });
    Ok(())
}

fn status(
    ui: &mut egui::Ui,
    lang: Lang,
    session: &Session,
    notice: &Notice,
    selection: &Selection,
    thinking: &Thinking,
    commands: &mut MessageWriter<Command>,
) {
    let game = &session.game;
    let pos = game.position();
    ui.heading(i18n::variant(lang, game.rules().variant));
    let line = match game.status() {
        Status::Ongoing if selection.pending.is_some() => word(lang, Word::MillTakePiece).to_string(),
        Status::Ongoing => {
            i18n::to_move(lang, pos.side, pos.in_hand[pos.side.index()] > 0, pos.can_fly(pos.side, game.rules().flying))
        }
        over => {
            // The result stays in the panel so that the final position stays in view.
            let (head, why) = i18n::result(lang, over);
            ui.label(RichText::new(head).size(26.0).strong());
            ui.label(RichText::new(why).size(17.0));
            ui.horizontal_wrapped(|ui| {
                if ui.button(RichText::new(word(lang, Word::Rematch)).strong()).clicked() {
                    commands.write(Command::Rematch);
                }
                if ui.button(word(lang, Word::NewGame)).clicked() {
                    commands.write(Command::NewGame);
                }
            });
            String::new()
        }
    };
    if !line.is_empty() {
        ui.label(RichText::new(line).size(18.0).strong());
    }
    if thinking.is_replying() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(word(lang, Word::Thinking));
        });
    }
    if let Some(text) = notice.text
        && notice.age < 6.0
    {
        let msg = match text {
            NoticeText::Refused(why) => i18n::explain(lang, why, game.rules().board().can_fly),
            NoticeText::Info(w) => word(lang, w),
        };
        let refused = matches!(text, NoticeText::Refused(_));
        // a refused tap shakes the message for a moment
        let shake =
            if refused && notice.age < 0.4 { (notice.age * 60.0).sin() * 6.0 * (1.0 - notice.age / 0.4) } else { 0.0 };
        ui.horizontal(|ui| {
            ui.add_space(shake.max(0.0) + 4.0);
            let colour = if refused { Color32::from_rgb(0xC0, 0x28, 0x28) } else { ui.visuals().strong_text_color() };
            ui.add(egui::Label::new(RichText::new(msg).color(colour)).wrap());
        });
    }
    let variant = game.board();
    for c in [Colour::White, Colour::Black] {
        let on_board = pos.board[c.index()].count_ones();
        let captured = variant.pieces as u32 - on_board - pos.in_hand[c.index()] as u32;
        ui.label(format!(
            "{}: {} {} · {} {}",
            i18n::colour(lang, c),
            word(lang, Word::InHand),
            pos.in_hand[c.index()],
            word(lang, Word::Captured),
            captured
        ));
    }
}

fn controls(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    session: &Session,
    thinking: &Thinking,
    commands: &mut MessageWriter<Command>,
    compact: bool,
) {
    let lang = settings.lang;
    let game = &session.game;
    ui.horizontal_wrapped(|ui| {
        if ui.button(word(lang, Word::NewGame)).clicked() {
            commands.write(Command::NewGame);
        }
        if ui.add_enabled(game.ply() > 0, egui::Button::new(word(lang, Word::Undo))).clicked() {
            commands.write(Command::Undo);
        }
        if ui.add_enabled(game.can_redo(), egui::Button::new(word(lang, Word::Redo))).clicked() {
            commands.write(Command::Redo);
        }
        if ui
            .add_enabled(session.human_to_move() && thinking.job.is_none(), egui::Button::new(word(lang, Word::Hint)))
            .clicked()
        {
            commands.write(Command::Hint);
        }
    });
    let moves = |ui: &mut egui::Ui| {
        egui::ScrollArea::vertical().max_height(if compact { 90.0 } else { 220.0 }).stick_to_bottom(true).show(
            ui,
            |ui| {
                for (i, pair) in game.moves().chunks(2).enumerate() {
                    let texts: Vec<String> = pair.iter().map(|&m| game.move_text(m)).collect();
                    ui.monospace(format!("{:>3}. {}", i + 1, texts.join("  ")));
                }
            },
        );
    };
    egui::CollapsingHeader::new(word(lang, Word::Moves)).default_open(!compact).show(ui, moves);
    egui::CollapsingHeader::new(word(lang, Word::Settings))
        .default_open(false)
        .show(ui, |ui| settings_ui(ui, settings));
}

fn settings_ui(ui: &mut egui::Ui, s: &mut Settings) {
    let lang = s.lang;
    egui::Grid::new("settings").num_columns(2).spacing([12.0, 8.0]).show(ui, |ui| {
        ui.label(word(lang, Word::Opponent));
        ui.horizontal_wrapped(|ui| {
            let level = match s.opponent {
                Opponent::Computer(l) => l,
                Opponent::TwoPlayers => Level::Medium,
            };
            let mut computer = matches!(s.opponent, Opponent::Computer(_));
            ui.radio_value(&mut computer, true, word(lang, Word::Computer));
            ui.radio_value(&mut computer, false, word(lang, Word::TwoPlayers));
            s.opponent = if computer { Opponent::Computer(level) } else { Opponent::TwoPlayers };
        });
        ui.end_row();
        if let Opponent::Computer(level) = &mut s.opponent {
            ui.label(word(lang, Word::Level));
            ui.horizontal_wrapped(|ui| {
                for l in Level::ALL {
                    ui.selectable_value(level, l, i18n::level(lang, l));
                }
            });
            ui.end_row();
            ui.label(word(lang, Word::YourColour));
            ui.horizontal_wrapped(|ui| {
                ui.selectable_value(&mut s.colour, ColourChoice::Alternate, word(lang, Word::Alternate));
                ui.selectable_value(
                    &mut s.colour,
                    ColourChoice::Fixed(Colour::White),
                    i18n::colour(lang, Colour::White),
                );
                ui.selectable_value(
                    &mut s.colour,
                    ColourChoice::Fixed(Colour::Black),
                    i18n::colour(lang, Colour::Black),
                );
            });
            ui.end_row();
        }
        ui.label(word(lang, Word::Variant));
        egui::ComboBox::from_id_salt("variant").selected_text(i18n::variant(lang, s.variant)).show_ui(ui, |ui| {
            for v in VariantKind::ALL {
                ui.selectable_value(&mut s.variant, v, i18n::variant(lang, v));
            }
        });
        ui.end_row();
        ui.label(word(lang, Word::Flying));
        ui.checkbox(&mut s.flying, "");
        ui.end_row();
        ui.label(word(lang, Word::Animation));
        ui.horizontal_wrapped(|ui| {
            for (speed, w) in [(0.0, Word::Off), (0.6, Word::Slow), (1.0, Word::Normal), (1.8, Word::Fast)] {
                if ui.selectable_label(s.animation == speed, word(lang, w)).clicked() {
                    s.animation = speed;
                }
            }
        });
        ui.end_row();
        ui.label(word(lang, Word::Theme));
        ui.horizontal(|ui| {
            ui.selectable_value(&mut s.theme, Theme::Light, word(lang, Word::Light));
            ui.selectable_value(&mut s.theme, Theme::Dark, word(lang, Word::Dark));
        });
        ui.end_row();
        ui.label(word(lang, Word::Language));
        ui.horizontal(|ui| {
            ui.selectable_value(&mut s.lang, Lang::Tr, "Türkçe");
            ui.selectable_value(&mut s.lang, Lang::En, "English");
        });
        ui.end_row();
    });
    ui.label(RichText::new(word(lang, Word::FlyingNextGame)).small());
}
