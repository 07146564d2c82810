//! Master's search of each position on standard input (one line of moves from the nine
//! men's start each) within a node budget, on one thread with a fresh table, as
//! tools/placing-regret.py reads a run: the moves, a tab, then the last iteration as
//! `depth:score:nodes:move`. With an unsettled budget, a search whose last completed
//! iteration changed the best move, or whose iteration under way found the previous best
//! fallen, goes on to that many nodes (`Limits::unsettled_nodes`).
//!
//! Usage: node-budget NODES [UNSETTLED_NODES] < POSITIONS > RUN
//! On standard error at the end: the positions, the mean time and the mean depth.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use dokuz_tas::ai::{Level, Limits, think};
use dokuz_tas::rules::{Game, Rules, VariantKind};

fn count(arg: &str) -> Result<u64, String> {
    match arg.parse::<f64>() {
        Ok(n) if n >= 1.0 && n < 1e15 => Ok(n as u64),
        _ => Err(format!("'{arg}' is not a node count (such as 8e6)")),
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (nodes, unsettled) = match args.as_slice() {
        [n] => (count(n)?, None),
        [n, u] => (count(n)?, Some(count(u)?)),
        _ => return Err("usage: node-budget NODES [UNSETTLED_NODES] < POSITIONS > RUN".into()),
    };
    let limits = Limits { nodes: Some(nodes), unsettled_nodes: unsettled, threads: 1, ..Limits::default() };
    let stop = AtomicBool::new(false);
    let (mut searched, mut millis, mut depths) = (0u64, 0u128, 0u64);
    let mut out = std::io::stdout().lock();
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("reading line {}: {e}", n + 1))?;
        let moves = line.trim();
        if moves.is_empty() {
            continue;
        }
        let mut game = Game::new(Rules::new(VariantKind::Nine));
        for m in moves.split_whitespace() {
            game.play_text(m).map_err(|e| format!("line {}, move '{m}': {e}", n + 1))?;
        }
        let started = Instant::now();
        let last = think(&game, Level::Master, limits, 0, &stop)
            .and_then(|t| t.iterations.last().cloned())
            .ok_or(format!("line {}: the game is over", n + 1))?;
        millis += started.elapsed().as_millis();
        depths += last.depth as u64;
        searched += 1;
        let best = game.move_text(last.pv[0]);
        writeln!(out, "{moves}\t{}:{}:{}:{best}", last.depth, last.score, last.nodes).map_err(|e| e.to_string())?;
    }
    let per = |total: f64| if searched == 0 { 0.0 } else { total / searched as f64 };
    eprintln!(
        "{searched} positions, {:.0} ms and depth {:.2} a position",
        per(millis as f64),
        per(depths as f64)
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("node-budget: {e}");
            ExitCode::from(2)
        }
    }
}
