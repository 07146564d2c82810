//! `dokuz book`: Master's opening book, built and probed.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::Mutex;

use super::{Failure, Options, POSITION};
use crate::ai::book::{self, Book, COMPLETE, DEEPEST, PLIES};

const BUILD: &[&str] =
    &["--depth", "--depths", "--lines", "--keep", "--kept-only", "--search-from", "--journal", "--threads"];

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
    let depths: Vec<u32> = match (o.depth, &o.depths) {
        (Some(d), None) => vec![d; COMPLETE as usize],
        (None, Some(list)) if (COMPLETE..=DEEPEST).contains(&(list.len() as u32)) => list.clone(),
        (None, Some(list)) => {
            return Err(format!(
                "--depths takes {COMPLETE} depths, for 0 to {} pieces placed, or {} with White's third \
                 placement after its book move, or {PLIES} with Black's too, or up to {DEEPEST} with the \
                 game lines (--lines) to {} placed, not {}",
                COMPLETE - 1,
                COMPLETE + 1,
                DEEPEST - 1,
                list.len()
            )
            .into());
        }
        (Some(_), Some(_)) => return Err("--depth and --depths both set the depth: give one".to_string().into()),
        (None, None) => return Err("book build needs --depth D or --depths D0,D1,D2,D3[,D4[,D5]]".to_string().into()),
    };
    if depths.contains(&0) {
        return Err("a book depth must be at least 1".to_string().into());
    }
    if o.kept_only && !o.keep && o.journal.is_none() {
        return Err("--kept-only writes the kept entries: give --keep or --journal FILE".to_string().into());
    }
    let games = match (&o.lines, depths.len() > PLIES as usize) {
        (Some(path), true) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--lines {path}: cannot read it: {e}"))?;
            book::read_games(&text).map_err(|e| format!("--lines {path}: {e}"))?
        }
        (None, false) => Vec::new(),
        (Some(_), false) => {
            return Err(format!("--lines: the game lines need depths for {PLIES} pieces placed and more").into());
        }
        (None, true) => {
            return Err(
                format!("depths for {PLIES} pieces placed and more are the game lines: give --lines GAMES").into()
            );
        }
    };
    let journal = o.journal.as_deref().map(Journal::open).transpose()?;
    let kept: Vec<&Book> = o.keep.then(book::shipped).into_iter().chain(journal.as_ref().map(|j| &j.book)).collect();
    let failed: Mutex<Option<String>> = Mutex::new(None);
    let search_from = match (o.kept_only, o.search_from) {
        (true, Some(_)) => return Err("--kept-only searches nothing, --search-from some: give one".to_string().into()),
        (true, None) => None,
        (false, from) => Some(from.unwrap_or(0) as usize),
    };
    let text = book::build(&depths, &kept, &games, search_from, o.threads.unwrap_or(1), &|s| {
        eprintln!("book: {} of {} positions", s.done, s.total);
        let (Some(journal), Some(entry)) = (&journal, s.entry) else { return };
        if let Err(e) = journal.append(&book::line(s.position, &entry)) {
            eprintln!("dokuz: {e}; the build goes on, but what is not written is not kept");
            if let Ok(mut f) = failed.lock() {
                f.get_or_insert(e);
            }
        }
    });
    text.lines().for_each(print);
    match failed.into_inner().ok().flatten() {
        Some(e) => Err(Failure::Write(e)),
        None => Ok(()),
    }
}

/// `--journal FILE`: every entry is appended to FILE the moment its search ends, and the
/// entries already in FILE are kept, so a build that is stopped (a session's end, a
/// killed machine: the 428 three-placement classes to depth 20 take about four hours of
/// one core) resumes where it was and searches nothing twice. The file is a book itself,
/// in the order the searches ended.
struct Journal {
    path: String,
    book: Book,
    file: Mutex<File>,
}

impl Journal {
    fn open(path: &str) -> Result<Journal, Failure> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("--journal {path}: cannot read it: {e}").into()),
        };
        // A build killed in the middle of a write leaves a last line without its end:
        // it is cut off (and its position searched again), so that what follows starts
        // on a line of its own.
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        let book = Book::parse_journal(&text[..whole]).map_err(|e| format!("--journal {path}: {e}"))?;
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|f| f.set_len(whole as u64).map(|()| f))
            .map_err(|e| format!("--journal {path}: cannot write it: {e}"))?;
        Ok(Journal { path: path.to_string(), book, file: Mutex::new(file) })
    }

    /// Appends one entry's line; one write of the whole line, synced, so that a stop can
    /// cut at most the line being written.
    fn append(&self, line: &str) -> Result<(), String> {
        let mut file = self.file.lock().map_err(|_| format!("--journal {}: a writer failed", self.path))?;
        file.write_all(format!("{line}\n").as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| format!("--journal {}: cannot write it: {e}", self.path))
    }
}

fn probe(o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    o.only("book probe", POSITION, 1)?;
    let game = o.game()?;
    if game.rules() != book::rules() {
        return Err("the book is of nine men's morris with flying on".to_string().into());
    }
    let entry = book::shipped().probe(&game).ok_or_else(|| {
        Failure::NoAnswer(format!(
            "not in the book: it holds the positions before {COMPLETE} pieces are placed, and some with \
             {COMPLETE} to {}, none captured",
            DEEPEST - 1
        ))
    })?;
    print(&format!("{} score {} depth {}", game.move_text(entry.best), entry.score, entry.depth));
    Ok(())
}
