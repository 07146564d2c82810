//! The `dokuz` command-line tool: argument parsing and the commands.

use std::process::ExitCode;
use std::time::Instant;

use crate::rules::movegen::perft;
use crate::rules::{Game, Rules, VariantKind};

pub const HELP: &str = "\
dokuz: the Dokuz Taş rules engine and computer opponent

USAGE
  dokuz moves   [POSITION OPTIONS]     every legal move of the side to move, one per line
  dokuz status  [POSITION OPTIONS]     ongoing | white wins: R | black wins: R | draw: R
  dokuz position [POSITION OPTIONS]    the position text after the moves
  dokuz perft N [POSITION OPTIONS]     leaf positions at depth N (last line)
  dokuz bestmove --level L [--time-ms N | --depth D] [--threads N] [--seed S] [--verbose] [POSITION OPTIONS]
                                       the computer's move (last line)
  dokuz match LEVEL_A LEVEL_B --games N [--time-ms N | --scale F] [--threads N] [--seed S] [--verbose] [--variant V]
              [--flying on|off]        N games, colours swapped every game
  dokuz review --moves \"M1 M2 ...\" [--time-ms N] [POSITION OPTIONS]
                                       every move graded from the computer's side, one line
                                       each: number, move, grade, better move, evaluation
  dokuz ratings                        the levels' ratings and the matches they come from
  dokuz uci                            a persistent engine on standard input and output:
                                       uci, isready, setoption name Level|Threads|Variant|Flying
                                       value V, ucinewgame, position startpos|text P [moves ...],
                                       go movetime N | go depth D, stop, quit
  dokuz bench                          perft and search speed from fixed positions
  dokuz --help

POSITION OPTIONS
  --variant nine|six|five|twelve       default nine
  --flying on|off                      default on for nine and twelve (six and five never fly)
  --position TEXT                      e.g. 'W:a7,d7,f2 B:a1,d1,e4 w 0 0 0' (default: start)
  --moves \"M1 M2 ...\"                  moves played in order from the position

LEVELS
  easy, medium, hard, master. --time-ms sets the think time of hard and master
  (default 700 and 3000 ms); in `match` it sets both sides' budget. --scale F divides
  each level's own budget by F instead (hard 700/F ms against master 3000/F ms).
  bestmove --depth D searches exactly D plies instead (hard and master; the same seed
  then gives the same move). `match --verbose` adds each game's moves and, at the end, each level's think times.
  --threads N caps master's search threads (default: every core; the game leaves one
  core to the screen, so on two cores it searches on one).

REVIEW
  Master searches each position for --time-ms (default 500) on one thread. Grades, from how
  much the evaluation drops (hundredths of a piece): best (up to 10), good (40),
  inaccuracy (100), mistake (250), blunder (more); throws-away-the-win when a proven win was
  let go, throws-away-the-draw when a level position was left for a proven loss. The
  evaluation after the move is White's: +0.45 (pieces) or +M5 / -M5 (White / Black wins
  in 5 plies).

NOTATION
  Points a1..g7 (six and five: a1..e5). A placement is the point (d6), a slide or flight is
  from-to (a1-a4), a capture follows the move that closes the mill (d6xd7, a1-a4xd7).
  Position text: W:<points> B:<points> <w|b> [<white in hand> <black in hand> <moves since
  the last capture or the end of placing>].

EXIT STATUS
  0 success; 2 bad arguments, a malformed position or an illegal move (the message on
  stderr names the move and its number).
";

/// The options shared by every command that starts from a position.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub variant: Option<VariantKind>,
    pub flying: Option<bool>,
    pub position: Option<String>,
    pub moves: Vec<String>,
    pub level: Option<String>,
    pub time_ms: Option<u64>,
    /// bestmove: a fixed search depth instead of a think time.
    pub depth: Option<u32>,
    /// Divides every level's own think time (match: keeps Hard and Master in proportion).
    pub scale: Option<f64>,
    pub seed: Option<u64>,
    /// bestmove, match: at most this many search threads (Master uses every core).
    pub threads: Option<usize>,
    pub verbose: bool,
    pub games: Option<u32>,
    /// Words that are not options (the depth of perft, the levels of match).
    pub words: Vec<String>,
}

fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    *i += 1;
    args.get(*i).map(String::as_str).ok_or_else(|| format!("{flag} needs a value"))
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{flag}: '{text}' is not a valid number"))
}

pub fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        match arg {
            "--variant" => {
                let v = value(args, &mut i, arg)?;
                o.variant = Some(
                    VariantKind::from_name(v)
                        .ok_or_else(|| format!("unknown variant '{v}' (nine, six, five or twelve)"))?,
                );
            }
            "--flying" => {
                o.flying = Some(match value(args, &mut i, arg)? {
                    "on" => true,
                    "off" => false,
                    v => return Err(format!("--flying takes 'on' or 'off', not '{v}'")),
                })
            }
            "--position" => o.position = Some(value(args, &mut i, arg)?.to_string()),
            "--moves" => o.moves.extend(value(args, &mut i, arg)?.split_whitespace().map(str::to_string)),
            "--level" => o.level = Some(value(args, &mut i, arg)?.to_string()),
            "--time-ms" => o.time_ms = Some(number(value(args, &mut i, arg)?, arg)?),
            "--depth" => o.depth = Some(number(value(args, &mut i, arg)?, arg)?),
            "--seed" => o.seed = Some(number(value(args, &mut i, arg)?, arg)?),
            "--scale" => {
                o.scale = Some(number(value(args, &mut i, arg)?, arg)?).filter(|s: &f64| *s > 0.0).or(Some(1.0))
            }
            "--games" => o.games = Some(number(value(args, &mut i, arg)?, arg)?),
            "--threads" => {
                let n: usize = number(value(args, &mut i, arg)?, arg)?;
                if n == 0 {
                    return Err("--threads must be at least 1".into());
                }
                o.threads = Some(n);
            }
            "--verbose" => o.verbose = true,
            _ if arg.starts_with("--") => return Err(format!("unknown option '{arg}'")),
            _ => o.words.push(arg.to_string()),
        }
        i += 1;
    }
    Ok(o)
}

impl Options {
    pub fn rules(&self) -> Rules {
        let variant = self.variant.unwrap_or(VariantKind::Nine);
        match self.flying {
            Some(f) => Rules::with_flying(variant, f),
            None => Rules::new(variant),
        }
    }

    /// The game described by the position options, with `--moves` played in order.
    pub fn game(&self) -> Result<Game, String> {
        let mut game = Game::from_text(self.rules(), self.position.as_deref()).map_err(|e| e.to_string())?;
        for (n, text) in self.moves.iter().enumerate() {
            game.play_text(text).map_err(|e| format!("move {} '{}': {e}", n + 1, text))?;
        }
        Ok(game)
    }

    pub(crate) fn no_words_for(&self, command: &str) -> Result<(), String> {
        self.no_words(command)
    }

    fn no_words(&self, command: &str) -> Result<(), String> {
        match self.words.first() {
            Some(w) => Err(format!("{command}: unexpected argument '{w}'")),
            None => Ok(()),
        }
    }
}

/// Runs the tool; output on stdout, errors on stderr; the exit code.
pub fn main(args: &[String]) -> ExitCode {
    match run(args, &mut |line: &str| println!("{line}")) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dokuz: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command, handing every output line to `print` (tests collect them).
pub fn run(args: &[String], print: &mut dyn FnMut(&str)) -> Result<(), String> {
    let Some(command) = args.first() else {
        return Err("no command given (try 'dokuz --help')".into());
    };
    if command == "--help" || command == "-h" || command == "help" {
        HELP.lines().for_each(&mut *print);
        return Ok(());
    }
    let o = parse_options(&args[1..])?;
    match command.as_str() {
        "moves" => {
            o.no_words("moves")?;
            let game = o.game()?;
            for m in game.legal_moves().iter() {
                print(&game.move_text(*m));
            }
        }
        "position" => {
            o.no_words("position")?;
            print(&o.game()?.position_text());
        }
        "status" => {
            o.no_words("status")?;
            print(&o.game()?.status().to_string());
        }
        "perft" => {
            let [depth] = o.words.as_slice() else {
                return Err("perft needs exactly one depth, e.g. 'dokuz perft 5'".into());
            };
            let depth: u32 = number(depth, "perft depth")?;
            let game = o.game()?;
            print(&perft(game.position(), game.board(), game.rules().flying, depth).to_string());
        }
        "bench" => {
            o.no_words("bench")?;
            bench(print);
        }
        other => return crate::ai::cli::run(other, &o, print),
    }
    Ok(())
}

/// Benchmark positions: the nine start, a placing mid-game position (after `d2 f4 d6 b4
/// d7 d5 d1 d3`) and a moving-phase position.
pub const BENCH_MIDGAME: &str = "W:d1,d2,d6,d7 B:b4,d3,d5,f4 w 5 5 0";
/// A position of the moving phase: the one after `d2 f4 d6 b4 d7 d5 d1 d3 b2 f2 f6 b6 a1 g1
/// c4 e4 g4 e3`.
pub const BENCH_MOVING: &str = "W:a1,b2,c4,d1,d2,d6,d7,f6,g4 B:b4,b6,d3,d5,e3,e4,f2,f4,g1 w 0 0 0";

fn bench(print: &mut dyn FnMut(&str)) {
    for (name, pos, depth) in [
        ("nine start", None, 6),
        ("nine placing mid-game", Some(BENCH_MIDGAME), 6),
        ("nine moving phase", Some(BENCH_MOVING), 7),
    ] {
        let game = match Game::from_text(Rules::new(VariantKind::Nine), pos) {
            Ok(g) => g,
            Err(e) => return print(&format!("bench position is invalid: {e}")),
        };
        let start = Instant::now();
        let n = perft(game.position(), game.board(), true, depth);
        let secs = start.elapsed().as_secs_f64();
        print(&format!(
            "perft {depth} from {name}: {n} leaves in {secs:.3} s, {:.1} M leaves/s",
            n as f64 / secs / 1e6
        ));
    }
    crate::ai::cli::bench(print);
}
