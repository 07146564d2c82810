//! The review of a game: every move graded from the computer's side, on the worked example
//! of rules.md and on a game with a known blunder; the same from the command line.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use dokuz_tas::ai::Limits;
use dokuz_tas::ai::review::{Grade, review};
use dokuz_tas::rules::{Game, Rules, VariantKind};

fn game(position: &str, moves: &str) -> Game {
    let mut g = Game::from_text(Rules::new(VariantKind::Nine), Some(position)).expect("position");
    for m in moves.split_whitespace() {
        g.play_text(m).expect("a legal move");
    }
    g
}

fn limits() -> Limits {
    Limits { time: Some(Duration::from_millis(200)), ..Limits::default() }
}

#[test]
fn the_worked_example_s_winning_move_is_the_best() {
    let g = game("W:a7,d7,f2 B:a1,d1,e4 w", "f2-g7xa1");
    let stop = AtomicBool::new(false);
    let mut calls = Vec::new();
    let r = review(&g, limits(), &stop, &mut |done, total| calls.push((done, total)));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].grade, Grade::Best);
    assert_eq!(r[0].better, None);
    assert!(r[0].eval > 20_000, "White has won: {}", r[0].eval);
    assert_eq!(calls, [(1, 1)], "progress after each move");
}

/// Black to move in the worked example could win with e4-g1; e4-e5 lets White close the
/// mill a7-d7-g7 and win instead.
#[test]
fn a_move_that_lets_the_opponent_close_a_mill_and_win_is_a_blunder() {
    let g = game("W:a7,d7,f2 B:a1,d1,e4 b", "e4-e5 f2-g7xa1");
    let stop = AtomicBool::new(false);
    let r = review(&g, limits(), &stop, &mut |_, _| {});
    assert_eq!(r.len(), 2);
    assert!(r[0].grade.is_blunder(), "{:?}", r[0].grade);
    assert_eq!(r[0].grade, Grade::ThrowsWin, "Black had a proven win");
    let better = r[0].better.map(|m| g.move_text(m)).unwrap_or_default();
    assert!(better.starts_with("e4-g1x"), "the better move closes Black's mill: {better}");
    assert!(r[0].eval > 20_000, "after e4-e5 White wins: {}", r[0].eval);
    assert_eq!(r[1].grade, Grade::Best);
}

#[test]
fn a_raised_stop_flag_ends_the_review() {
    let g = game("W:a7,d7,f2 B:a1,d1,e4 b", "e4-e5 f2-g7xa1");
    let stop = AtomicBool::new(true);
    assert!(review(&g, limits(), &stop, &mut |_, _| {}).is_empty());
}

fn dokuz(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dokuz")).args(args).output().expect("dokuz");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn dokuz_review_prints_a_line_per_move() {
    let (ok, out, err) =
        dokuz(&["review", "--position", "W:a7,d7,f2 B:a1,d1,e4 b", "--moves", "e4-e5 f2-g7xa1", "--time-ms", "200"]);
    assert!(ok, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(&lines[0][..3], ["1", "e4-e5", "throws-away-the-win"]);
    assert!(lines[0][3].starts_with("e4-g1x"), "{out}");
    assert!(lines[0][4].starts_with("+M"), "{out}");
    assert_eq!(&lines[1][..4], ["2", "f2-g7xa1", "best", "-"]);
    for bad in [vec!["review"], vec!["review", "--moves", "d6", "--level", "hard"], vec!["review", "--moves", "d6 d6"]]
    {
        let (ok, _, err) = dokuz(&bad);
        assert!(!ok && !err.is_empty(), "{bad:?} should be an error");
    }
}
