//! The game's command line. Every option is checked: an unknown option or a bad value is
//! an error (exit 2), never a silent default.

use std::path::PathBuf;

use super::i18n::Lang;
use super::model::{Opponent, SafeArea, Screen, Session};
use super::settings::{Animation, Overridden, Settings, Theme};
use crate::ai::Level;
use crate::rules::VariantKind;

pub const HELP: &str = "\
Dokuz Taş: Nine Men's Morris (and six, five and twelve men's).

Usage: dokuz-tas [OPTIONS]

Options (each changes this run only):
  --lang tr|en                       language
  --level easy|medium|hard|master    play the computer at this level
  --two-players                      two players on one device
  --variant nine|six|five|twelve     the game
  --flying on|off                    flying with three pieces (nine and twelve)
  --theme light|dark                 colours
  --animation off|slow|normal|fast   piece animation speed
  --sound on|off                     sound effects
  --data-dir DIR                     keep settings and progress in DIR (default: the
                                     platform's data folder)
  --window WIDTHxHEIGHT              window size in the screen's pixels, e.g. 1024x768
                                     (default 1280x800, smaller on a screen too small for it)
  --scale-factor F                   pixels per logical pixel, 0.5 to 4 (a phone: 1080x2400 at 3)
  --safe-area T,R,B,L                edges the system covers, in logical pixels, as a phone's
                                     notch and home indicator (e.g. 44,0,34,0)
  --screen menu|newgame|game|settings|howto|stats|history|review
                                     the screen to open (history: the newest finished game on
                                     the board; review: the same, its review started)
  --moves \"M1 M2 ...\"                start a game with these moves played (opens the game)
  --screenshot FILE.png              draw the screen, save it, print the layout check and quit:
                                     `layout: N widgets, O overlapping, X outside the window`
  --print-layout                     print point and widget positions when they change
  --diagnose-frames                  measure frame times idle and while Hard thinks, then quit
  --frame-loop reactive|continuous   draw frames only when something moves (the default) or
                                     every frame (to compare)
  --count-frames SECS                count the frames drawn in SECS seconds, print, then quit
  -h, --help                         this text

Exit codes: 0 done, 1 no display, 2 a bad option.
";

/// What the command line asks for.
#[derive(Debug, Clone)]
pub enum Launch {
    Run(Box<LaunchOptions>),
    Help,
}

/// Options from the desktop command line (phones start with none).
#[derive(Debug, Default, Clone)]
pub struct LaunchOptions {
    /// The defaults with the command line's values; `overridden` says which it gave.
    pub settings: Settings,
    pub overridden: Overridden,
    /// `--data-dir`: where progress is kept instead of the platform's data folder.
    pub data_dir: Option<PathBuf>,
    pub window: Option<(u32, u32)>,
    /// `--scale-factor F`: the window's pixels per logical pixel (a phone's is 2 to 3.5).
    pub scale_factor: Option<f32>,
    /// `--safe-area T,R,B,L`: edges to keep clear, as a phone's notch and home indicator.
    pub safe_area: Option<SafeArea>,
    pub screen: Option<Screen>,
    /// `--screen newgame`: the menu with its New game card open.
    pub new_game_card: bool,
    /// `--screen history` / `review`: the newest finished game opened on the board (and
    /// its review started).
    /// `Some(true)` starts the review.
    pub open_last: Option<bool>,
    /// A game to open with, from `--moves`.
    pub game: Option<Session>,
    pub screenshot: Option<PathBuf>,
    pub print_layout: bool,
    pub diagnose_frames: bool,
    /// `--frame-loop continuous`: every frame drawn, as before the frame loop slept.
    pub continuous: bool,
    /// `--count-frames SECS`: count the frames drawn in SECS seconds, print, quit.
    pub count_frames: Option<u64>,
}

fn on_off(option: &str, v: &str) -> Result<bool, String> {
    match v {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("{option} takes on or off, not '{v}'")),
    }
}

fn window_size(v: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--window takes WIDTHxHEIGHT between 200 and 16384, e.g. 1024x768, not '{v}'");
    let (w, h) = v.split_once('x').ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if !(200..=16384).contains(&w) || !(200..=16384).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

impl LaunchOptions {
    /// Reads the options (without the program name).
    pub fn parse(args: &[String]) -> Result<Launch, String> {
        let mut o = LaunchOptions { settings: Settings::default(), ..LaunchOptions::default() };
        let mut moves: Option<String> = None;
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let option = arg.as_str();
            let mut value = || it.next().cloned().ok_or_else(|| format!("{option} needs a value"));
            match option {
                "-h" | "--help" => return Ok(Launch::Help),
                "--two-players" => {
                    o.settings.setup.opponent = Opponent::TwoPlayers;
                    o.overridden.opponent = true;
                }
                "--data-dir" => o.data_dir = Some(PathBuf::from(value()?)),
                "--print-layout" => o.print_layout = true,
                "--diagnose-frames" => o.diagnose_frames = true,
                "--frame-loop" => {
                    o.continuous = match value()?.as_str() {
                        "continuous" => true,
                        "reactive" => false,
                        v => return Err(format!("--frame-loop takes reactive or continuous, not '{v}'")),
                    }
                }
                "--count-frames" => {
                    let v = value()?;
                    let secs = v.parse().ok().filter(|s| (1..=600).contains(s));
                    o.count_frames =
                        Some(secs.ok_or(format!("--count-frames takes seconds from 1 to 600, not '{v}'"))?);
                }
                "--moves" => moves = Some(value()?),
                "--screenshot" => o.screenshot = Some(PathBuf::from(value()?)),
                "--lang" => {
                    let v = value()?;
                    o.settings.lang = Lang::from_code(&v).ok_or(format!("--lang takes tr or en, not '{v}'"))?;
                    o.overridden.lang = true;
                }
                "--level" => {
                    let v = value()?;
                    let level =
                        Level::from_name(&v).ok_or(format!("--level takes easy, medium, hard or master, not '{v}'"))?;
                    o.settings.setup.opponent = Opponent::Computer(level);
                    o.overridden.opponent = true;
                }
                "--variant" => {
                    let v = value()?;
                    o.settings.setup.variant = VariantKind::from_name(&v)
                        .ok_or(format!("--variant takes nine, six, five or twelve, not '{v}'"))?;
                    o.overridden.variant = true;
                }
                "--flying" => {
                    o.settings.setup.flying = on_off(option, &value()?)?;
                    o.overridden.flying = true;
                }
                "--sound" => {
                    o.settings.sound = on_off(option, &value()?)?;
                    o.overridden.sound = true;
                }
                "--theme" => {
                    o.settings.theme = match value()?.as_str() {
                        "light" => Theme::Light,
                        "dark" => Theme::Dark,
                        v => return Err(format!("--theme takes light or dark, not '{v}'")),
                    };
                    o.overridden.theme = true;
                }
                "--animation" => {
                    let v = value()?;
                    o.settings.animation = Animation::from_name(&v)
                        .ok_or(format!("--animation takes off, slow, normal or fast, not '{v}'"))?;
                    o.overridden.animation = true;
                }
                "--window" => o.window = Some(window_size(&value()?)?),
                "--safe-area" => {
                    let v = value()?;
                    let bad = || {
                        format!(
                            "--safe-area takes TOP,RIGHT,BOTTOM,LEFT in logical pixels (0 to 200), e.g. 44,0,34,0, not '{v}'"
                        )
                    };
                    let n: Vec<f32> =
                        v.split(',').map(|x| x.trim().parse::<f32>()).collect::<Result<_, _>>().map_err(|_| bad())?;
                    let [top, right, bottom, left] = n[..] else { return Err(bad()) };
                    if n.iter().any(|x| !(0.0..=200.0).contains(x)) {
                        return Err(bad());
                    }
                    o.safe_area = Some(SafeArea { top, right, bottom, left });
                }
                "--scale-factor" => {
                    let v = value()?;
                    let f: f32 = v
                        .parse()
                        .ok()
                        .filter(|f: &f32| (0.5..=4.0).contains(f))
                        .ok_or(format!("--scale-factor takes a number from 0.5 to 4, not '{v}'"))?;
                    o.scale_factor = Some(f);
                }
                "--screen" => {
                    o.screen = Some(match value()?.as_str() {
                        "menu" => Screen::Menu,
                        "newgame" => {
                            o.new_game_card = true;
                            Screen::Menu
                        }
                        "game" => Screen::Game,
                        "settings" => Screen::Settings,
                        "howto" => Screen::HowToPlay,
                        "stats" => Screen::Stats,
                        "history" => {
                            o.open_last = Some(false);
                            Screen::Stats
                        }
                        "review" => {
                            o.open_last = Some(true);
                            Screen::Stats
                        }
                        v => {
                            return Err(format!(
                                "--screen takes menu, newgame, game, settings, howto, stats, history or review, not '{v}'"
                            ));
                        }
                    })
                }
                other => return Err(format!("unknown option '{other}'")),
            }
        }
        if let Some(text) = moves {
            let mut session = Session::start(&o.settings.setup, 0, 0);
            for (n, m) in text.split_whitespace().enumerate() {
                session.game.play_text(m).map_err(|e| format!("--moves: move {} '{m}': {e}", n + 1))?;
            }
            o.game = Some(session);
        }
        Ok(Launch::Run(Box::new(o)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Launch, String> {
        LaunchOptions::parse(&line.split_whitespace().map(str::to_string).collect::<Vec<_>>())
    }

    #[test]
    fn bad_options_are_errors_that_say_what_is_wrong() {
        for (line, says) in [
            ("--theme purple", "--theme takes light or dark"),
            ("--flying maybe", "--flying takes on or off"),
            ("--animation warp", "--animation takes off"),
            ("--window 0x0", "--window takes"),
            ("--window 800", "--window takes"),
            ("--scale-factor 9", "--scale-factor takes"),
            ("--frame-loop sometimes", "--frame-loop takes"),
            ("--count-frames 0", "--count-frames takes"),
            ("--safe-area 1,2,3", "--safe-area takes"),
            ("--safe-area 1,2,3,x", "--safe-area takes"),
            ("--safe-area 0,0,900,0", "--safe-area takes"),
            ("--scale-factor big", "--scale-factor takes"),
            ("--lang fr", "--lang takes"),
            ("--level", "--level needs a value"),
            ("--screen credits", "--screen takes"),
            ("--frobnicate", "unknown option '--frobnicate'"),
            ("--moves d6-d7", "--moves: move 1 'd6-d7'"),
        ] {
            match parse(line) {
                Err(e) => assert!(e.contains(says), "{line}: {e}"),
                Ok(_) => panic!("{line} was accepted"),
            }
        }
    }

    #[test]
    fn good_options_set_what_they_say() {
        assert!(matches!(parse("--help"), Ok(Launch::Help)));
        let Ok(Launch::Run(o)) =
            parse("--lang tr --level hard --theme dark --flying off --window 540x1170 --screen settings")
        else {
            panic!("rejected");
        };
        assert_eq!(o.settings.lang, Lang::Tr);
        assert_eq!(o.settings.setup.opponent, Opponent::Computer(Level::Hard));
        assert_eq!(o.settings.theme, Theme::Dark);
        assert!(!o.settings.setup.flying);
        assert_eq!(o.window, Some((540, 1170)));
        assert_eq!(o.screen, Some(Screen::Settings));
        let args: Vec<String> = ["--two-players", "--moves", "d6 d2"].map(str::to_string).to_vec();
        let Ok(Launch::Run(o)) = LaunchOptions::parse(&args) else { panic!("rejected") };
        assert_eq!(o.game.map(|s| s.game.ply()), Some(2));
    }
}
