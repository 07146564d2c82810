//! Dokuz Taş: the rules of the mill games, the computer opponent and (with the default
//! `app` feature) the Bevy game.

pub mod ai;
pub mod cli;
pub mod rules;

#[cfg(feature = "app")]
pub mod app;

/// The one entry point of the game on every platform: the desktop binary calls it, and
/// on Android and iOS the `mobile` crate's `bevy_main` calls it from the platform's
/// launcher.
#[cfg(feature = "app")]
pub fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match app::LaunchOptions::parse(&args) {
        Ok(app::Launch::Run(options)) => options,
        Ok(app::Launch::Help) => {
            print!("{}", app::launch::HELP);
            return;
        }
        Err(e) => {
            eprintln!("dokuz-tas: {e} (see dokuz-tas --help)");
            std::process::exit(2);
        }
    };
    // Without a display the windowing library would panic: say so in one line instead.
    #[cfg(all(target_os = "linux", not(target_os = "android")))]
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty())
        && std::env::var_os("WAYLAND_DISPLAY").is_none_or(|d| d.is_empty())
    {
        eprintln!("dokuz-tas: no display (DISPLAY is not set): the game needs a window");
        std::process::exit(1);
    }
    if app::run(*options).is_error() {
        std::process::exit(1);
    }
}
