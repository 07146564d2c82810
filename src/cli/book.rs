//! `dokuz book`: Master's opening book, built and probed.

use super::{Failure, Options, POSITION};
use crate::ai::book::{self, PLIES};

const BUILD: &[&str] = &["--depth", "--depths", "--keep", "--threads"];

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
    let depths: [u32; PLIES as usize] = match (o.depth, &o.depths) {
        (Some(d), None) => [d; PLIES as usize],
        (None, Some(list)) => list.as_slice().try_into().map_err(|_| {
            format!("--depths takes {PLIES} depths, for 0 to {} pieces placed, not {}", PLIES - 1, list.len())
        })?,
        (Some(_), Some(_)) => return Err("--depth and --depths both set the depth: give one".to_string().into()),
        (None, None) => return Err("book build needs --depth D or --depths D0,D1,D2,D3".to_string().into()),
    };
    if depths.contains(&0) {
        return Err("a book depth must be at least 1".to_string().into());
    }
    let keep = o.keep.then(book::shipped);
    let text = book::build(&depths, keep, o.threads.unwrap_or(1), &|done, total| {
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
