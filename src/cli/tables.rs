//! `dokuz tables`: the exact endgame tables, their figures and their answers.

use std::time::Instant;

use super::{Failure, Options, POSITION};
use crate::ai::endgame::Value;
use crate::ai::tables::{Census, MIN_PIECES, Tables, most_pieces, preference};
use crate::rules::Colour;

const STATS: &[&str] = &["--variant", "--flying", "--white", "--black", "--verbose"];

pub fn run(o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    match o.words.first().map(String::as_str) {
        Some("stats") => stats(o, print),
        Some("probe") => probe(o, print),
        Some(other) => Err(format!("tables: unknown command '{other}' (stats or probe)").into()),
        None => Err("tables needs a command: stats or probe".to_string().into()),
    }
}

fn pieces(o: &Options, n: Option<u8>, flag: &str) -> Result<u8, String> {
    let n = n.ok_or_else(|| format!("tables stats needs {flag} N"))?;
    let most = most_pieces(o.rules());
    if (MIN_PIECES..=most).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{flag}: the tables of this board hold {MIN_PIECES} to {most} pieces a side, not {n}"))
    }
}

fn census(c: &Census) -> String {
    format!("{} wins, {} losses, {} draws", c.wins, c.losses, c.draws)
}

fn stats(o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    o.only("tables stats", STATS, 1)?;
    if o.variant.is_none() {
        return Err("tables stats needs --variant nine|six|five|twelve".to_string().into());
    }
    let (white, black) = (pieces(o, o.white, "--white")?, pieces(o, o.black, "--black")?);
    let start = Instant::now();
    let tables = Tables::solve(o.rules(), white.max(black)).map_err(|e| e.to_string())?;
    let solved = start.elapsed();
    let stats = tables.stats(white, black).ok_or_else(|| format!("no table of {white} against {black}"))?;
    print(&format!("all: {}", census(&stats.all)));
    print(&format!("folded: {}", census(&stats.folded)));
    print(&format!("longest win: {} plies", stats.longest_win));
    if o.verbose {
        print(&format!(
            "solved in {:.2} s (every table up to {} pieces a side), counted in {:.2} s; stored in {} bytes",
            solved.as_secs_f64(),
            white.max(black),
            (start.elapsed() - solved).as_secs_f64(),
            tables.stored_bytes()
        ));
    }
    Ok(())
}

/// A value for the side to move, told with colours.
fn told(value: Value, mover: Colour) -> String {
    match value {
        Value::Win { plies } => format!("{} wins in {plies} plies", mover.name()),
        Value::Loss { plies } => format!("{} wins in {plies} plies", mover.opponent().name()),
        Value::Draw => "draw".to_string(),
    }
}

fn probe(o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    o.only("tables probe", POSITION, 1)?;
    let game = o.game()?;
    let pos = *game.position();
    let rules = game.rules();
    let most = most_pieces(rules);
    let whole = rules.board().pieces == most;
    let (own, theirs) = (pos.own().count_ones() as u8, pos.theirs().count_ones() as u8);
    let held = |n: u8| (MIN_PIECES..=most).contains(&n);
    if !whole && (!pos.placing_done() || !held(own) || !held(theirs)) {
        return Err(format!(
            "no table holds this position: on this board the tables hold {MIN_PIECES} to {most} pieces a side with none in hand"
        )
        .into());
    }
    let max = if whole { most } else { own.max(theirs) };
    let tables = Tables::solve(rules, max).map_err(|e| e.to_string())?;
    let value = tables.any_value(&pos).ok_or("no table holds this position".to_string())?;
    print(&format!("value: {}", told(value, pos.side)));
    let mut moves = tables.moves(&game).ok_or("no table holds this position".to_string())?;
    // Best first for the side to move: quickest wins, then draws, then the longest losses.
    moves.sort_by_key(|&(_, v)| preference(v));
    for (m, v) in moves {
        print(&format!("{} {}", game.move_text(m), told(v, pos.side)));
    }
    Ok(())
}
