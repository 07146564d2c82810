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
    /// Learning mode: before a move that would be a blunder is played, the game asks.
    pub learning: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::from_system(),
            theme: Theme::Light,
            animation: Animation::Normal,
            sound: true,
            setup: GameSetup::default(),
            learning: false,
        }
    }
}

/// Which settings the command line set for this run only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overridden {
    pub lang: bool,
    pub theme: bool,
    pub animation: bool,
    pub sound: bool,
    pub opponent: bool,
    pub variant: bool,
    pub flying: bool,
}

impl Overridden {
    /// The stored settings with the command line's values where it gave one.
    pub fn apply(&self, stored: &Settings, launch: &Settings) -> Settings {
        let mut s = stored.clone();
        if self.lang {
            s.lang = launch.lang;
        }
        if self.theme {
            s.theme = launch.theme;
        }
        if self.animation {
            s.animation = launch.animation;
        }
        if self.sound {
            s.sound = launch.sound;
        }
        if self.opponent {
            s.setup.opponent = launch.setup.opponent;
        }
        if self.variant {
            s.setup.variant = launch.setup.variant;
        }
        if self.flying {
            s.setup.flying = launch.setup.flying;
        }
        s
    }
}

/// Carries what the player changed (from `before` to `after`) over to the settings kept on
/// the device, field by field: a value the command line set for this run is kept only if
/// the player changes it.
pub fn carry_change(stored: &mut Settings, before: &Settings, after: &Settings) {
    fn carry<T: PartialEq + Copy>(stored: &mut T, before: T, after: T) {
        if before != after {
            *stored = after;
        }
    }
    carry(&mut stored.lang, before.lang, after.lang);
    carry(&mut stored.theme, before.theme, after.theme);
    carry(&mut stored.animation, before.animation, after.animation);
    carry(&mut stored.sound, before.sound, after.sound);
    carry(&mut stored.setup.opponent, before.setup.opponent, after.setup.opponent);
    carry(&mut stored.setup.colour, before.setup.colour, after.setup.colour);
    carry(&mut stored.setup.variant, before.setup.variant, after.setup.variant);
    carry(&mut stored.setup.flying, before.setup.flying, after.setup.flying);
    carry(&mut stored.learning, before.learning, after.learning);
}
