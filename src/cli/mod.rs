//! The `dokuz` command-line tool: argument parsing, the output and the exit code here;
//! the computer opponent's commands in `ai.rs`. The rules and the AI know nothing of it.

mod ai;
mod book;
mod rules;
mod tables;

use std::process::ExitCode;

use crate::rules::{Game, Rules, VariantKind};

pub const HELP: &str = "\
dokuz: the Dokuz Taş rules engine and computer opponent

USAGE
  dokuz moves   [POSITION OPTIONS]     every legal move of the side to move, one per line
  dokuz status  [POSITION OPTIONS]     ongoing | white wins: R | black wins: R | draw: R
  dokuz position [POSITION OPTIONS]    the position text after the moves
  dokuz perft N [POSITION OPTIONS]     leaf positions at depth N (last line)
  dokuz bestmove --level L [--time-ms N | --depth D] [--threads N] [--hash MB] [--seed S] [--verbose]
                 [POSITION OPTIONS]
                                       the computer's move (last line)
  dokuz match LEVEL_A LEVEL_B --games N [--time-ms N | --scale F] [--threads N] [--seed S] [--verbose] [--variant V]
              [--flying on|off]        N games, colours swapped every game (A has White in the
                                       odd games; a level against itself is called A and B)
  dokuz review --moves \"M1 M2 ...\" [--time-ms N] [POSITION OPTIONS]
                                       every move graded from the computer's side, one line
                                       each: number, move, grade, better move, evaluation
  dokuz ratings                        the levels' ratings and the matches they come from
  dokuz uci                            a persistent engine on standard input and output:
                                       uci, isready, setoption name Level|Threads|Variant|Flying
                                       value V, ucinewgame, position startpos|text P [moves ...],
                                       go movetime N | go depth D |
                                       go wtime W btime B [winc I] [binc I], stop, quit
  dokuz bench                          perft and search speed from fixed positions
  dokuz tables stats --variant V --white N --black M [--flying on|off]
                                       the exact table of N against M pieces (3 or 4 each,
                                       moving phase), White to move: wins, losses and draws
                                       over every position and over one of each symmetry
                                       class, and the longest win in plies
  dokuz tables probe [POSITION OPTIONS]
                                       a position's exact value and every move with the
                                       value it leaves (3 or 4 pieces a side, none in hand;
                                       the 50-move count is not applied)
  dokuz book probe [POSITION OPTIONS]  Master's opening-book move in the position, with
                                       the score and depth of the search that chose it
  dokuz book build --depth D | --depths D0,D1,D2,D3[,D4[,D5[,D6…]]] [--lines GAMES]
                   [--keep] [--journal FILE] [--kept-only | --search-from N] [--threads N]
                                       the opening book (src/ai/book.txt): every nine men's
                                       position before each side's third placement, one of
                                       each symmetry class, searched by Master to depth D
                                       (--depths: Dn for the positions with n pieces placed;
                                       D4: White's third placement after its book move, every
                                       Black reply; D5: Black's third placement after its book
                                       move, every White reply; D6 to D9: the positions
                                       of 6 to 9 placed that two games of the file
                                       GAMES reached, most played first; a position
                                       before them that two games reached is searched
                                       again to D6) on N threads;
                                       --keep keeps the shipped book's entries already
                                       searched that deep;
                                       --journal appends each entry to FILE as it is searched
                                       and keeps FILE's entries, so a stopped build resumes;
                                       --kept-only searches nothing and writes the book of
                                       the kept entries, --search-from N searches only the
                                       positions of N placed or more; progress on stderr
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
  bestmove --hash MB sets the transposition table's size for hard and master (1 to 4096,
  rounded down to a power of two; default hard 16, master 64).

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
    /// book build: a depth for each number of pieces placed (`--depths 20,20,20,18`).
    pub depths: Option<Vec<u32>>,
    /// book build: keep the shipped book's entries already searched as deep as asked.
    pub keep: bool,
    /// book build: search nothing, write the book of the kept entries.
    pub kept_only: bool,
    /// book build: the file each entry is appended to as it is searched, and kept from.
    pub journal: Option<String>,
    /// book build: the file of games whose lines the book follows past its own.
    pub lines: Option<String>,
    /// book build: search only the positions with at least this many pieces placed.
    pub search_from: Option<u32>,
    /// Divides every level's own think time (match: keeps Hard and Master in proportion).
    pub scale: Option<f64>,
    pub seed: Option<u64>,
    /// bestmove, match: at most this many search threads (Master uses every core).
    pub threads: Option<usize>,
    /// bestmove: the transposition table's size in MB (Hard and Master).
    pub hash_mb: Option<u64>,
    pub verbose: bool,
    pub games: Option<u32>,
    /// tables stats: the pieces of each side.
    pub white: Option<u8>,
    pub black: Option<u8>,
    /// Words that are not options (the depth of perft, the levels of match).
    pub words: Vec<String>,
    /// The options given, in order: a command refuses those that do not apply to it.
    pub given: Vec<&'static str>,
}

/// The position options, which every command that starts from a position takes.
pub const POSITION: &[&str] = &["--variant", "--flying", "--position", "--moves"];

/// Why a command gave no answer: bad input (exit code 2), a good question without an
/// answer, such as the best move of a finished game (exit code 1), or a file that could
/// not be written (exit code 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    Input(String),
    NoAnswer(String),
    Write(String),
}

impl Failure {
    pub fn code(&self) -> u8 {
        match self {
            Failure::Input(_) => 2,
            Failure::NoAnswer(_) | Failure::Write(_) => 1,
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Input(message)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Input(m) | Failure::NoAnswer(m) | Failure::Write(m) => f.write_str(m),
        }
    }
}

/// The options the parser knows, as the commands name them.
const KNOWN: [&str; 21] = [
    "--variant",
    "--flying",
    "--position",
    "--moves",
    "--level",
    "--time-ms",
    "--depth",
    "--depths",
    "--keep",
    "--kept-only",
    "--journal",
    "--lines",
    "--search-from",
    "--seed",
    "--scale",
    "--games",
    "--threads",
    "--hash",
    "--verbose",
    "--white",
    "--black",
];

fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    *i += 1;
    args.get(*i).map(String::as_str).ok_or_else(|| format!("{flag} needs a value"))
}

pub(crate) fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{flag}: '{text}' is not a valid number"))
}

pub fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        if let Some(&known) = KNOWN.iter().find(|&&k| k == arg) {
            if o.given.contains(&known) && known != "--moves" {
                return Err(format!("{arg} is given twice"));
            }
            o.given.push(known);
        }
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
            "--depths" => {
                let v = value(args, &mut i, arg)?;
                o.depths = Some(v.split(',').map(|d| number(d.trim(), arg)).collect::<Result<_, _>>()?);
            }
            "--keep" => o.keep = true,
            "--kept-only" => o.kept_only = true,
            "--journal" => o.journal = Some(value(args, &mut i, arg)?.to_string()),
            "--lines" => o.lines = Some(value(args, &mut i, arg)?.to_string()),
            "--search-from" => o.search_from = Some(number(value(args, &mut i, arg)?, arg)?),
            "--seed" => o.seed = Some(number(value(args, &mut i, arg)?, arg)?),
            "--scale" => {
                let v = value(args, &mut i, arg)?;
                // a budget divided by more than 1000 is nothing; by less than 0.1, hours
                let scale = number::<f64>(v, arg)?;
                if !(0.1..=1000.0).contains(&scale) {
                    return Err(format!("--scale takes a number from 0.1 to 1000, not '{v}'"));
                }
                o.scale = Some(scale);
            }
            "--games" => o.games = Some(number(value(args, &mut i, arg)?, arg)?),
            "--threads" => {
                let n: usize = number(value(args, &mut i, arg)?, arg)?;
                if n == 0 {
                    return Err("--threads must be at least 1".into());
                }
                o.threads = Some(n);
            }
            "--hash" => o.hash_mb = Some(number(value(args, &mut i, arg)?, arg)?),
            "--verbose" => o.verbose = true,
            "--white" => o.white = Some(number(value(args, &mut i, arg)?, arg)?),
            "--black" => o.black = Some(number(value(args, &mut i, arg)?, arg)?),
            _ if arg.starts_with("--") => return Err(format!("unknown option '{arg}'")),
            _ => o.words.push(arg.to_string()),
        }
        i += 1;
    }
    if o.flying == Some(true)
        && let Some(v) = o.variant.filter(|v| !v.variant().can_fly)
    {
        return Err(format!("--flying on: {} men's morris never flies", v.name()));
    }
    if o.time_ms.is_some() && o.scale.is_some() {
        return Err("--time-ms and --scale both set the think time: give one".into());
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

    /// Refuses the options `command` does not take (it takes `allowed`) and more than
    /// `words` plain arguments.
    pub(crate) fn only(&self, command: &str, allowed: &[&str], words: usize) -> Result<(), String> {
        if let Some(extra) = self.given.iter().find(|g| !allowed.contains(g)) {
            return Err(format!("{extra} does not apply to {command}"));
        }
        match self.words.get(words) {
            Some(w) => Err(format!("{command}: unexpected argument '{w}'")),
            None => Ok(()),
        }
    }
}

/// Runs the tool on the process's arguments; output on stdout, errors on stderr; the exit
/// code. An argument that is not UTF-8 is an error (2); a closed output (`| head`) ends the
/// tool quietly; an output that cannot be written (a full disk) is an error (1).
pub fn main() -> ExitCode {
    let mut args = Vec::new();
    for (n, arg) in std::env::args_os().skip(1).enumerate() {
        match arg.into_string() {
            Ok(a) => args.push(a),
            Err(bad) => {
                eprintln!("dokuz: argument {} ({}) is not valid UTF-8", n + 1, bad.to_string_lossy());
                return ExitCode::from(2);
            }
        }
    }
    let mut print = |line: &str| {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                // whoever reads has read enough
                std::process::exit(0);
            }
            eprintln!("dokuz: cannot write the output: {e}");
            std::process::exit(1);
        }
    };
    match run(&args, &mut print) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dokuz: {e}");
            ExitCode::from(e.code())
        }
    }
}

/// Runs one command, handing every output line to `print` (tests collect them).
pub fn run(args: &[String], print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    let Some(command) = args.first() else {
        return Err("no command given (try 'dokuz --help')".to_string().into());
    };
    if command == "--help" || command == "-h" || command == "help" {
        HELP.lines().for_each(&mut *print);
        return Ok(());
    }
    let o = parse_options(&args[1..])?;
    match command.as_str() {
        "moves" | "position" | "status" | "perft" | "bench" => rules::run(command, &o, print),
        "tables" => tables::run(&o, print),
        "book" => book::run(&o, print),
        other => ai::run(other, &o, print),
    }
}

/// Benchmark positions: the nine start, a placing mid-game position (after `d2 f4 d6 b4
/// d7 d5 d1 d3`) and a moving-phase position.
pub const BENCH_MIDGAME: &str = "W:d1,d2,d6,d7 B:b4,d3,d5,f4 w 5 5 0";
/// A position of the moving phase: the one after `d2 f4 d6 b4 d7 d5 d1 d3 b2 f2 f6 b6 a1 g1
/// c4 e4 g4 e3`.
pub const BENCH_MOVING: &str = "W:a1,b2,c4,d1,d2,d6,d7,f6,g4 B:b4,b6,d3,d5,e3,e4,f2,f4,g1 w 0 0 0";
