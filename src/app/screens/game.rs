//! The game screen: the board (drawn by the view) in the largest region the window
//! allows, and around it fixed regions (`ScreenLayout`): the status (whose turn, who
//! plays which colour, pieces in hand and lost, the thinking sign), the message slot
//! (which also holds the result when the game is over), the buttons, and in landscape
//! the move list. Nothing here changes size with what it shows.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::DrawScreen;
use crate::ai::review::{Grade, MoveReview, eval_text};
use crate::ai::search::WIN_BOUND;
use crate::app::ai_task::Thinking;
use crate::app::board::{BoardLayout, GAP, ScreenLayout, TOUCH};
use crate::app::i18n::{self, Lang, Word, word};
use crate::app::model::{
    Asking, Command, Notice, NoticeText, Opponent, Question, SafeArea, Selection, Session, in_game,
};
use crate::app::review_task::Review;
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
    review: Res<Review>,
    board: Option<Res<BoardLayout>>,
    safe: Res<SafeArea>,
    mut commands: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    let colours = ui_colours(settings.theme);
    let size = ctx.viewport_rect().size();
    let layout = ScreenLayout::within(Vec2::new(size.x, size.y), *safe);
    let mut root = super::root_ui(&ctx);
    let painter = root.painter().clone();
    let radius = egui::CornerRadius::same(theme::RADIUS);
    for r in [Some(layout.status), Some(layout.message), layout.moves].into_iter().flatten() {
        painter.rect(to_egui(r), radius, colours.card, Stroke::new(1.0, colours.card_edge), egui::StrokeKind::Inside);
    }
    let inner = |r: Rect| to_egui(r).shrink(8.0);
    // the review of the game of the history on screen, if it has one
    let reviewed = session.viewing.as_ref().and_then(|_| review.of(session.id));
    root.scope_builder(egui::UiBuilder::new().max_rect(inner(layout.status)), |ui| {
        ui.set_clip_rect(to_egui(layout.status));
        status(ui, lang, &colours, &session, &selection, &thinking, reviewed, !layout.roomy);
    });
    root.scope_builder(egui::UiBuilder::new().max_rect(inner(layout.message)), |ui| {
        ui.set_clip_rect(to_egui(layout.message));
        match reviewed {
            Some(r) if session.game.can_redo() || r.running() => review_message(ui, lang, &colours, &session, r),
            _ => message(ui, lang, &colours, &session, &notice, &selection, !layout.roomy),
        }
    });
    root.scope_builder(egui::UiBuilder::new().max_rect(to_egui(layout.buttons)), |ui| {
        if session.viewing.is_some() {
            viewing_buttons(ui, lang, settings.theme, &session, reviewed, &layout, &mut commands);
        } else {
            buttons(ui, lang, settings.theme, &session, &thinking, &layout, &mut commands);
        }
    });
    // the better move than the next one played, as an arrow on the board
    if let (Some(r), Some(board)) = (reviewed, board)
        && let Some(better) = r.moves.get(session.game.ply()).and_then(|m| m.better)
    {
        better_arrow(&painter, &board, &session, better, colours.mark);
    }
    if let Some(moves) = layout.moves {
        root.scope_builder(egui::UiBuilder::new().max_rect(inner(moves)), |ui| {
            move_list(ui, lang, &session);
        });
    }
    if let Some(q) = asking.0 {
        question(&ctx, lang, settings.theme, q, Some(&session.game), &mut commands);
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
    reviewed: Option<&Review>,
    portrait: bool,
) {
    let game = &session.game;
    let pos = game.position();
    if !portrait {
        theme::line(ui, RichText::new(i18n::variant(lang, game.rules().variant)).size(18.0).strong());
    }
    if let Some(v) = &session.viewing {
        // a game of the history: where in it, when it was played, and the evaluation
        let width = ui.available_width();
        let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 42.0), egui::Sense::hover());
        let total = game.ply() + game.moves_ahead();
        let text =
            format!("{} {}/{total}\n{}", word(lang, Word::MoveOf), game.ply(), crate::app::progress::date(v.ended));
        let graph = reviewed.filter(|r| !r.moves.is_empty());
        let text_w = if graph.is_some() { (width * 0.4).min(150.0) } else { width };
        let text_rect = egui::Rect::from_min_size(rect.min, egui::vec2(text_w, rect.height()));
        theme::text(
            &mut ui.new_child(egui::UiBuilder::new().max_rect(text_rect)),
            RichText::new(text).size(15.0).strong(),
        );
        if let Some(r) = graph {
            let graph_rect = egui::Rect::from_min_max(egui::pos2(rect.min.x + text_w + GAP, rect.min.y), rect.max);
            eval_graph(ui, colours, graph_rect, &r.moves, total, game.ply());
        }
        chips(ui, lang, colours, session);
        return;
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
    chips(ui, lang, colours, session);
}

/// One chip per colour: who plays it, pieces in hand and lost; the side to move is ringed.
fn chips(ui: &mut egui::Ui, lang: Lang, colours: &UiColours, session: &Session) {
    let game = &session.game;
    let pos = game.position();
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

/// The evaluation over the game (White's side up), with the position on screen marked:
/// a line the size of the status's first row.
fn eval_graph(ui: &egui::Ui, colours: &UiColours, rect: egui::Rect, moves: &[MoveReview], total: usize, ply: usize) {
    let painter = ui.painter().with_clip_rect(rect);
    painter.rect_filled(rect, egui::CornerRadius::same(6), colours.background);
    let mid = rect.center().y;
    painter
        .line_segment([egui::pos2(rect.min.x, mid), egui::pos2(rect.max.x, mid)], Stroke::new(1.0, colours.card_edge));
    // two pieces' advantage fills half the height; proven results reach the edge
    let y = |eval: i32| {
        let e = if eval.abs() > WIN_BOUND { eval.signum() * 400 } else { eval.clamp(-400, 400) };
        mid - e as f32 / 400.0 * (rect.height() / 2.0 - 3.0)
    };
    let x = |i: usize| rect.min.x + 3.0 + (rect.width() - 6.0) * i as f32 / total.max(1) as f32;
    let points: Vec<egui::Pos2> = std::iter::once(egui::pos2(x(0), mid))
        .chain(moves.iter().enumerate().map(|(i, m)| egui::pos2(x(i + 1), y(m.eval))))
        .collect();
    painter.add(egui::Shape::line(points, Stroke::new(2.0, colours.primary)));
    let here = x(ply);
    painter.line_segment([egui::pos2(here, rect.min.y), egui::pos2(here, rect.max.y)], Stroke::new(2.0, colours.mark));
}

/// While the review runs: how far it is, as words and a bar. Once done: the next move
/// played from the position on screen, its grade, the better move and the evaluation.
fn review_message(ui: &mut egui::Ui, lang: Lang, colours: &UiColours, session: &Session, review: &Review) {
    ui.spacing_mut().item_spacing.y = 4.0;
    let ply = session.game.ply();
    if review.running() {
        let done = review.progress();
        theme::line(
            ui,
            RichText::new(format!("{}… {done}/{}", word(lang, Word::Reviewing), review.total)).size(theme::SMALL),
        );
        let bar = egui::ProgressBar::new(done as f32 / review.total.max(1) as f32).desired_height(10.0);
        let r = ui.add(bar);
        theme::track(ui, &r, "progress", false);
        return;
    }
    let Some(m) = review.moves.get(ply) else {
        // a review cancelled before this move
        theme::text(
            ui,
            RichText::new(format!("{} {}/{}", word(lang, Word::Reviewing), review.moves.len(), review.total))
                .size(theme::SMALL),
        );
        return;
    };
    let colour = match m.grade {
        Grade::Best | Grade::Good => colours.text,
        Grade::Inaccuracy => colours.mark,
        _ => colours.error,
    };
    let head = format!("{}. {} · {}", ply + 1, session.game.move_text(m.played), i18n::grade(lang, m.grade));
    theme::line(ui, RichText::new(head).size(15.0).strong().color(colour));
    let mut tail = eval_text(m.eval);
    if let Some(b) = m.better {
        tail = format!("{}: {} · {tail}", word(lang, Word::Better), session.game.move_text(b));
    }
    theme::line(ui, RichText::new(tail).size(theme::SMALL));
}

/// The better move on the board: an arrow for a step, a ring for a placement, a cross
/// on the piece it takes.
fn better_arrow(
    painter: &egui::Painter,
    board: &BoardLayout,
    session: &Session,
    m: crate::rules::Move,
    colour: Color32,
) {
    let variant = session.game.board();
    let at = |p: u8| {
        let v = board.0.screen_of_point(variant, p);
        egui::pos2(v.x, v.y)
    };
    let stroke = Stroke::new(5.0, colour);
    let to = at(m.to);
    match m.from_point() {
        Some(from) => {
            let from = at(from);
            let dir = (to - from).normalized();
            // from the piece's edge to the point's, so both stay visible
            let (a, b) = (from + dir * 14.0, to - dir * 14.0);
            painter.line_segment([a, b], stroke);
            let side = egui::vec2(-dir.y, dir.x) * 9.0;
            painter.add(egui::Shape::convex_polygon(
                vec![b + dir * 6.0, b - dir * 10.0 + side, b - dir * 10.0 - side],
                colour,
                Stroke::NONE,
            ));
        }
        None => {
            painter.circle_stroke(to, 18.0, stroke);
        }
    }
    if let Some(c) = m.captured_point() {
        let c = at(c);
        let d = 10.0;
        painter.line_segment([c + egui::vec2(-d, -d), c + egui::vec2(d, d)], stroke);
        painter.line_segment([c + egui::vec2(-d, d), c + egui::vec2(d, -d)], stroke);
    }
}

/// A game of the history: step back and forward, review (or cancel it, or jump to the
/// next mistake once reviewed), and back to the statistics.
fn viewing_buttons(
    ui: &mut egui::Ui,
    lang: Lang,
    theme_now: Theme,
    session: &Session,
    reviewed: Option<&Review>,
    layout: &ScreenLayout,
    commands: &mut MessageWriter<Command>,
) {
    let game = &session.game;
    let cells = Cells::new(layout);
    if cells.put(ui, cells.at(0, 1), "◀", game.ply() > 0, false, theme_now) {
        commands.write(Command::Undo);
    }
    if cells.put(ui, cells.at(1, 1), "▶", game.can_redo(), false, theme_now) {
        commands.write(Command::Redo);
    }
    // the wide slot and Back: in three columns, the wide one takes the second row's start
    let (wide, back) =
        if cells.cols == 3 { (cells.at(3, 2), cells.at(2, 1)) } else { (cells.at(2, 2), cells.at(4, 1)) };
    match reviewed {
        Some(r) if r.running() => {
            if cells.put(ui, wide, word(lang, Word::Cancel), true, false, theme_now) {
                commands.write(Command::CancelReview);
            }
        }
        Some(r) if r.moves.len() == r.total => {
            let next = r.moves.iter().enumerate().skip(game.ply() + 1).find(|(_, m)| m.grade >= Grade::Mistake);
            // the position before the mistake, where the better move is drawn
            if cells.put(ui, wide, word(lang, Word::NextMistake), next.is_some(), false, theme_now)
                && let Some((i, _)) = next
            {
                commands.write(Command::GoTo(i));
            }
        }
        _ => {
            if cells.put(ui, wide, word(lang, Word::Review), game.ply() + game.moves_ahead() > 0, true, theme_now) {
                commands.write(Command::Review);
            }
        }
    }
    if cells.put(ui, back, word(lang, Word::Back), true, false, theme_now) {
        commands.write(Command::Menu);
    }
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
        let mut msg = format!("{} {}", word(lang, Word::HintShown), session.game.move_text(m));
        if let Some(value) = selection.hint_value {
            msg = format!("{msg} · {}", i18n::known_result(lang, session.game.position().side, value));
        }
        theme::text(ui, RichText::new(msg).size(size).color(colours.mark));
    }
}

/// The slots of the button region: a row of five in portrait, two or three columns in
/// landscape (`ScreenLayout::button_cols`).
struct Cells {
    cols: usize,
    gap: f32,
    cell_w: f32,
    origin: egui::Pos2,
    portrait: bool,
}

impl Cells {
    fn new(layout: &ScreenLayout) -> Cells {
        let cols = layout.button_cols;
        let gap = if cols >= 3 { 6.0 } else { GAP };
        let cell_w = (layout.buttons.width() - gap * (cols as f32 - 1.0)) / cols as f32;
        let origin = egui::pos2(layout.buttons.min.x, layout.buttons.min.y);
        Cells { cols, gap, cell_w, origin, portrait: cols >= 3 }
    }

    /// Slot `i` (in reading order), `span` slots wide.
    fn at(&self, i: usize, span: usize) -> egui::Rect {
        let (col, row) = (i % self.cols, i / self.cols);
        let x = self.origin.x + col as f32 * (self.cell_w + self.gap);
        let y = self.origin.y + row as f32 * (TOUCH + self.gap);
        let w = self.cell_w * span as f32 + self.gap * (span as f32 - 1.0);
        egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(w, TOUCH))
    }

    /// A button in `rect`; whether it was pressed.
    fn put(
        &self,
        ui: &mut egui::Ui,
        rect: egui::Rect,
        text: &str,
        enabled: bool,
        primary: bool,
        theme_now: Theme,
    ) -> bool {
        let ui = &mut ui.new_child(egui::UiBuilder::new().max_rect(rect));
        // five in a row on a phone: tighter padding and smaller words
        ui.spacing_mut().button_padding.x = 4.0;
        let size = if self.portrait { 15.0 } else { theme::BODY };
        let r = if primary {
            theme::primary_button(ui, text, rect.width(), theme_now)
        } else {
            theme::button_sized(ui, text, rect.width(), enabled, size)
        };
        r.clicked()
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
    let can_undo = game.ply() > 0 && session.resigned.is_none();
    let can_redo = game.can_redo() && session.resigned.is_none();
    let can_hint = session.human_to_move() && thinking.job.is_none();
    // Five slots: undo, redo, hint, resign, menu; once the game is over, rematch and
    // review take the places of redo, hint and resign.
    let cells = Cells::new(layout);
    let small = |w: Word| word(lang, w);
    if cells.put(ui, cells.at(0, 1), small(Word::Undo), can_undo, false, theme_now) {
        commands.write(Command::Undo);
    }
    if session.is_over() {
        // (nothing to redo at the end: a move played after an undo clears the redo list)
        let (rematch, review) =
            if cells.cols >= 3 { (cells.at(1, 2), cells.at(3, 1)) } else { (cells.at(2, 2), cells.at(1, 1)) };
        if cells.put(ui, rematch, small(Word::Rematch), true, true, theme_now) {
            commands.write(Command::Rematch);
        }
        // the finished game opens as a game of the history, and its review starts
        if cells.put(ui, review, small(Word::Review), true, false, theme_now) {
            commands.write(Command::ViewGame(session.id));
            commands.write(Command::Review);
        }
    } else {
        if cells.put(ui, cells.at(1, 1), small(Word::Redo), can_redo, false, theme_now) {
            commands.write(Command::Redo);
        }
        if cells.put(ui, cells.at(2, 1), small(Word::Hint), can_hint, false, theme_now) {
            commands.write(Command::Hint);
        }
        if cells.put(ui, cells.at(3, 1), small(Word::Resign), session.in_progress(), false, theme_now) {
            commands.write(Command::Resign);
        }
    }
    if cells.put(ui, cells.at(4, 1), small(Word::Menu), true, false, theme_now) {
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

/// The question on screen, answered through a command.
/// `game` names the moves of learning mode's question.
pub fn question(
    ctx: &egui::Context,
    lang: Lang,
    theme_now: Theme,
    q: Question,
    game: Option<&crate::rules::Game>,
    commands: &mut MessageWriter<Command>,
) {
    let (text, yes) = match q {
        Question::Resign => (word(lang, Word::ResignQuestion).to_string(), word(lang, Word::ResignYes)),
        Question::NewGame => (word(lang, Word::NewGameQuestion).to_string(), word(lang, Word::NewGameYes)),
        Question::Blunder { better, .. } => {
            let better = better.zip(game).map(|(m, g)| g.move_text(m));
            (i18n::blunder_question(lang, better.as_deref()), word(lang, Word::PlayAnyway))
        }
    };
    if let Some(a) = ask(ctx, lang, theme_now, &text, yes) {
        commands.write(Command::Answer(a));
    }
}

/// The question before something that cannot be taken back, over a dimmed screen: the
/// answer once given. Enter answers yes, Esc no.
pub fn ask(ctx: &egui::Context, lang: Lang, theme_now: Theme, text: &str, yes: &str) -> Option<bool> {
    let width = (ctx.viewport_rect().width() - 48.0).min(380.0);
    let mut answer = None;
    egui::Modal::new(egui::Id::new("question"))
        .frame(theme::card_frame(theme_now).inner_margin(egui::Margin::same(18)))
        .area(egui::Modal::default_area(egui::Id::new("question")).anchor(Align2::CENTER_CENTER, egui::Vec2::ZERO))
        .show(ctx, |ui| {
            ui.set_width(width);
            theme::text(ui, RichText::new(text).size(17.0).strong());
            ui.add_space(12.0);
            let half = (width - GAP) / 2.0;
            ui.horizontal(|ui| {
                if theme::button(ui, word(lang, Word::Cancel), half, true).clicked() {
                    answer = Some(false);
                }
                if theme::primary_button(ui, yes, half, theme_now).clicked() {
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
    answer
}
