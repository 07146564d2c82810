//! Master's games against Sanmill (tools/sanmill-games.txt on standard input, one `game`
//! line each) judged where one side is down to three pieces, the three that fly: every
//! position of the moving phase with three pieces on one side and three to six on the
//! other is looked up in exact tables (nine men's with flying), the 50-move count applied
//! (`Tables::value_in`). For each side it counts the moves that turned a won position
//! into one not won, and a drawn one into a lost one, and for each game whether Master
//! ever held a win there, and what became of the game.
//!
//! Usage: against-three [TOP] < tools/sanmill-games.txt
//! TOP (default 6): the most pieces against three the tables hold (6v3: 220 million
//! positions, about a minute and 656 MB to solve).

use std::io::BufRead;
use std::process::ExitCode;
use std::time::Instant;

use dokuz_tas::ai::endgame::Value;
use dokuz_tas::ai::tables::{Tables, after as after_move};
use dokuz_tas::rules::{Colour, Game, Position, Rules, VariantKind};

/// One game line: `game N opening A B master White|Black: RESULT (...), P plies: MOVES`.
struct Record {
    master: Colour,
    result: String,
    moves: Vec<String>,
}

fn parse(line: &str) -> Option<Record> {
    let rest = line.strip_prefix("game ")?;
    let (_, after) = rest.split_once(" master ")?;
    let (side, after) = after.split_once(": ")?;
    let master = match side {
        "White" => Colour::White,
        "Black" => Colour::Black,
        _ => return None,
    };
    let result = after.split_whitespace().next()?.to_string();
    let (_, moves) = after.split_once(" plies: ")?;
    Some(Record { master, result, moves: moves.split_whitespace().map(str::to_string).collect() })
}


#[derive(Default)]
struct Side {
    /// Moves made from a won position (as the tables judge it).
    from_won: u64,
    /// ... after which the position was no longer won.
    won_dropped: u64,
    /// Moves made from a drawn position.
    from_drawn: u64,
    /// ... after which it was lost.
    drawn_dropped: u64,
}

fn run() -> Result<(), String> {
    let pieces: u8 = match std::env::args().nth(1) {
        None => 6,
        Some(a) => a.parse().map_err(|_| format!("'{a}' is not a piece count (3 to 6)"))?,
    };
    let rules = Rules { flying: true, ..Rules::new(VariantKind::Nine) };
    let started = Instant::now();
    let tables = Tables::solve_against_three(rules, pieces).map_err(|e| e.to_string())?;
    eprintln!("tables up to {pieces}v3 solved in {:.1} s", started.elapsed().as_secs_f64());
    for many in 3..=pieces {
        let sides: &[(u8, u8)] = if many == 3 { &[(3, 3)] } else { &[(many, 3), (3, many)] };
        for &(mover, other) in sides {
            if let Some(s) = tables.stats(mover, other) {
                let c = s.all;
                println!(
                    "{mover}v{other}, mover's view: {} wins, {} losses, {} draws; longest win {} plies",
                    c.wins, c.losses, c.draws, s.longest_win
                );
            }
        }
    }
    let (mut master, mut sanmill) = (Side::default(), Side::default());
    let (mut games, mut reached, mut won_once) = (0u64, 0u64, 0u64);
    // Positions by (mover's pieces, other's pieces): won, drawn, lost for the mover.
    let mut by_material: std::collections::BTreeMap<(u32, u32), [u64; 3]> = Default::default();
    let mut far_off = 0u64;
    let mut far_games: std::collections::BTreeMap<usize, String> = Default::default();
    let mut won_once_results: std::collections::BTreeMap<String, u64> = Default::default();
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("reading line {}: {e}", n + 1))?;
        let Some(record) = parse(&line) else { continue };
        games += 1;
        let mut game = Game::new(rules);
        let (mut reach, mut held_win) = (false, false);
        for (ply, m) in record.moves.iter().enumerate() {
            let before = *game.position();
            // Where the tables hold the position and the 50-move count leaves it certain.
            let value = tables.value_in(&before);
            game.play_text(m).map_err(|e| format!("line {}, move {} '{m}': {e}", n + 1, ply + 1))?;
            let Some(value) = value else {
                // Held by the tables but not certain under the 50-move count: a win too
                // far off for the plies left, with a capture on the way.
                if before.side == record.master && matches!(raw(&tables, &before), Some(Value::Win { .. })) {
                    far_off += 1;
                    far_games.insert(n + 1, record.result.clone());
                }
                continue;
            };
            reach = true;
            let mover = before.side;
            let material = (before.own().count_ones(), before.theirs().count_ones());
            let entry = by_material.entry(material).or_insert([0; 3]);
            entry[match value {
                Value::Win { .. } => 0,
                Value::Draw => 1,
                Value::Loss { .. } => 2,
            }] += 1;
            let side = if mover == record.master { &mut master } else { &mut sanmill };
            // The value after the move, for the side that moved: a capture that leaves
            // two pieces wins outright; otherwise the tables judge it, or nothing is known.
            let after = game.position();
            let after_value = if after.pieces(after.side) < 3 {
                Some(Value::Win { plies: 1 })
            } else {
                tables.value_in(after).map(after_move)
            };
            match value {
                Value::Win { .. } => {
                    held_win |= mover == record.master;
                    side.from_won += 1;
                    if !matches!(after_value, Some(Value::Win { .. })) {
                        side.won_dropped += 1;
                        if mover == record.master {
                            println!(
                                "game line {}: Master ({:?}) gave up a win at ply {} ({m}), {} before, {:?} after; game {}",
                                n + 1, record.master, ply + 1, describe(&before), after_value, record.result
                            );
                        }
                    }
                }
                Value::Draw => {
                    side.from_drawn += 1;
                    if matches!(after_value, Some(Value::Loss { .. })) {
                        side.drawn_dropped += 1;
                        println!(
                            "game line {}: {} ({:?}) lost a draw at ply {} ({m}), {}; game {}",
                            n + 1,
                            if mover == record.master { "Master" } else { "Sanmill" },
                            mover, ply + 1, describe(&before), record.result
                        );
                    }
                }
                Value::Loss { .. } => {}
            }
        }
        if reach {
            reached += 1;
        }
        if held_win {
            won_once += 1;
            *won_once_results.entry(record.result.clone()).or_default() += 1;
        }
    }
    println!("games: {games}; with a position of three against three to {pieces}: {reached}");
    println!("games in which Master, to move, held a win there: {won_once}, ended {won_once_results:?}");
    for ((a, b), [w, d, l]) in &by_material {
        println!("{a}v{b} to move: {w} won, {d} drawn, {l} lost");
    }
    println!(
        "Master to move in a tabled win too far off for the 50-move count: {far_off}, in {} games (line: result) {far_games:?}",
        far_games.len()
    );
    for (name, s) in [("Master", &master), ("Sanmill", &sanmill)] {
        println!(
            "{name}: {} moves from won positions, {} of them gave the win up; {} moves from drawn positions, {} of them lost",
            s.from_won, s.won_dropped, s.from_drawn, s.drawn_dropped
        );
    }
    Ok(())
}

/// The tables' value of `pos` with no 50-move count (they hold only the moving phase of
/// three against three to `TOP`).
fn raw(tables: &Tables, pos: &Position) -> Option<Value> {
    if !pos.placing_done() {
        return None;
    }
    tables.value(pos.own(), pos.theirs())
}

fn describe(pos: &Position) -> String {
    format!(
        "{}v{}, {} plies without a capture",
        pos.own().count_ones(),
        pos.theirs().count_ones(),
        pos.quiet_plies
    )
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("against-three: {e}");
            ExitCode::from(2)
        }
    }
}
