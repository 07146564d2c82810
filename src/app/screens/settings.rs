//! Settings, a full screen: grouped cards in a scroll area under a fixed top bar. Every
//! row is a label above a wrapping row of choices, so it fits any window; a language
//! change takes effect at once and the scroll position stays where it was.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{DrawScreen, ReturnTo, choices, column_rect, on_off, setup_controls, top_bar};
use crate::app::i18n::{Lang, Word, word};
use crate::app::model::Screen;
use crate::app::settings::{Animation, Settings, Theme};
use crate::app::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, settings_ui.in_set(DrawScreen).run_if(in_state(Screen::Settings)));
}

fn settings_ui(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    return_to: Res<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    // Edited on a copy and written back only if it differs: nothing else is marked changed.
    let mut s = settings.clone();
    let (lang, theme_now) = (s.lang, s.theme);
    let mut root = super::root_ui(&ctx);
    root.scope_builder(egui::UiBuilder::new().max_rect(column_rect(&ctx, 640.0)), |ui| {
        if top_bar(ui, lang, word(lang, Word::Settings)) {
            next.set(return_to.0);
        }
        ui.add_space(4.0);
        theme::scroll(ui, "settings", |ui| {
            let card = |ui: &mut egui::Ui, title: &str, add: &mut dyn FnMut(&mut egui::Ui)| {
                theme::card_frame(theme_now).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    theme::line(ui, RichText::new(title).size(18.0).strong());
                    ui.add_space(4.0);
                    add(ui);
                });
                ui.add_space(8.0);
            };
            let mut setup = s.setup;
            card(ui, word(lang, Word::NextGame), &mut |ui| {
                setup_controls(ui, lang, &mut setup);
                theme::text(ui, RichText::new(word(lang, Word::FlyingNextGame)).size(theme::SMALL));
            });
            s.setup = setup;
            let (mut theme_choice, mut animation) = (s.theme, s.animation);
            card(ui, word(lang, Word::Display), &mut |ui| {
                choices(
                    ui,
                    word(lang, Word::Theme),
                    &mut theme_choice,
                    &[(Theme::Light, word(lang, Word::Light)), (Theme::Dark, word(lang, Word::Dark))],
                );
                let speeds: Vec<(Animation, &str)> = Animation::ALL
                    .iter()
                    .map(|&a| {
                        let w = match a {
                            Animation::Off => Word::Off,
                            Animation::Slow => Word::Slow,
                            Animation::Normal => Word::Normal,
                            Animation::Fast => Word::Fast,
                        };
                        (a, word(lang, w))
                    })
                    .collect();
                choices(ui, word(lang, Word::Animation), &mut animation, &speeds);
            });
            s.theme = theme_choice;
            s.animation = animation;
            let (mut language, mut sound) = (s.lang, s.sound);
            card(ui, word(lang, Word::Language), &mut |ui| {
                choices(ui, word(lang, Word::Language), &mut language, &[(Lang::Tr, "Türkçe"), (Lang::En, "English")]);
            });
            card(ui, word(lang, Word::Sound), &mut |ui| {
                on_off(ui, lang, word(lang, Word::Sound), &mut sound);
            });
            let mut learning = s.learning;
            card(ui, word(lang, Word::Learning), &mut |ui| {
                on_off(ui, lang, word(lang, Word::Learning), &mut learning);
                theme::text(ui, RichText::new(word(lang, Word::LearningHelp)).size(theme::SMALL));
            });
            s.lang = language;
            s.sound = sound;
            s.learning = learning;
        });
    });
    settings.set_if_neq(s);
    Ok(())
}
