//! Statistics, from the history of finished games kept on the device: the player's
//! rating over the games (a line) and the results against each level (stacked bars);
//! per variant and opponent the games played, won, drawn and lost, the streaks, the
//! shortest win, mills and captures; the finished games, newest first, each opening on
//! the board to step through and review; and Reset, which asks first.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use egui_plot::{Bar, BarChart, Line as PlotLine, Plot, PlotPoints};

use super::{DrawScreen, column_rect, top_bar};
use crate::ai::{Level, rating};
use crate::app::board::TOUCH;
use crate::app::i18n::{self, Lang, Word, word};
use crate::app::model::{Command, Opponent, Screen};
use crate::app::progress::{self, Line, per_level, ratings, summarize};
use crate::app::settings::{Settings, Theme};
use crate::app::store::{FinishedGame, History, ResetHistory};
use crate::app::theme::{self, ui_colours};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, stats_ui.in_set(DrawScreen).run_if(in_state(Screen::Stats)));
}

/// The games listed at first, and how many more each "more" shows (a long history is
/// not laid out whole every frame).
const PAGE: usize = 50;
const CHART_HEIGHT: f32 = 160.0;

/// Won, drawn and lost, in the charts and wherever results are coloured.
fn result_colours(theme: Theme) -> [Color32; 3] {
    let c = ui_colours(theme);
    [Color32::from_rgb(70, 150, 80), Color32::from_rgb(150, 150, 150), c.error]
}

/// What the history adds up to, worked out when it changes (not every frame).
#[derive(Default)]
struct Summary {
    lines: Vec<Line>,
    ratings: Vec<f64>,
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

/// Mills, captures and the shortest win of a line.
fn play_text(lang: Lang, line: &Line) -> String {
    let t = &line.tally;
    let mut text = format!("{} {} · {} {}", word(lang, Word::Mills), t.mills, word(lang, Word::Captured), t.captured);
    if let Some(plies) = t.shortest_win {
        text += &format!(" · {} {plies} {}", word(lang, Word::ShortestWin), word(lang, Word::Plies));
    }
    text
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

/// A plot that only shows: the page scrolls under the finger, the plot does not pan or zoom.
fn still_plot(id: &str, width: f32) -> Plot<'_> {
    Plot::new(id)
        .width(width)
        .height(CHART_HEIGHT)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .show_y(false)
}

/// The rating now, the levels' ratings, and the rating after each game as a line.
fn rating_card(ui: &mut egui::Ui, lang: Lang, theme_now: Theme, series: &[f64]) {
    let now = series.last().copied().unwrap_or(rating::START);
    theme::line(ui, RichText::new(format!("{} {:.0}", word(lang, Word::Rating), now)).size(20.0).strong());
    let levels: Vec<String> =
        Level::ALL.iter().map(|&l| format!("{} {:.0}", i18n::level(lang, l), rating::level_rating(l))).collect();
    theme::text(ui, RichText::new(format!("{}: {}", word(lang, Word::Levels), levels.join(" · "))).size(theme::SMALL));
    if series.is_empty() {
        return;
    }
    ui.add_space(6.0);
    theme::text(ui, RichText::new(word(lang, Word::RatingLine)).size(theme::SMALL));
    // the start, then one point a game
    let points: PlotPoints =
        std::iter::once(rating::START).chain(series.iter().copied()).enumerate().map(|(i, r)| [i as f64, r]).collect();
    let colour = ui_colours(theme_now).primary;
    let r = still_plot("rating", ui.available_width())
        .include_y(rating::START)
        .x_axis_formatter(|mark, _| if mark.value.fract() == 0.0 { format!("{}", mark.value) } else { String::new() })
        .show(ui, |plot| plot.line(PlotLine::new("rating", points).color(colour).width(2.5)));
    theme::track(ui, &r.response, "rating chart", false);
}

/// Won, drawn and lost against each level, as one stacked bar a level.
fn results_chart(ui: &mut egui::Ui, lang: Lang, theme_now: Theme, lines: &[Line]) {
    let per = per_level(lines);
    if per.iter().all(|(_, wdl)| wdl.iter().sum::<u32>() == 0) {
        return;
    }
    theme::line(ui, RichText::new(word(lang, Word::ResultsPerLevel)).size(17.0).strong());
    let colours = result_colours(theme_now);
    let names = [Word::Won, Word::Drawn, Word::LostGames];
    // the key, in words beside coloured squares (a legend inside the plot would cover bars)
    ui.horizontal_wrapped(|ui| {
        for k in 0..3 {
            let (square, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(square, egui::CornerRadius::same(3), colours[k]);
            theme::line(ui, RichText::new(word(lang, names[k])).size(theme::SMALL));
            ui.add_space(8.0);
        }
    });
    let chart = |k: usize| {
        let bars = per
            .iter()
            .enumerate()
            .map(|(i, (_, wdl))| Bar::new(i as f64, f64::from(wdl[k])).width(0.6).fill(colours[k]))
            .collect();
        BarChart::new(word(lang, names[k]), bars).color(colours[k])
    };
    let won = chart(0);
    let drawn = chart(1).stack_on(&[&won]);
    let lost = chart(2).stack_on(&[&won, &drawn]);
    let r = still_plot("results", ui.available_width())
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            match Level::ALL.get(i as usize) {
                Some(&l) if (mark.value - i).abs() < 1e-6 && i >= 0.0 => i18n::level(lang, l).to_string(),
                _ => String::new(),
            }
        })
        .show(ui, |plot| {
            plot.bar_chart(won);
            plot.bar_chart(drawn);
            plot.bar_chart(lost);
        });
    theme::track(ui, &r.response, "results chart", false);
}

fn stats_ui(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    history: Option<Res<History>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut resets: MessageWriter<ResetHistory>,
    mut summary: Local<Summary>,
    mut asking: Local<bool>,
    mut shown: Local<usize>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    // The history changes once a game: add it up then, not every frame.
    if let Some(h) = history.as_ref().filter(|h| h.is_changed()) {
        *summary = Summary { lines: summarize(&h.0), ratings: ratings(&h.0) };
    }
    let games = history.as_ref().map_or(&[][..], |h| &h.0[..]);
    *shown = (*shown).max(PAGE);
    let mut root = super::root_ui(&ctx);
    root.scope_builder(egui::UiBuilder::new().max_rect(column_rect(&ctx, 640.0)), |ui| {
        if top_bar(ui, lang, word(lang, Word::Statistics)) && !*asking {
            next.set(Screen::Menu);
        }
        ui.add_space(4.0);
        theme::scroll(ui, "stats", |ui| {
            let card = theme::card_frame(settings.theme);
            if summary.lines.is_empty() {
                card.show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    theme::text(ui, RichText::new(word(lang, Word::NoGamesYet)).size(theme::BODY));
                });
                ui.add_space(8.0);
            }
            card.show(ui, |ui| {
                ui.set_width(ui.available_width());
                rating_card(ui, lang, settings.theme, &summary.ratings);
            });
            ui.add_space(8.0);
            if !summary.ratings.is_empty() {
                card.show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    results_chart(ui, lang, settings.theme, &summary.lines);
                });
                ui.add_space(8.0);
            }
            for line in &summary.lines {
                card.show(ui, |ui| {
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
                    theme::text(ui, RichText::new(play_text(lang, line)).size(theme::SMALL));
                });
                ui.add_space(8.0);
            }
            // The finished games, newest first; each opens on the board.
            if !games.is_empty() {
                ui.add_space(4.0);
                theme::line(ui, RichText::new(word(lang, Word::Games)).size(18.0).strong());
                theme::text(ui, RichText::new(word(lang, Word::TapToView)).size(theme::SMALL));
                let width = ui.available_width();
                for g in games.iter().rev().take(*shown) {
                    let text = RichText::new(game_line(lang, g)).size(theme::SMALL);
                    let b = egui::Button::new(text).wrap().min_size(egui::vec2(width, TOUCH));
                    let r = ui.add(b);
                    theme::track(ui, &r, "game", true);
                    if r.clicked() {
                        commands.write(Command::ViewGame(g.id));
                    }
                }
                if games.len() > *shown && theme::button(ui, "…", width, true).clicked() {
                    *shown += PAGE;
                }
                ui.add_space(12.0);
                if theme::button(ui, word(lang, Word::ResetStats), width, true).clicked() {
                    *asking = true;
                }
            }
        });
    });
    if *asking
        && let Some(yes) =
            super::game::ask(&ctx, lang, settings.theme, word(lang, Word::ResetQuestion), word(lang, Word::ResetYes))
    {
        *asking = false;
        if yes {
            resets.write(ResetHistory);
            *shown = PAGE;
        }
    }
    Ok(())
}
