//! Statistics: per variant and opponent, games played, won, drawn and lost, and the
//! winning streaks, from the history of finished games kept on the device. (Ratings,
//! charts, the list of games and their review come next.)

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{DrawScreen, column_rect, top_bar};
use crate::app::i18n::{self, Lang, Word, word};
use crate::app::model::{Opponent, Screen};
use crate::app::progress::{self, Line, summarize};
use crate::app::settings::Settings;
use crate::app::store::{FinishedGame, History};
use crate::app::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, stats_ui.in_set(DrawScreen).run_if(in_state(Screen::Stats)));
}

/// The numbers of a line, in words: from the player's side against the computer, by
/// colour between two players.
fn tally_text(lang: Lang, line: &Line) -> (String, Option<String>) {
    let t = &line.tally;
    let played = format!("{} {}", word(lang, Word::Played), t.played);
    match line.opponent {
        Opponent::Computer(_) => (
            format!(
                "{played} · {} {} · {} {} · {} {}",
                word(lang, Word::Won),
                t.won,
                word(lang, Word::Drawn),
                t.drawn,
                word(lang, Word::LostGames),
                t.lost
            ),
            Some(format!(
                "{} {} · {} {}",
                word(lang, Word::Streak),
                t.streak,
                word(lang, Word::BestStreak),
                t.best_streak
            )),
        ),
        Opponent::TwoPlayers => (
            format!(
                "{played} · {} {} · {} {} · {} {}",
                i18n::colour(lang, crate::rules::Colour::White),
                t.won,
                i18n::colour(lang, crate::rules::Colour::Black),
                t.lost,
                word(lang, Word::Drawn),
                t.drawn
            ),
            None,
        ),
    }
}

/// One finished game in the list: date, game, opponent, result and why, moves.
fn game_line(lang: Lang, g: &FinishedGame) -> String {
    let who = match g.opponent {
        Opponent::Computer(level) => i18n::level(lang, level),
        Opponent::TwoPlayers => word(lang, Word::TwoPlayers),
    };
    let (head, why) = i18n::result(lang, g.result, g.human);
    format!(
        "{} · {} · {who} · {head} {why} · {} {}",
        progress::date(g.ended),
        i18n::variant(lang, g.game.variant),
        g.game.moves.len(),
        word(lang, Word::Plies)
    )
}

fn stats_ui(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    history: Option<Res<History>>,
    mut next: ResMut<NextState<Screen>>,
    mut tallied: Local<Vec<Line>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    // The history changes once a game: add it up then, not every frame.
    if let Some(h) = history.as_ref().filter(|h| h.is_changed()) {
        *tallied = summarize(&h.0);
    }
    let lines = &*tallied;
    let mut root = super::root_ui(&ctx);
    root.scope_builder(egui::UiBuilder::new().max_rect(column_rect(&ctx, 640.0)), |ui| {
        if top_bar(ui, lang, word(lang, Word::Statistics)) {
            next.set(Screen::Menu);
        }
        ui.add_space(4.0);
        theme::scroll(ui, "stats", |ui| {
            if lines.is_empty() {
                theme::card_frame(settings.theme).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    theme::text(ui, RichText::new(word(lang, Word::NoGamesYet)).size(theme::BODY));
                });
            }
            for line in lines {
                theme::card_frame(settings.theme).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    let who = match line.opponent {
                        Opponent::Computer(level) => i18n::level(lang, level),
                        Opponent::TwoPlayers => word(lang, Word::TwoPlayers),
                    };
                    let title = format!("{} · {who}", i18n::variant(lang, line.variant));
                    theme::text(ui, RichText::new(title).size(17.0).strong());
                    let (numbers, streaks) = tally_text(lang, line);
                    theme::text(ui, RichText::new(numbers).size(15.0));
                    if let Some(s) = streaks {
                        theme::text(ui, RichText::new(s).size(theme::SMALL));
                    }
                });
                ui.add_space(8.0);
            }
            // The finished games, newest first.
            if let Some(h) = history.as_ref().filter(|h| !h.0.is_empty()) {
                ui.add_space(4.0);
                theme::line(ui, RichText::new(word(lang, Word::Games)).size(18.0).strong());
                for g in h.0.iter().rev() {
                    theme::text(ui, RichText::new(game_line(lang, g)).size(theme::SMALL));
                }
                ui.add_space(8.0);
            }
            theme::text(ui, RichText::new(word(lang, Word::StatsLater)).size(theme::SMALL));
        });
    });
    Ok(())
}
