//! The `dokuz` tool's rules commands, through `cli::run` and once through the binary.

use std::process::Command;

mod common;
use common::dokuz;

const EXAMPLE: &str = "W:a7,d7,f2 B:a1,d1,e4 w";

#[test]
fn moves_from_the_start() {
    let mut lines = dokuz(&["moves"]).unwrap();
    assert_eq!(lines.len(), 24);
    lines.sort();
    let board = dokuz_tas::rules::VariantKind::Nine.variant();
    let mut points: Vec<String> = board.points.iter().map(|p| p.name.clone()).collect();
    points.sort();
    assert_eq!(lines, points);

    assert_eq!(dokuz(&["moves", "--variant", "six"]).unwrap().len(), 16);
    assert_eq!(dokuz(&["moves", "--variant", "twelve"]).unwrap().len(), 24);
    assert_eq!(dokuz(&["moves", "--moves", "d6 d2"]).unwrap().len(), 22);
}

#[test]
fn moves_of_the_worked_example() {
    let lines = dokuz(&["moves", "--position", EXAMPLE]).unwrap();
    for m in ["f2-g7xa1", "f2-g7xd1", "f2-g7xe4", "f2-c4", "a7-g1"] {
        assert!(lines.iter().any(|l| l == m), "{m} missing from {lines:?}");
    }
    assert!(!lines.iter().any(|l| l == "f2-g7"));
    let off = dokuz(&["moves", "--position", EXAMPLE, "--flying", "off"]).unwrap();
    let mut off_sorted = off;
    off_sorted.sort();
    assert_eq!(off_sorted, ["a7-a4", "d7-d6", "d7-g7", "f2-d2", "f2-f4"]);
}

#[test]
fn status() {
    assert_eq!(dokuz(&["status"]).unwrap(), ["ongoing"]);
    assert_eq!(
        dokuz(&["status", "--position", EXAMPLE, "--moves", "f2-g7xd1"]).unwrap(),
        ["white wins: Black has only two pieces left"]
    );
    assert_eq!(
        dokuz(&["status", "--position", "W:a7,b2,f6,e3 B:g1,b4,d5,f2 w 0 0 49", "--moves", "a7-d7"]).unwrap(),
        ["draw: 50 moves without a capture"]
    );
    assert_eq!(
        dokuz(&["status", "--position", "W:d7,a4,d1,f4 B:a7,a1,g7,g1 w", "--moves", "f4-g4"]).unwrap(),
        ["white wins: Black has no legal move"]
    );
}

#[test]
fn perft() {
    assert_eq!(dokuz(&["perft", "3"]).unwrap(), ["12144"]);
    assert_eq!(dokuz(&["perft", "3", "--variant", "six"]).unwrap(), ["3360"]);
    assert_eq!(dokuz(&["perft", "1", "--position", EXAMPLE]).unwrap(), ["56"]);
    assert!(dokuz(&["perft"]).unwrap_err().contains("depth"));
    assert!(dokuz(&["perft", "x"]).unwrap_err().contains("'x'"));
}

#[test]
fn an_illegal_move_names_the_move_and_its_number() {
    let e = dokuz(&["status", "--moves", "d6 d2 d6"]).unwrap_err();
    assert!(e.contains("move 3"), "{e}");
    assert!(e.contains("'d6'"), "{e}");
    assert!(e.contains("occupied"), "{e}");

    let e = dokuz(&["moves", "--moves", "d6 h9"]).unwrap_err();
    assert!(e.contains("move 2") && e.contains("'h9'"), "{e}");

    let e = dokuz(&["status", "--position", EXAMPLE, "--moves", "f2-g7"]).unwrap_err();
    assert!(e.contains("move 1") && e.contains("'f2-g7'"), "{e}");
    assert!(e.contains("name the piece to take"), "{e}");
}

#[test]
fn bad_arguments() {
    assert!(dokuz(&[]).unwrap_err().contains("--help"));
    assert!(dokuz(&["moves", "--variant", "seven"]).unwrap_err().contains("seven"));
    assert!(dokuz(&["moves", "--flying", "maybe"]).unwrap_err().contains("maybe"));
    assert!(dokuz(&["moves", "--bogus"]).unwrap_err().contains("--bogus"));
    assert!(dokuz(&["moves", "extra"]).unwrap_err().contains("extra"));
    let e = dokuz(&["moves", "--position", "W:a7,a7 B:a1,d1,e4 w"]).unwrap_err();
    assert!(e.contains("a7") && e.contains("more than once"), "{e}");
    let e = dokuz(&["status", "--position", "W: B: w 20 20"]).unwrap_err();
    assert!(e.contains("20"), "{e}");
}

#[test]
fn help() {
    for flag in ["--help", "-h", "help"] {
        let lines = dokuz(&[flag]).unwrap();
        assert!(lines.iter().any(|l| l.contains("USAGE")));
        assert!(lines.iter().any(|l| l.contains("dokuz perft N")));
        assert!(lines.iter().any(|l| l.contains("EXIT STATUS")));
    }
}

#[test]
fn the_binary_exits_with_2_on_an_illegal_move() {
    let out = Command::new(env!("CARGO_BIN_EXE_dokuz")).args(["status", "--moves", "d6 d2 d6"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("dokuz: "), "{err}");
    assert!(err.contains("move 3") && err.contains("'d6'"), "{err}");

    // A position with absurd hands is refused the same way (it used to panic).
    let out =
        Command::new(env!("CARGO_BIN_EXE_dokuz")).args(["status", "--position", "W: B: w 20 20"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("White has 20 pieces"), "{err}");

    let out = Command::new(env!("CARGO_BIN_EXE_dokuz")).args(["status", "--moves", "d6 d2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "ongoing\n");
}
