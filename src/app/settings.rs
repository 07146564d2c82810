//! The player's settings. Kept in memory for now; a later issue stores them per device.

use bevy::prelude::*;

use super::i18n::Lang;
use crate::ai::Level;
use crate::rules::{Colour, Rules, VariantKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Opponent {
    Computer(Level),
    TwoPlayers,
}

/// Which colour the human plays against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ColourChoice {
    /// White in the first game, then the other colour each new game.
    Alternate,
    Fixed(Colour),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Theme {
    Light,
    Dark,
}

#[derive(Resource, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    pub lang: Lang,
    pub theme: Theme,
    /// Animation speed factor: 0 switches animation off, 1 is normal.
    pub animation: f32,
    pub opponent: Opponent,
    pub colour: ColourChoice,
    pub variant: VariantKind,
    /// Whether flying is on; read when a game starts, so a change counts from the next one.
    pub flying: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::from_system(),
            theme: Theme::Light,
            animation: 1.0,
            opponent: Opponent::Computer(Level::Medium),
            colour: ColourChoice::Alternate,
            variant: VariantKind::Nine,
            flying: true,
        }
    }
}

impl Settings {
    pub fn rules(&self) -> Rules {
        Rules::with_flying(self.variant, self.flying)
    }
}
