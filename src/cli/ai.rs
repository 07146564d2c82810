//! The computer opponent's commands of the `dokuz` tool: `bestmove`, `match` and the
//! search half of `bench`.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::{BENCH_MIDGAME, BENCH_MOVING, Failure, Options, POSITION};
use crate::ai::{Level, Limits, Memory, endgame, rating, review, tables, think, think_with, uci};
use crate::rules::{Colour, Game, Rules, Status, VariantKind};

fn level(name: &str) -> Result<Level, String> {
    Level::from_name(name).ok_or_else(|| format!("unknown level '{name}' (easy, medium, hard or master)"))
}

/// The options of `bestmove`, `review` and `match`, besides the position options.
const BESTMOVE: &[&str] = &["--level", "--time-ms", "--depth", "--threads", "--hash", "--seed", "--verbose"];
const REVIEW: &[&str] = &["--time-ms"];
const MATCH: &[&str] =
    &["--variant", "--flying", "--games", "--time-ms", "--scale", "--threads", "--seed", "--verbose"];

pub fn run(command: &str, o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    let time = o.time_ms.map(Duration::from_millis);
    let with_position = |extra: &[&'static str]| [POSITION, extra].concat();
    match command {
        "bestmove" => {
            o.only(command, &with_position(BESTMOVE), 0)?;
            let name = o.level.as_deref().ok_or("bestmove needs --level easy|medium|hard|master".to_string())?;
            let level = level(name)?;
            let game = o.game()?;
            let stop = AtomicBool::new(false);
            let seed = o.seed.unwrap_or_else(rand::random);
            // One answer, so the tables are solved now rather than on a background thread
            // that would finish after the move was chosen.
            if level.knows_endgame() {
                tables::solve_before_search(game.rules(), game.position());
            }
            let limits = match (o.depth, level) {
                (None, _) => level.limits_at(&game, time),
                (Some(_), Level::Easy | Level::Medium) => {
                    return Err(format!("--depth is for hard and master, not {name}").into());
                }
                (Some(0), _) => return Err("--depth must be at least 1".to_string().into()),
                (Some(d), _) => Limits { depth: Some(d), ..Limits::default() },
            };
            let limits = with_threads(limits, o.threads);
            if o.depth.is_some() && time.is_some() {
                return Err("bestmove takes --time-ms or --depth, not both".to_string().into());
            }
            // a finished game is a good question without an answer (exit code 1, not 2)
            let mut memory = match o.hash_mb {
                Some(mb) if matches!(level, Level::Hard | Level::Master) => Memory::with_table_mb(mb)?,
                Some(_) => return Err(format!("--hash is for hard and master, not {name}").into()),
                None => Memory::default(),
            };
            let thought = think_with(&mut memory, &game, level, limits, seed, &stop)
                .ok_or_else(|| Failure::NoAnswer(format!("no move: the game is over ({})", game.status())))?;
            if o.verbose {
                for it in &thought.iterations {
                    let pv: Vec<String> = it.pv.iter().map(|&m| game.move_text(m)).collect();
                    print(&format!(
                        "depth {}{} score {} nodes {} time {} ms pv {}",
                        it.depth,
                        if it.book {
                            " (book)"
                        } else if it.partial {
                            " (cut short)"
                        } else {
                            ""
                        },
                        it.score,
                        it.nodes,
                        it.elapsed.as_millis(),
                        pv.join(" ")
                    ));
                }
            }
            print(&game.move_text(thought.best));
            Ok(())
        }
        "review" => {
            if o.given.iter().any(|&g| g == "--level" || g == "--depth") {
                return Err("review searches as Master for --time-ms per position (default 500)".to_string().into());
            }
            o.only(command, &with_position(REVIEW), 0)?;
            let game = o.game()?;
            if game.moves().is_empty() {
                return Err("review needs the moves of a game: --moves \"M1 M2 ...\"".to_string().into());
            }
            // The tables the game came near, solved before the first search.
            if let Some(max) = game.history().iter().filter_map(|p| tables::needed(game.rules(), p)).max() {
                tables::solved(game.rules(), max);
            }
            let limits = Limits { time: Some(time.unwrap_or(Duration::from_millis(500))), ..Limits::default() };
            let stop = AtomicBool::new(false);
            let reviewed = review::review(&game, limits, &stop, &mut |_, _| {});
            let board = game.board();
            for (n, r) in reviewed.iter().enumerate() {
                let better = r.better.map_or("-".to_string(), |m| crate::rules::notation::move_text(board, m));
                print(&format!(
                    "{} {} {} {} {}",
                    n + 1,
                    crate::rules::notation::move_text(board, r.played),
                    r.grade.name(),
                    better,
                    review::eval_text(r.eval)
                ));
            }
            Ok(())
        }
        "uci" => {
            o.only(command, &[], 0)?;
            uci::run_stdio();
            Ok(())
        }
        "ratings" => {
            o.only(command, &[], 0)?;
            rating::describe(print);
            Ok(())
        }
        "match" => {
            if o.given.iter().any(|&g| g == "--position" || g == "--moves") {
                return Err("match always starts from the start position".to_string().into());
            }
            o.only(command, MATCH, 2)?;
            let [a, b] = o.words.as_slice() else {
                return Err("match needs two levels, e.g. 'dokuz match hard medium --games 10'".to_string().into());
            };
            let (a, b) = (level(a)?, level(b)?);
            let games = o.games.ok_or("match needs --games N".to_string())?;
            let budget = |level: Level| match (time, o.scale) {
                (Some(t), _) => Some(t),
                (None, Some(scale)) => level.budget().map(|b| b.div_f64(scale)),
                (None, None) => None,
            };
            let limits = |level: Level, game: &Game| with_threads(level.limits_at(game, budget(level)), o.threads);
            let seed = o.seed.unwrap_or_else(rand::random);
            if a.knows_endgame() || b.knows_endgame() {
                tables::solved(o.rules(), tables::MAX_PIECES);
            }
            play_match(o.rules(), a, b, games, &limits, seed, o.verbose, print);
            Ok(())
        }
        other => Err(format!("unknown command '{other}' (try 'dokuz --help')").into()),
    }
}

/// `limits` with at most `threads` search threads.
fn with_threads(limits: Limits, threads: Option<usize>) -> Limits {
    match threads {
        Some(n) => Limits { threads: limits.threads.min(n).max(1), ..limits },
        None => limits,
    }
}

/// The result of one game between two levels.
pub struct MatchGame {
    pub status: Status,
    pub plies: usize,
    /// The moves in move text.
    pub moves: Vec<String>,
    /// Think time of every move, by colour index.
    pub times: [Vec<Duration>; 2],
}

/// Plays one game, each level searching with `limits(level, game)`; `seed` drives both
/// sides' choices.
pub fn play_game(
    rules: Rules,
    white: Level,
    black: Level,
    limits: &dyn Fn(Level, &Game) -> Limits,
    seed: u64,
) -> MatchGame {
    let mut game = Game::new(rules);
    let stop = AtomicBool::new(false);
    let mut times: [Vec<Duration>; 2] = Default::default();
    // Each player keeps its own table from move to move, as in the game.
    let mut memories: [Memory; 2] = Default::default();
    loop {
        let side = game.position().side;
        let mover = if side == Colour::White { white } else { black };
        let seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(game.ply() as u64);
        let start = Instant::now();
        let limits = limits(mover, &game);
        match think_with(&mut memories[side.index()], &game, mover, limits, seed, &stop) {
            Some(t) => game.push(t.best),
            None => break,
        }
        times[side.index()].push(start.elapsed());
    }
    let moves = game.moves().iter().map(|&m| game.move_text(m)).collect();
    MatchGame { status: game.status(), plies: game.ply(), moves, times }
}

#[allow(clippy::too_many_arguments)]
pub fn play_match(
    rules: Rules,
    a: Level,
    b: Level,
    games: u32,
    limits: &dyn Fn(Level, &Game) -> Limits,
    seed: u64,
    verbose: bool,
    print: &mut dyn FnMut(&str),
) {
    let (mut a_wins, mut b_wins, mut draws) = (0, 0, 0);
    // think times of A and B
    let mut times: [Vec<Duration>; 2] = Default::default();
    for n in 0..games {
        let (white, black) = if n % 2 == 0 { (a, b) } else { (b, a) };
        let r = play_game(rules, white, black, limits, seed.wrapping_add(n as u64));
        let winner = match r.status {
            Status::Win { winner: Colour::White, .. } => Some(n % 2 == 0),
            Status::Win { winner: Colour::Black, .. } => Some(n % 2 == 1),
            _ => None,
        };
        match winner {
            Some(true) => a_wins += 1,
            Some(false) => b_wins += 1,
            None => draws += 1,
        }
        print(&format!(
            "game {}: {} (white) vs {} (black): {} after {} moves",
            n + 1,
            white.name(),
            black.name(),
            r.status,
            r.plies
        ));
        if verbose {
            print(&format!("  moves: {}", r.moves.join(" ")));
        }
        let [w, b] = r.times;
        let (a_times, b_times) = if n % 2 == 0 { (w, b) } else { (b, w) };
        times[0].extend(a_times);
        times[1].extend(b_times);
    }
    // With --verbose, the think times (the plain output is one line a game and the score).
    for (level, mut t) in [a, b].into_iter().zip(times).filter(|_| verbose) {
        t.sort();
        let ms = |d: Option<&Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        let mean = t.iter().map(|d| d.as_secs_f64() * 1000.0).sum::<f64>() / t.len().max(1) as f64;
        print(&format!(
            "{} think time: mean {mean:.1} ms, median {:.1} ms, max {:.1} ms over {} moves",
            level.name(),
            ms(t.get(t.len() / 2)),
            ms(t.last()),
            t.len()
        ));
    }
    // a level against itself: A is the one that has White in the odd games
    let (name_a, name_b) = if a == b {
        (format!("{} A", a.name()), format!("{} B", b.name()))
    } else {
        (a.name().to_string(), b.name().to_string())
    };
    print(&format!("{name_a} wins {a_wins}, {name_b} wins {b_wins}, draws {draws}"));
}

/// Search speed: time to fixed depths from fixed positions, one thread.
pub fn bench(print: &mut dyn FnMut(&str)) {
    let cases = [
        ("nine start", VariantKind::Nine, None, 12),
        ("nine placing mid-game", VariantKind::Nine, Some(BENCH_MIDGAME), 12),
        ("nine moving phase", VariantKind::Nine, Some(BENCH_MOVING), 14),
    ];
    let (mut nodes, mut secs) = (0u64, 0f64);
    for (name, variant, pos, depth) in cases {
        let game = match Game::from_text(Rules::new(variant), pos) {
            Ok(g) => g,
            Err(e) => return print(&format!("bench position is invalid: {e}")),
        };
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let Some(t) = think(&game, Level::Master, limits, 1, &stop) else {
            continue;
        };
        let elapsed = start.elapsed().as_secs_f64();
        let n = t.iterations.last().map_or(0, |i| i.nodes);
        nodes += n;
        secs += elapsed;
        print(&format!("search depth {depth} from {name}: {elapsed:.3} s, {n} nodes, best {}", game.move_text(t.best)));
    }
    print(&format!("search speed: {:.2} M nodes/s", nodes as f64 / secs.max(1e-9) / 1e6));
    for variant in [VariantKind::Nine, VariantKind::Twelve] {
        let start = Instant::now();
        let table = endgame::Endgame::solve(variant.variant());
        let elapsed = start.elapsed().as_secs_f64();
        let (wins, losses, draws, longest) = table.census();
        print(&format!(
            "endgame 3 against 3 of {}: solved in {elapsed:.2} s: {wins} wins, {losses} losses, {draws} draws for the side to move, longest win {longest} plies",
            variant.name()
        ));
    }
}
