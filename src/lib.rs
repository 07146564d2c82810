//! Dokuz Taş: the rules of the mill games, the computer opponent and (with the default
//! `app` feature) the Bevy game.

pub mod ai;
pub mod cli;
pub mod rules;

#[cfg(feature = "app")]
pub mod app;

/// The one entry point of the game on every platform (the desktop binary calls it; on
/// Android and iOS `bevy_main` exports it to the platform's launcher).
#[cfg(feature = "app")]
#[bevy::prelude::bevy_main]
pub fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (options, problems) = app::LaunchOptions::parse(&args);
    for p in problems {
        eprintln!("dokuz-tas: {p} (ignored)");
    }
    app::run(options);
}
