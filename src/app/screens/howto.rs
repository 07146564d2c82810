//! How to play: the rules in short sections, each with a small board that plays its
//! example out (the worked example of rules.md among them), in Turkish and English.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{DrawScreen, ReturnTo, column_rect, top_bar};
use crate::app::howto_text::{self, Diagram};
use crate::app::i18n::{Word, word};
use crate::app::model::Screen;
use crate::app::settings::Settings;
use crate::app::theme::{self, UiColours, ui_colours};
use crate::rules::{Game, Move, Position, Rules, VariantKind};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, howto_ui.in_set(DrawScreen).run_if(in_state(Screen::HowToPlay)));
}

fn howto_ui(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    return_to: Res<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
    mut replays: Local<Replays>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    let colours = ui_colours(settings.theme);
    let time = super::diagram_time(&ctx);
    let mut root = super::root_ui(&ctx);
    root.scope_builder(egui::UiBuilder::new().max_rect(column_rect(&ctx, 720.0)), |ui| {
        if top_bar(ui, lang, word(lang, Word::HowToPlay)) {
            next.set(return_to.0);
        }
        ui.add_space(4.0);
        theme::scroll(ui, "howto", |ui| {
            for section in howto_text::sections(lang) {
                theme::card_frame(settings.theme).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    theme::text(ui, RichText::new(section.title).size(19.0).strong());
                    ui.add_space(4.0);
                    for p in section.paragraphs {
                        theme::text(ui, RichText::new(*p).size(15.0));
                    }
                    ui.add_space(6.0);
                    let side = ui.available_width().min(280.0);
                    ui.vertical_centered(|ui| {
                        diagram(ui, &colours, &section.diagram, &mut replays, side, time);
                        theme::text(ui, RichText::new(section.diagram.caption).size(theme::SMALL).italics());
                    });
                });
                ui.add_space(8.0);
            }
        });
    });
    Ok(())
}

/// Seconds each move of a diagram takes, with the pause before it.
const STEP: f64 = 1.6;
/// The part of a step the move itself takes (the rest is a pause).
const MOVING: f64 = 0.45;

/// The positions of each diagram and its moves, worked out through the rules once (not
/// every frame the diagram is drawn).
#[derive(Default)]
pub(super) struct Replays(HashMap<(&'static str, &'static [&'static str]), (Vec<Position>, Vec<Move>)>);

impl Replays {
    fn of(&mut self, d: &Diagram) -> &(Vec<Position>, Vec<Move>) {
        self.0.entry((d.position, d.moves)).or_insert_with(|| positions(d))
    }
}

/// The positions of a diagram, one before each move and one at the end; a diagram
/// that does not parse (it cannot: the text's tests check them) shows an empty board.
fn positions(d: &Diagram) -> (Vec<Position>, Vec<Move>) {
    let rules = Rules::new(VariantKind::Nine);
    let Ok(mut game) = Game::from_text(rules, Some(d.position)) else {
        return (vec![*Game::new(rules).position()], Vec::new());
    };
    let mut positions = vec![*game.position()];
    let mut moves = Vec::new();
    for text in d.moves {
        match game.play_text(text) {
            Ok(m) => {
                moves.push(m);
                positions.push(*game.position());
            }
            Err(_) => break,
        }
    }
    (positions, moves)
}

/// Draws a small board and plays the diagram's moves out on it, over and over.
/// At rest (`time` none) it shows the position after the last move.
pub(super) fn diagram(
    ui: &mut egui::Ui,
    c: &UiColours,
    d: &Diagram,
    replays: &mut Replays,
    side: f32,
    time: Option<f64>,
) {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    theme::track(ui, &response, "diagram", false);
    let variant = VariantKind::Nine.variant();
    let unit = side / 7.0;
    let at = |p: u8| {
        let info = &variant.points[p as usize];
        rect.min + egui::vec2((info.x as f32 + 0.5) * unit, (6.5 - info.y as f32) * unit)
    };
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, egui::CornerRadius::same(10), c.board);
    for &(a, b) in &variant.lines {
        painter.line_segment([at(a), at(b)], Stroke::new((unit * 0.06).max(1.5), c.line));
    }
    for p in 0..variant.len() as u8 {
        painter.circle_filled(at(p), unit * 0.09, c.line);
    }
    let (positions, moves) = replays.of(d);
    let cycle = (moves.len() as f64 + 1.0) * STEP;
    let t = time.map_or(moves.len() as f64 * STEP, |time| time % cycle);
    let k = ((t / STEP) as usize).min(moves.len());
    let phase = (t - k as f64 * STEP) / STEP;
    // Before the move's time: the position before it; during: the piece on its way.
    let moving =
        (k < moves.len() && phase > 1.0 - MOVING).then(|| (moves[k], ((phase - (1.0 - MOVING)) / MOVING) as f32));
    let pos = positions[k];
    let radius = unit * 0.3;
    let stone = |centre: egui::Pos2, colour: usize, alpha: f32, scale: f32| {
        let a = (alpha * 255.0) as u8;
        let fill = Color32::from_rgba_unmultiplied(c.piece[colour].r(), c.piece[colour].g(), c.piece[colour].b(), a);
        let edge = c.piece_edge[colour].gamma_multiply(alpha);
        painter.circle_filled(
            centre + egui::vec2(1.5, 2.0),
            radius * scale,
            Color32::from_black_alpha((70.0 * alpha) as u8),
        );
        painter.circle(centre, radius * scale, fill, Stroke::new(1.5, edge));
    };
    for p in 0..variant.len() as u8 {
        let Some(colour) = pos.colour_at(p) else { continue };
        let mut centre = at(p);
        let mut alpha = 1.0;
        if let Some((m, s)) = moving {
            if m.from_point() == Some(p) {
                centre = at(p).lerp(at(m.to), ease(s));
            }
            if m.captured_point() == Some(p) {
                // the taken piece fades once the mover has arrived
                alpha = 1.0 - ((s - 0.5) * 2.0).clamp(0.0, 1.0);
            }
        }
        stone(centre, colour.index(), alpha, 1.0);
    }
    if let Some((m, s)) = moving
        && m.from_point().is_none()
    {
        // a placement drops onto its point
        stone(at(m.to), pos.side.index(), ease(s), 1.0 + 0.3 * (1.0 - ease(s)));
    }
    for name in d.marks {
        if let Some(p) = variant.parse_point(name) {
            painter.circle_stroke(at(p), radius * 1.35, Stroke::new(2.5, c.mark));
        }
    }
}

fn ease(s: f32) -> f32 {
    let s = s.clamp(0.0, 1.0);
    s * s * (3.0 - 2.0 * s)
}
