//! The player's settings. Kept in memory for now; a later issue stores them per device.
//! Screens edit a copy and write it back with `set_if_neq`, so `Settings` is marked
//! changed only when the player really changed something.

use bevy::prelude::*;

use super::i18n::Lang;
use super::model::GameSetup;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Theme {
    Light,
    Dark,
}

/// How fast pieces move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Animation {
    Off,
    Slow,
    Normal,
    Fast,
}

impl Animation {
    pub const ALL: [Animation; 4] = [Animation::Off, Animation::Slow, Animation::Normal, Animation::Fast];

    /// The speed factor: 0 switches animation off, 1 is normal.
    pub fn speed(self) -> f32 {
        match self {
            Animation::Off => 0.0,
            Animation::Slow => 0.6,
            Animation::Normal => 1.0,
            Animation::Fast => 1.8,
        }
    }

    pub fn from_name(name: &str) -> Option<Animation> {
        match name {
            "off" => Some(Animation::Off),
            "slow" => Some(Animation::Slow),
            "normal" => Some(Animation::Normal),
            "fast" => Some(Animation::Fast),
            _ => None,
        }
    }
}

#[derive(Resource, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    pub lang: Lang,
    pub theme: Theme,
    pub animation: Animation,
    pub sound: bool,
    /// The next game's opponent, colour, variant and flying rule.
    pub setup: GameSetup,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::from_system(),
            theme: Theme::Light,
            animation: Animation::Normal,
            sound: true,
            setup: GameSetup::default(),
        }
    }
}
