//! The game screen: the board (drawn by the view) in the largest region the window
//! allows, and around it fixed regions (`ScreenLayout`): the status (whose turn, who
//! plays which colour, pieces in hand and lost, the thinking sign), the message slot
//! (which also holds the result when the game is over), the buttons, and in landscape
//! the move list. Nothing here changes size with what it shows.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::DrawScreen;
use crate::app::ai_task::Thinking;
use crate::app::board::{GAP, ScreenLayout, TOUCH};
use crate::app::i18n::{self, Lang, Word, word};
use crate::app::model::{Asking, Command, Notice, NoticeText, Opponent, Question, Selection, Session, in_game};
use crate::app::settings::{Settings, Theme};
use crate::app::theme::{self, UiColours, ui_colours};
use crate::rules::Colour;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, game_ui.in_set(DrawScreen).run_if(in_game));
}

fn to_egui(r: Rect) -> egui::Rect {
    egui::Rect::from_min_max(egui::pos2(r.min.x, r.min.y), egui::pos2(r.max.x, r.max.y))
}

fn game_ui(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    session: Res<Session>,
    notice: Res<Notice>,
    selection: Res<Selection>,
    thinking: Res<Thinking>,
    asking: Res<Asking>,
    mut commands: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    let colours = ui_colours(settings.theme);
    let size = ctx.viewport_rect().size();
    let layout = ScreenLayout::of(Vec2::new(size.x, size.y));
    let mut root = super::root_ui(&ctx);
    let painter = root.painter().clone();
    let radius = egui::CornerRadius::same(theme::RADIUS);
    for r in [Some(layout.status), Some(layout.message), layout.moves].into_iter().flatten() {
        painter.rect(to_egui(r), radius, colours.card, Stroke::new(1.0, colours.card_edge), egui::StrokeKind::Inside);
    }
    let inner = |r: Rect| to_egui(r).shrink(8.0);
    root.scope_builder(egui::UiBuilder::new().max_rect(inner(layout.status)), |ui| {
        ui.set_clip_rect(to_egui(layout.status));
        status(ui, lang, &colours, &session, &selection, &thinking, layout.portrait);
    });
    root.scope_builder(egui::UiBuilder::new().max_rect(inner(layout.message)), |ui| {
        ui.set_clip_rect(to_egui(layout.message));
        message(ui, lang, &colours, &session, &notice, &selection, layout.portrait);
    });
    root.scope_builder(egui::UiBuilder::new().max_rect(to_egui(layout.buttons)), |ui| {
        buttons(ui, lang, settings.theme, &session, &thinking, &layout, &mut commands);
    });
    if let Some(moves) = layout.moves {
        root.scope_builder(egui::UiBuilder::new().max_rect(inner(moves)), |ui| {
            move_list(ui, lang, &session);
        });
    }
    if let Some(q) = asking.0 {
        question(&ctx, lang, settings.theme, q, &mut commands);
    }
    Ok(())
}

/// A coloured stone, as on the board, for the status and the chips.
fn stone(ui: &mut egui::Ui, colours: &UiColours, c: Colour, radius: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(radius * 2.0 + 2.0, radius * 2.0 + 2.0), egui::Sense::hover());
    let p = ui.painter();
    p.circle_filled(rect.center() + egui::vec2(1.0, 1.5), radius, Color32::from_black_alpha(60));
    p.circle(rect.center(), radius, colours.piece[c.index()], Stroke::new(1.5, colours.piece_edge[c.index()]));
}

fn status(
    ui: &mut egui::Ui,
    lang: Lang,
    colours: &UiColours,
    session: &Session,
    selection: &Selection,
    thinking: &Thinking,
    portrait: bool,
) {
    let game = &session.game;
    let pos = game.position();
    if !portrait {
        theme::line(ui, RichText::new(i18n::variant(lang, game.rules().variant)).size(18.0).strong());
    }
    // The turn line: a fixed two-line box with room for the thinking sign on its right.
    let turn = match session.result() {
        // the result itself is on the game-over card in the message slot
        Some(_) => i18n::explain(lang, crate::rules::Illegal::GameOver, true).to_string(),
        None if selection.pending.is_some() => word(lang, Word::MillTakePiece).to_string(),
        None => {
            i18n::to_move(lang, pos.side, pos.in_hand[pos.side.index()] > 0, pos.can_fly(pos.side, game.rules().flying))
        }
    };
    let width = ui.available_width();
    let (turn_rect, _) = ui.allocate_exact_size(egui::vec2(width, 42.0), egui::Sense::hover());
    let text_rect = egui::Rect::from_min_max(turn_rect.min, turn_rect.max - egui::vec2(30.0, 0.0));
    // A child that takes no space of its own: the turn box is already allocated.
    theme::text(&mut ui.new_child(egui::UiBuilder::new().max_rect(text_rect)), RichText::new(turn).size(16.0).strong());
    if thinking.is_replying() {
        let spin =
            egui::Rect::from_center_size(turn_rect.right_center() - egui::vec2(12.0, 0.0), egui::vec2(20.0, 20.0));
        ui.put(spin, egui::Spinner::new().size(20.0));
    }
    // One chip per colour: who plays it, pieces in hand and lost; the side to move is ringed.
    let variant = game.board();
    let chip_w = (ui.available_width() - GAP) / 2.0;
    ui.horizontal(|ui| {
        for c in [Colour::White, Colour::Black] {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(chip_w, 42.0), egui::Sense::hover());
            let to_move = pos.side == c && session.result().is_none();
            let stroke = if to_move { Stroke::new(2.0, colours.primary) } else { Stroke::new(1.0, colours.card_edge) };
            ui.painter().rect(rect, egui::CornerRadius::same(8), colours.background, stroke, egui::StrokeKind::Inside);
            {
                let inner = rect.shrink2(egui::vec2(6.0, 3.0));
                let ui = &mut ui
                    .new_child(egui::UiBuilder::new().max_rect(inner).layout(egui::Layout::top_down(egui::Align::Min)));
                ui.spacing_mut().item_spacing = egui::vec2(4.0, 2.0);
                // rows of text, not of buttons
                ui.spacing_mut().interact_size.y = 16.0;
                ui.horizontal(|ui| {
                    stone(ui, colours, c, 7.0);
                    let who = match session.opponent {
                        Opponent::Computer(_) if c == session.human => {
                            format!("{}: {}", word(lang, Word::You), i18n::colour(lang, c))
                        }
                        Opponent::Computer(level) => {
                            format!("{} · {}", i18n::colour(lang, c), i18n::level(lang, level))
                        }
                        Opponent::TwoPlayers => i18n::colour(lang, c).to_string(),
                    };
                    theme::line(ui, RichText::new(who).size(theme::SMALL).strong());
                });
                let on_board = pos.board[c.index()].count_ones();
                let lost = variant.pieces as u32 - on_board - pos.in_hand[c.index()] as u32;
                theme::line(
                    ui,
                    RichText::new(format!(
                        "{} {} · {} {}",
                        word(lang, Word::InHand),
                        pos.in_hand[c.index()],
                        word(lang, Word::Lost),
                        lost
                    ))
                    .size(theme::SMALL),
                );
            }
        }
    });
}

fn message(
    ui: &mut egui::Ui,
    lang: Lang,
    colours: &UiColours,
    session: &Session,
    notice: &Notice,
    selection: &Selection,
    portrait: bool,
) {
    let size = if portrait { theme::SMALL } else { 15.0 };
    if let Some(result) = session.result() {
        // The game-over card: the result and why, in the accent colour, over a ringed slot.
        let (head, why) = i18n::result(lang, result, session.human_colour());
        ui.painter().rect_stroke(
            ui.max_rect().expand(8.0),
            egui::CornerRadius::same(theme::RADIUS),
            Stroke::new(2.0, colours.primary),
            egui::StrokeKind::Inside,
        );
        ui.spacing_mut().item_spacing.y = 2.0;
        theme::line(ui, RichText::new(head).size(size + 2.0).strong().color(colours.primary));
        theme::text(ui, RichText::new(why).size(size));
        return;
    }
    if let Some(text) = notice.visible() {
        let (msg, refused) = match text {
            NoticeText::Refused(why) => (i18n::explain(lang, why, session.game.rules().board().can_fly), true),
            NoticeText::Info(i) => (i18n::info(lang, i), false),
        };
        let colour = if refused { colours.error } else { colours.text };
        theme::text(ui, RichText::new(msg).size(size).color(colour));
    } else if let Some((m, revision)) = selection.hint
        && revision == session.revision
    {
        let msg = format!("{} {}", word(lang, Word::HintShown), session.game.move_text(m));
        theme::text(ui, RichText::new(msg).size(size).color(colours.mark));
    }
}

fn buttons(
    ui: &mut egui::Ui,
    lang: Lang,
    theme_now: Theme,
    session: &Session,
    thinking: &Thinking,
    layout: &ScreenLayout,
    commands: &mut MessageWriter<Command>,
) {
    let game = &session.game;
    let over = session.is_over();
    let can_undo = game.ply() > 0 && session.resigned.is_none();
    let can_redo = game.can_redo() && session.resigned.is_none();
    let can_hint = session.human_to_move() && thinking.job.is_none();
    // Five slots: undo, redo, hint, resign, menu; once the game is over, rematch takes
    // the places of hint and resign.
    let cols = if layout.portrait { 5 } else { 2 };
    let gap = if layout.portrait { 6.0 } else { GAP };
    let cell_w = (layout.buttons.width() - gap * (cols as f32 - 1.0)) / cols as f32;
    let cell = |i: usize, span: usize| -> egui::Rect {
        let (col, row) = (i % cols, i / cols);
        let x = layout.buttons.min.x + col as f32 * (cell_w + gap);
        let y = layout.buttons.min.y + row as f32 * (TOUCH + gap);
        egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(cell_w * span as f32 + gap * (span as f32 - 1.0), TOUCH))
    };
    let put = |ui: &mut egui::Ui, rect: egui::Rect, text: &str, enabled: bool, primary: bool| -> bool {
        let ui = &mut ui.new_child(egui::UiBuilder::new().max_rect(rect));
        // five in a row on a phone: tighter padding and smaller words
        ui.spacing_mut().button_padding.x = 4.0;
        let size = if layout.portrait { 15.0 } else { theme::BODY };
        let r = if primary {
            theme::primary_button(ui, text, rect.width(), theme_now)
        } else {
            theme::button_sized(ui, text, rect.width(), enabled, size)
        };
        r.clicked()
    };
    let small = |w: Word| word(lang, w);
    if put(ui, cell(0, 1), small(Word::Undo), can_undo, false) {
        commands.write(Command::Undo);
    }
    if put(ui, cell(1, 1), small(Word::Redo), can_redo, false) {
        commands.write(Command::Redo);
    }
    if over {
        // portrait: slots 2-3; landscape: the second row
        if put(ui, cell(2, 2), small(Word::Rematch), true, true) {
            commands.write(Command::Rematch);
        }
    } else {
        if put(ui, cell(2, 1), small(Word::Hint), can_hint, false) {
            commands.write(Command::Hint);
        }
        if put(ui, cell(3, 1), small(Word::Resign), session.in_progress(), false) {
            commands.write(Command::Resign);
        }
    }
    if put(ui, cell(4, 1), small(Word::Menu), true, false) {
        commands.write(Command::Menu);
    }
}

fn move_list(ui: &mut egui::Ui, lang: Lang, session: &Session) {
    let game = &session.game;
    theme::line(ui, RichText::new(word(lang, Word::Moves)).strong());
    egui::ScrollArea::vertical().id_salt("moves").auto_shrink([false, false]).stick_to_bottom(true).show(ui, |ui| {
        theme::scroll_depth(ui, 1);
        for (i, pair) in game.moves().chunks(2).enumerate() {
            let texts: Vec<String> = pair.iter().map(|&m| game.move_text(m)).collect();
            theme::line(ui, RichText::new(format!("{:>3}. {}", i + 1, texts.join("  "))).monospace());
        }
        theme::scroll_depth(ui, -1);
    });
}

/// The question before something that cannot be taken back, over a dimmed screen.
/// Enter answers yes, Esc no.
pub fn question(ctx: &egui::Context, lang: Lang, theme_now: Theme, q: Question, commands: &mut MessageWriter<Command>) {
    let (text, yes) = match q {
        Question::Resign => (Word::ResignQuestion, Word::ResignYes),
        Question::NewGame => (Word::NewGameQuestion, Word::NewGameYes),
    };
    let width = (ctx.viewport_rect().width() - 48.0).min(380.0);
    let mut answer = None;
    egui::Modal::new(egui::Id::new("question"))
        .frame(theme::card_frame(theme_now).inner_margin(egui::Margin::same(18)))
        .area(egui::Modal::default_area(egui::Id::new("question")).anchor(Align2::CENTER_CENTER, egui::Vec2::ZERO))
        .show(ctx, |ui| {
            ui.set_width(width);
            theme::text(ui, RichText::new(word(lang, text)).size(17.0).strong());
            ui.add_space(12.0);
            let half = (width - GAP) / 2.0;
            ui.horizontal(|ui| {
                if theme::button(ui, word(lang, Word::Cancel), half, true).clicked() {
                    answer = Some(false);
                }
                if theme::primary_button(ui, word(lang, yes), half, theme_now).clicked() {
                    answer = Some(true);
                }
            });
            if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                answer = Some(false);
            }
            if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                answer = Some(true);
            }
        });
    if let Some(a) = answer {
        commands.write(Command::Answer(a));
    }
}
