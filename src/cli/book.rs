//! `dokuz book`: Master's opening book, built and probed.

use super::{Failure, Options, POSITION};
use crate::ai::book::{self, PLIES};

const BUILD: &[&str] = &["--depth", "--threads"];

pub fn run(o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    match o.words.first().map(String::as_str) {
        Some("build") => build(o, print),
        Some("probe") => probe(o, print),
        Some(other) => Err(format!("book: unknown command '{other}' (build or probe)").into()),
        None => Err("book needs a command: build or probe".to_string().into()),
    }
}

fn build(o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    o.only("book build", BUILD, 1)?;
    let depth = o.depth.ok_or("book build needs --depth D".to_string())?;
    if depth == 0 {
        return Err("--depth must be at least 1".to_string().into());
    }
    let text = book::build(depth, o.threads.unwrap_or(1), &|done, total| {
        eprintln!("book: {done} of {total} positions");
    });
    text.lines().for_each(print);
    Ok(())
}

fn probe(o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    o.only("book probe", POSITION, 1)?;
    let game = o.game()?;
    if game.rules() != book::rules() {
        return Err("the book is of nine men's morris with flying on".to_string().into());
    }
    let entry = book::shipped().probe(&game).ok_or_else(|| {
        Failure::NoAnswer(format!(
            "not in the book: it holds the positions before {PLIES} pieces are placed, none captured"
        ))
    })?;
    print(&format!("{} score {} depth {}", game.move_text(entry.best), entry.score, entry.depth));
    Ok(())
}
