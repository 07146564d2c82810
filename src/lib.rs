//! Dokuz Taş: the rules of the mill games, the computer opponent and (with the default
//! `app` feature) the Bevy game.

pub mod ai;
pub mod cli;
pub mod rules;
