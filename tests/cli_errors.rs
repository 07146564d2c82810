//! The `dokuz` tool never panics: every bad input gets a clear message and exit code 2, a
//! good question without an answer exit code 1, a closed output a quiet end and an output
//! that cannot be written an error. Through `cli::run` and, for what only a process has
//! (its arguments, its output), through the binary.

use std::process::{Command, Stdio};

mod common;
use common::dokuz;

fn binary(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dokuz")).args(args).output().expect("the dokuz binary")
}

#[test]
fn an_argument_that_is_not_utf8_is_an_error() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"--variant\xff");
    let out = binary(&[std::ffi::OsStr::new("moves"), bad]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("argument 2") && err.contains("UTF-8"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_full_output_is_an_error_and_a_closed_one_a_quiet_end() {
    // /dev/full: every write fails with "no space left"
    if let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") {
        let out = Command::new(env!("CARGO_BIN_EXE_dokuz"))
            .arg("moves")
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("dokuz");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("cannot write the output") && !err.contains("panicked"), "{err}");
    }
    // a reader that has gone: the tool ends without a word
    let mut child = Command::new(env!("CARGO_BIN_EXE_dokuz"))
        .args(["perft", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dokuz");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("dokuz");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "a closed pipe ends quietly: {:?} {err}", out.status);
}

#[test]
fn scales_that_mean_nothing_are_refused() {
    for scale in ["0", "-2", "NaN", "1e-9", "inf", "5000"] {
        let e = dokuz(&["match", "easy", "medium", "--games", "1", "--scale", scale]).unwrap_err();
        assert!(e.contains("--scale takes a number from 0.1 to 1000"), "{scale}: {e}");
    }
    let e = dokuz(&["match", "hard", "master", "--games", "1", "--scale", "100", "--time-ms", "300"]).unwrap_err();
    assert!(e.contains("--time-ms and --scale"), "{e}");
}

#[test]
fn options_that_do_not_apply_are_refused_by_name() {
    let cases: [(&[&str], &str); 12] = [
        (&["match", "easy", "medium", "--games", "1", "--depth", "1"], "--depth does not apply to match"),
        (&["match", "easy", "medium", "--games", "1", "--level", "hard"], "--level does not apply to match"),
        (&["moves", "--level", "bogus"], "--level does not apply to moves"),
        (&["bench", "--position", "garbage"], "--position does not apply to bench"),
        (&["status", "--games", "3"], "--games does not apply to status"),
        (&["ratings", "--verbose"], "--verbose does not apply to ratings"),
        (&["review", "--moves", "d6", "--threads", "2"], "--threads does not apply to review"),
        (&["moves", "--variant", "six", "--flying", "on"], "six men's morris never flies"),
        (&["match", "easy", "medium", "--games", "1", "--hash", "16"], "--hash does not apply to match"),
        (&["bestmove", "--level", "medium", "--hash", "16"], "--hash is for hard and master, not medium"),
        (&["bestmove", "--level", "master", "--hash", "0"], "a table of 0 MB: it takes 1 to 4096 MB"),
        (&["bestmove", "--level", "master", "--hash", "-1"], "--hash: '-1' is not a valid number"),
    ];
    for (args, expected) in cases {
        let e = dokuz(args).unwrap_err();
        assert!(e.contains(expected), "{args:?}: {e}");
    }
    let e = dokuz(&["moves", "--seed", "1", "--seed", "2"]).unwrap_err();
    assert!(e.contains("given twice"), "{e}");
    // what does apply still works
    assert_eq!(dokuz(&["moves", "--variant", "six", "--flying", "off"]).expect("moves").len(), 16);
}

#[test]
fn impossible_positions_say_why() {
    let cases: [(&str, &str, &str); 6] = [
        ("nine", "W:a7,d7,g7,a4 B:a1,d1,g1 w 0 0 51", "the game is drawn at 50"),
        ("twelve", &full_twelve("b 0 0 0"), "full board"),
        ("twelve", &full_twelve("w 0 0 3"), "full board"),
        ("nine", "W:a7,d7,g7 B:a1,d1,g1 w +5 +5", "is not a number"),
        ("nine", "W:a7,,d7 B:a1,d1,g1 w", "an empty entry"),
        ("nine", "W:a7,d7, B:a1,d1,g1 w", "an empty entry"),
    ];
    for (variant, position, expected) in cases {
        let e = dokuz(&["status", "--variant", variant, "--position", position]).unwrap_err();
        assert!(e.contains(expected), "{position}: {e}");
    }
    // the possible ones next to them
    assert_eq!(
        dokuz(&["status", "--position", "W:a7,d7,g7,a4 B:a1,d1,g1 w 0 0 50"]).unwrap(),
        ["draw: 50 moves without a capture"]
    );
    let drawn = dokuz(&["status", "--variant", "twelve", "--position", &full_twelve("w 0 0 0")]).expect("a full board");
    assert!(drawn[0].starts_with("draw"), "{drawn:?}");
}

/// Twelve men's board with every point taken, twelve pieces each, and `rest` after it.
fn full_twelve(rest: &str) -> String {
    let board = dokuz_tas::rules::VariantKind::Twelve.variant();
    let mut names: Vec<String> = board.points.iter().map(|p| p.name.clone()).collect();
    names.sort();
    let (white, black) = names.split_at(12);
    format!("W:{} B:{} {rest}", white.join(","), black.join(","))
}

#[test]
fn no_move_and_a_level_against_itself_are_said_plainly() {
    // a finished game has no best move: exit code 1 (bad input is 2)
    let out = binary(&[
        "bestmove".as_ref(),
        "--level".as_ref(),
        "easy".as_ref(),
        "--position".as_ref(),
        "W:a7,d7,g7 B:a1,d1 b".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the game is over"));
    let bad = binary(&["bestmove".as_ref(), "--level".as_ref(), "grandmaster".as_ref()]);
    assert_eq!(bad.status.code(), Some(2));
    // easy against easy: the two are told apart
    let lines = dokuz(&["match", "easy", "easy", "--games", "2", "--seed", "1"]).expect("a match");
    let last = lines.last().expect("the score");
    assert!(last.starts_with("easy A wins ") && last.contains(", easy B wins "), "{last}");
}
