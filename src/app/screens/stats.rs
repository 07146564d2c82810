//! Statistics: a placeholder until progress is kept on the device (the next issue).

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{DrawScreen, column_rect, top_bar};
use crate::app::i18n::{Word, word};
use crate::app::model::Screen;
use crate::app::settings::Settings;
use crate::app::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, stats_ui.in_set(DrawScreen).run_if(in_state(Screen::Stats)));
}

fn stats_ui(mut contexts: EguiContexts, settings: Res<Settings>, mut next: ResMut<NextState<Screen>>) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    let mut root = super::root_ui(&ctx);
    root.scope_builder(egui::UiBuilder::new().max_rect(column_rect(&ctx, 640.0)), |ui| {
        if top_bar(ui, lang, word(lang, Word::Statistics)) {
            next.set(Screen::Menu);
        }
        ui.add_space(12.0);
        theme::card_frame(settings.theme).show(ui, |ui| {
            ui.set_width(ui.available_width());
            theme::text(ui, RichText::new(word(lang, Word::StatsLater)).size(theme::BODY));
        });
    });
    Ok(())
}
