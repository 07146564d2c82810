//! The menu: Continue (when a game is in progress), New game (with its choices), How to
//! play, Settings and Statistics.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{DrawScreen, ReturnTo, column_rect, setup_controls};
use crate::app::board::{GAP, TOUCH};
use crate::app::howto_text::EMBLEM;
use crate::app::i18n::{Word, word};
use crate::app::model::{Asking, Command, Question, Screen, Session};
use crate::app::settings::Settings;
use crate::app::store::StoreNotice;
use crate::app::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Menu), back_to_main)
        .add_systems(EguiPrimaryContextPass, menu.in_set(DrawScreen).run_if(in_state(Screen::Menu)));
}

/// Leaving the menu closes the New game card, and the store's damage notice has been told.
fn back_to_main(mut view: ResMut<MenuView>, notice: Option<ResMut<StoreNotice>>) {
    view.set_if_neq(MenuView::Main);
    if let Some(mut notice) = notice {
        notice.set_if_neq(StoreNotice::default());
    }
}

/// The game's name and tagline.
fn title(ui: &mut egui::Ui, lang: crate::app::i18n::Lang) {
    ui.vertical_centered(|ui| {
        ui.add_space(8.0);
        theme::line(ui, RichText::new("Dokuz Taş").size(36.0).strong());
        theme::text(ui, RichText::new(word(lang, Word::Title)).size(theme::BODY));
        ui.add_space(12.0);
    });
}

pub use crate::app::model::MenuView;

fn menu(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    session: Option<Res<Session>>,
    asking: Res<Asking>,
    mut view: ResMut<MenuView>,
    mut return_to: ResMut<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    store_notice: Option<Res<StoreNotice>>,
    mut replays: Local<super::howto::Replays>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    let theme_now = settings.theme;
    let mut root = super::root_ui(&ctx);
    let column = column_rect(&ctx, 460.0);
    let mut setup = settings.setup;
    let time = super::diagram_time(&ctx);
    match *view {
        MenuView::Main => {
            root.scope_builder(egui::UiBuilder::new().max_rect(column), |ui| {
                theme::scroll(ui, "menu", |ui| {
                    let width = ui.available_width();
                    title(ui, lang);
                    if let Some(n) = store_notice.as_ref().filter(|n| !n.0.is_empty()) {
                        theme::card_frame(theme_now).show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            let c = theme::ui_colours(theme_now);
                            theme::text(ui, RichText::new(word(lang, Word::StoreDamaged)).color(c.error));
                            for line in &n.0 {
                                theme::text(ui, RichText::new(line).size(theme::SMALL - 1.0));
                            }
                        });
                        ui.add_space(8.0);
                    }
                    // The board, with a mill closing, where there is room for it.
                    let room = ctx.viewport_rect().height();
                    if room >= 560.0 {
                        ui.vertical_centered(|ui| {
                            let side = (width * 0.5).min(room * 0.28).min(220.0);
                            let colours = theme::ui_colours(theme_now);
                            super::howto::diagram(ui, &colours, &EMBLEM, &mut replays, side, time);
                        });
                        ui.add_space(12.0);
                    }
                    if let Some(s) = session.as_ref() {
                        let label = format!(
                            "{} · {} {}",
                            word(lang, Word::Continue),
                            word(lang, Word::Move),
                            s.game.ply() / 2 + 1
                        );
                        if theme::primary_button(ui, &label, width, theme_now).clicked() {
                            commands.write(Command::Continue);
                        }
                    }
                    if theme::button(ui, word(lang, Word::NewGame), width, true).clicked() {
                        view.set_if_neq(MenuView::NewGame);
                    }
                    if theme::button(ui, word(lang, Word::HowToPlay), width, true).clicked() {
                        return_to.set_if_neq(ReturnTo(Screen::Menu));
                        next.set(Screen::HowToPlay);
                    }
                    if theme::button(ui, word(lang, Word::Settings), width, true).clicked() {
                        return_to.set_if_neq(ReturnTo(Screen::Menu));
                        next.set(Screen::Settings);
                    }
                    if theme::button(ui, word(lang, Word::Statistics), width, true).clicked() {
                        next.set(Screen::Stats);
                    }
                });
            });
        }
        MenuView::NewGame => {
            // The choices scroll; Back and Start stay at the bottom, always in reach.
            let row = egui::Rect::from_min_max(egui::pos2(column.min.x, column.max.y - TOUCH), column.max);
            let above = egui::Rect::from_min_max(column.min, egui::pos2(column.max.x, row.min.y - GAP));
            root.scope_builder(egui::UiBuilder::new().max_rect(above), |ui| {
                theme::scroll(ui, "new game", |ui| {
                    title(ui, lang);
                    theme::card_frame(theme_now).show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        theme::line(ui, RichText::new(word(lang, Word::NewGame)).size(theme::TITLE).strong());
                        ui.add_space(6.0);
                        setup_controls(ui, lang, &mut setup);
                    });
                });
            });
            root.scope_builder(egui::UiBuilder::new().max_rect(row), |ui| {
                let half = (row.width() - GAP) / 2.0;
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = GAP;
                    if theme::button(ui, &format!("‹ {}", word(lang, Word::Back)), half, true).clicked()
                        || ui.input(|i| i.key_pressed(egui::Key::Escape))
                    {
                        view.set_if_neq(MenuView::Main);
                    }
                    if theme::primary_button(ui, word(lang, Word::Start), half, theme_now).clicked() {
                        commands.write(Command::NewGame);
                    }
                });
            });
        }
    }
    // The choices are edited on a copy: `Settings` changes only when one was changed.
    if setup != settings.setup {
        settings.setup = setup;
    }
    if asking.0 == Some(Question::NewGame) {
        super::game::question(&ctx, lang, theme_now, Question::NewGame, None, &mut commands);
    }
    Ok(())
}
