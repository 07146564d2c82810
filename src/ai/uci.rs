//! `dokuz uci`: a persistent engine, driven line by line like a UCI chess engine, with
//! positions and moves in our own notation. The search runs on its own thread, so `stop`
//! and `isready` are answered while it thinks; the transposition table (`Memory`) and the
//! solved endgames stay between moves (`ucinewgame` solves them, for the level and rules
//! set by then, before the next line is read). A bad line is answered with `info string error: …`
//! and the engine keeps running.
//!
//! Commands: `uci`, `isready`, `setoption name Level|Threads|Hash|Variant|Flying value V`
//! (Hash: the table's size in MB for Hard and Master; by default the level's own),
//! `ucinewgame`, `position startpos|text <position> [moves M1 M2 …]`,
//! `go movetime N | depth D | wtime W btime B [winc I] [binc I]`, `stop`, `quit`.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use super::search::{WIN, WIN_BOUND};
use super::{Iteration, Level, Limits, Memory, TABLE_MB, cores, limits_from_clock, tables, think_reporting};
use crate::rules::{Game, Rules, VariantKind};

/// Where the engine's lines go (standard output, or a test's list).
pub type Out = Arc<dyn Fn(&str) + Send + Sync>;

/// The engine between commands.
pub struct Engine {
    out: Out,
    level: Level,
    threads: usize,
    variant: VariantKind,
    flying: Option<bool>,
    /// The `Hash` option: the table's size as a power of two, if not the level's own.
    table_bits: Option<u32>,
    game: Game,
    /// The table, while no search has it.
    memory: Option<Memory>,
    search: Option<Search>,
}

/// A search in flight: its stop flag, and the thread that gives the table back.
struct Search {
    stop: Arc<AtomicBool>,
    /// Raised by the search thread just before it prints `bestmove`: from then on the
    /// search is over for the other side, which may send the next command at once, and
    /// the thread only has its table to hand back (`finish` waits for that).
    answered: Arc<AtomicBool>,
    thread: JoinHandle<Memory>,
}

impl Engine {
    pub fn new(out: Out) -> Engine {
        Engine {
            out,
            level: Level::Master,
            threads: cores(),
            variant: VariantKind::Nine,
            flying: None,
            table_bits: None,
            game: Game::new(Rules::new(VariantKind::Nine)),
            memory: Some(Memory::default()),
            search: None,
        }
    }

    fn rules(&self) -> Rules {
        match self.flying {
            Some(f) => Rules::with_flying(self.variant, f),
            None => Rules::new(self.variant),
        }
    }

    /// An empty memory with the table size asked for.
    fn fresh_memory(&self) -> Memory {
        self.table_bits.map_or_else(Memory::default, Memory::with_table_bits)
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    /// Handles one line; false once the engine should quit.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let result = match words.as_slice() {
            [] => Ok(()),
            ["uci"] => {
                self.say(&format!("id name Dokuz Tas {}", env!("CARGO_PKG_VERSION")));
                self.say("id author the Dokuz Tas team");
                self.say("option name Level type combo default master var easy var medium var hard var master");
                self.say(&format!("option name Threads type spin default {} min 1 max 256", cores()));
                self.say(&format!(
                    "option name Hash type spin default {} min {} max {}",
                    self.level.table_mb(),
                    TABLE_MB.start(),
                    TABLE_MB.end()
                ));
                self.say("option name Variant type combo default nine var nine var six var five var twelve");
                self.say("option name Flying type check default true");
                self.say("uciok");
                Ok(())
            }
            ["isready"] => {
                self.say("readyok");
                Ok(())
            }
            ["setoption", "name", rest @ ..] => self.set_option(rest),
            ["ucinewgame"] => self.new_game(),
            ["position", rest @ ..] => self.position(rest),
            ["go", rest @ ..] => self.go(rest),
            ["stop"] => {
                self.finish(true);
                Ok(())
            }
            ["quit"] => {
                self.finish(true);
                return false;
            }
            [command, ..] => Err(format!("unknown command '{command}'")),
        };
        if let Err(e) = result {
            self.say(&format!("info string error: {e}"));
        }
        true
    }

    /// Waits for the search in flight (stopping it first if `stop`), taking the table back.
    pub fn finish(&mut self, stop: bool) {
        if let Some(search) = self.search.take() {
            if stop {
                search.stop.store(true, Ordering::Relaxed);
            }
            // a search thread that panicked gives no table back: a fresh one does
            let kept = search.thread.join();
            self.memory = Some(kept.unwrap_or_else(|_| self.fresh_memory()));
        }
    }

    fn idle(&self) -> Result<(), String> {
        match &self.search {
            Some(s) if !s.thread.is_finished() && !s.answered.load(Ordering::Acquire) => {
                Err("the engine is searching: send stop first".into())
            }
            _ => Ok(()),
        }
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        self.idle()?;
        self.finish(false);
        let (name, value) = match words {
            [name, "value", value] => (name.to_ascii_lowercase(), *value),
            _ => return Err("setoption name <Level|Threads|Hash|Variant|Flying> value <value>".into()),
        };
        match name.as_str() {
            "level" => {
                self.level =
                    Level::from_name(value).ok_or(format!("no level '{value}' (easy, medium, hard, master)"))?
            }
            "threads" => {
                self.threads = value
                    .parse()
                    .ok()
                    .filter(|&n| (1..=256).contains(&n))
                    .ok_or(format!("Threads takes 1 to 256, not '{value}'"))?
            }
            "hash" => {
                let mb = value.parse().map_err(|_| format!("Hash takes a size in MB, not '{value}'"))?;
                self.table_bits = Some(Memory::table_bits_for(mb)?);
                // the old table goes before the new one is allocated
                self.memory = None;
                self.memory = Some(self.fresh_memory());
            }
            "variant" => {
                self.variant =
                    VariantKind::from_name(value).ok_or(format!("no variant '{value}' (nine, six, five, twelve)"))?;
                self.game = Game::new(self.rules());
            }
            "flying" => {
                self.flying = Some(match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("Flying takes true or false, not '{value}'")),
                });
                self.game = Game::new(self.rules());
            }
            _ => return Err(format!("no option '{name}' (Level, Threads, Hash, Variant, Flying)")),
        }
        Ok(())
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.idle()?;
        self.finish(false);
        // a new opponent: nothing learnt in the last game is kept, but the table's size is
        self.memory = None;
        self.memory = Some(self.fresh_memory());
        self.game = Game::new(self.rules());
        // The endgame tables are solved now, before the game and its clock start (seconds,
        // once a session for each rule set); the other side waits for them with `isready`,
        // as a UCI engine loads its tablebases.
        if self.level.knows_endgame() {
            tables::solved(self.rules(), tables::most_pieces(self.rules()));
        }
        Ok(())
    }

    /// `position startpos [moves …]` or `position text <position text> [moves …]`: the
    /// game is replaced only if every part is valid.
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        self.idle()?;
        let split = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
        let (start, moves) = (&words[..split], words.get(split + 1..).unwrap_or(&[]));
        let rules = self.rules();
        let mut game = match start {
            ["startpos"] => Game::new(rules),
            ["text", text @ ..] if !text.is_empty() => {
                Game::from_text(rules, Some(&text.join(" "))).map_err(|e| format!("position: {e}"))?
            }
            _ => return Err("position startpos|text <position> [moves M1 M2 ...]".into()),
        };
        for (n, m) in moves.iter().enumerate() {
            game.play_text(m).map_err(|e| format!("move {} '{m}': {e}", n + 1))?;
        }
        self.game = game;
        Ok(())
    }

    /// `go movetime N`, `go depth D` or `go wtime W btime B [winc I] [binc I]` (the
    /// clocks of both sides and what each gains after a move, in milliseconds: the engine
    /// shares its own clock out over the game, `limits_from_clock`): searches on a thread;
    /// prints an `info` line per completed depth and the `bestmove` at the end.
    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        self.idle()?;
        self.finish(false);
        let number =
            |v: &str| v.parse::<u64>().ok().filter(|&n| n > 0).ok_or(format!("'{v}' is not a positive number"));
        if self.game.status().is_over() {
            return Err(format!("the game is over ({})", self.game.status()));
        }
        let limits = match words {
            ["movetime", ms] => Limits { time: Some(Duration::from_millis(number(ms)?)), ..Limits::default() },
            ["depth", d] => Limits { depth: Some(number(d)?.min(64) as u32), ..Limits::default() },
            _ if words.first().is_some_and(|w| w.ends_with("time") || w.ends_with("inc")) => {
                let (left, increment) = self.clock(words)?;
                limits_from_clock(&self.game, left, increment)
            }
            _ => {
                return Err(
                    "go movetime <ms> | go depth <plies> | go wtime <ms> btime <ms> [winc <ms>] [binc <ms>]".into()
                );
            }
        };
        let limits = Limits { threads: self.threads.max(1), ..limits };
        let (game, level, out) = (self.game.clone(), self.level, self.out.clone());
        let mut memory = self.memory.take().unwrap_or_else(|| self.fresh_memory());
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let answered = Arc::new(AtomicBool::new(false));
        let answering = answered.clone();
        // The endgame tables are kept for the whole session once they are near.
        if level.knows_endgame() {
            tables::solve_before_search(game.rules(), game.position());
        }
        let thread = std::thread::Builder::new()
            .name("uci search".into())
            .stack_size(super::SEARCH_STACK)
            .spawn(move || {
                let seed = rand::random::<u64>();
                let mut report = |it: &Iteration| out(&info_line(&game, it));
                let thought = think_reporting(&mut memory, &game, level, limits, seed, &flag, &mut report);
                answering.store(true, Ordering::Release);
                match thought {
                    Some(t) => out(&format!("bestmove {}", game.move_text(t.best))),
                    None => out("bestmove (none)"),
                }
                memory
            })
            .map_err(|e| format!("cannot start the search: {e}"))?;
        self.search = Some(Search { stop, answered, thread });
        Ok(())
    }
}

impl Engine {
    /// The side to move's clock and increment from `wtime W btime B [winc I] [binc I]`.
    fn clock(&self, words: &[&str]) -> Result<(Duration, Duration), String> {
        let mut ms = [None; 4];
        for pair in words.chunks(2) {
            let [name, value] = pair else { return Err(format!("'{}' has no value", pair[0])) };
            let k = ["wtime", "btime", "winc", "binc"]
                .iter()
                .position(|n| n == name)
                .ok_or(format!("'{name}' is not wtime, btime, winc or binc"))?;
            if ms[k].is_some() {
                return Err(format!("'{name}' is given twice"));
            }
            ms[k] =
                Some(value.parse::<u64>().map_err(|_| format!("{name} '{value}' is not a number of milliseconds"))?);
        }
        let side = self.game.position().side.index();
        let left = ms[side].ok_or("go with clocks needs both wtime and btime")?;
        if ms[1 - side].is_none() {
            return Err("go with clocks needs both wtime and btime".into());
        }
        if left == 0 {
            return Err("the side to move has no time left".into());
        }
        Ok((Duration::from_millis(left), Duration::from_millis(ms[2 + side].unwrap_or(0))))
    }
}

/// `info depth D score cp S|mate M nodes N time T pv …` for a completed iteration (the
/// score from the side to move; mate in moves, negative when losing).
fn info_line(game: &Game, it: &Iteration) -> String {
    let score = if it.score.abs() > WIN_BOUND {
        let plies = (WIN - it.score.abs()).max(0);
        let moves = (plies + 1) / 2;
        format!("mate {}", if it.score > 0 { moves } else { -moves })
    } else {
        format!("cp {}", it.score)
    };
    let pv: Vec<String> = it.pv.iter().map(|&m| game.move_text(m)).collect();
    format!(
        "info depth {} score {score} nodes {} time {} pv {}",
        it.depth,
        it.nodes,
        it.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// Runs the engine on standard input and output until `quit` or the end of the input.
pub fn run_stdio() {
    let out: Out = Arc::new(|line: &str| {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        // a closed output ends nothing here: the engine stops at the end of its input
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    });
    let mut engine = Engine::new(out);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !engine.handle(&line) {
            return;
        }
    }
    engine.finish(false);
}
