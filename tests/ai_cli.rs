//! The computer opponent's commands of the `dokuz` tool, through `cli::run`: `bestmove`
//! prints a legal move on its last line (after depth lines with `--verbose`), `match`
//! prints a line per game and the score.

use dokuz_tas::rules::{Game, Rules, VariantKind};

mod common;
use common::dokuz;

const EXAMPLE: &str = "W:a7,d7,f2 B:a1,d1,e4 w";
const MIDGAME: &str = "W:a1,a4,b6,d2,d6,e4,f4 B:a7,d1,d7,e3,f6,g4,g7 w 2 2 0";

/// The move text `text` is legal in `game`.
fn assert_legal(game: &Game, text: &str) {
    let mut g = game.clone();
    g.play_text(text).unwrap_or_else(|e| panic!("'{text}' is not legal: {e}"));
}

#[test]
fn bestmove_prints_a_legal_move_for_every_level() {
    let example = Game::from_text(Rules::new(VariantKind::Nine), Some(EXAMPLE)).unwrap();
    let midgame = Game::from_text(Rules::new(VariantKind::Nine), Some(MIDGAME)).unwrap();
    for level in ["easy", "medium", "hard", "master"] {
        let lines =
            dokuz(&["bestmove", "--level", level, "--position", EXAMPLE, "--seed", "5", "--time-ms", "100"]).unwrap();
        assert_eq!(lines.len(), 1, "{level}: {lines:?}");
        let best = lines.last().unwrap();
        assert_legal(&example, best);
        assert!(best.starts_with("f2-g7x"), "{level}: {best}");

        let lines =
            dokuz(&["bestmove", "--level", level, "--position", MIDGAME, "--seed", "5", "--time-ms", "100"]).unwrap();
        assert_legal(&midgame, lines.last().unwrap());
    }
}

#[test]
fn bestmove_plays_the_moves_first() {
    // From the start after d6 d2: the move is White's, legal after those two.
    let lines = dokuz(&["bestmove", "--level", "medium", "--moves", "d6 d2", "--seed", "1"]).unwrap();
    let mut g = Game::new(Rules::new(VariantKind::Nine));
    g.play_text("d6").unwrap();
    g.play_text("d2").unwrap();
    assert_legal(&g, lines.last().unwrap());
}

#[test]
fn bestmove_in_every_variant() {
    for (variant, flying) in [("nine", "off"), ("six", "off"), ("five", "off"), ("twelve", "on")] {
        for level in ["easy", "medium", "hard"] {
            let lines = dokuz(&[
                "bestmove",
                "--level",
                level,
                "--variant",
                variant,
                "--flying",
                flying,
                "--seed",
                "2",
                "--time-ms",
                "50",
            ])
            .unwrap();
            let kind = VariantKind::from_name(variant).unwrap();
            let g = Game::new(Rules::with_flying(kind, flying == "on"));
            assert_legal(&g, lines.last().unwrap());
        }
    }
}

#[test]
fn bestmove_verbose_prints_the_iterations_first() {
    let lines = dokuz(&["bestmove", "--level", "medium", "--position", MIDGAME, "--seed", "3", "--verbose"]).unwrap();
    let midgame = Game::from_text(Rules::new(VariantKind::Nine), Some(MIDGAME)).unwrap();
    // Medium looks four plies ahead: depths 1 to 4, then the move.
    assert_eq!(lines.len(), 5, "{lines:?}");
    for (i, line) in lines[..4].iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], "depth", "{line}");
        assert_eq!(words[1], (i + 1).to_string(), "{line}");
        assert_eq!(words[2], "score", "{line}");
        words[3].parse::<i32>().expect("a score");
        assert_eq!(words[4], "nodes", "{line}");
        words[5].parse::<u64>().expect("a node count");
        assert_eq!(words[6], "time", "{line}");
        words[7].parse::<u64>().expect("milliseconds");
        assert_eq!(words[8], "ms", "{line}");
        assert_eq!(words[9], "pv", "{line}");
        // The principal variation starts with a legal move.
        assert_legal(&midgame, words[10]);
    }
    assert_legal(&midgame, lines.last().unwrap());

    // Easy does not search: no depth lines.
    let lines = dokuz(&["bestmove", "--level", "easy", "--position", MIDGAME, "--seed", "3", "--verbose"]).unwrap();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_legal(&midgame, &lines[0]);

    // Hard with a short time still prints at least one depth line.
    let lines =
        dokuz(&["bestmove", "--level", "hard", "--position", MIDGAME, "--seed", "3", "--verbose", "--time-ms", "50"])
            .unwrap();
    assert!(lines.len() >= 2, "{lines:?}");
    assert!(lines[..lines.len() - 1].iter().all(|l| l.starts_with("depth ")));
    assert_legal(&midgame, lines.last().unwrap());
}

#[test]
fn bestmove_errors() {
    let e = dokuz(&["bestmove", "--position", EXAMPLE]).unwrap_err();
    assert!(e.contains("--level"), "{e}");
    let e = dokuz(&["bestmove", "--level", "grandmaster"]).unwrap_err();
    assert!(e.contains("grandmaster"), "{e}");
    // A finished game has no move.
    let e = dokuz(&["bestmove", "--level", "easy", "--position", EXAMPLE, "--moves", "f2-g7xa1"]).unwrap_err();
    assert!(e.contains("game is over"), "{e}");
    // A depth is for the timed levels, at least 1, and not with a time.
    let e = dokuz(&["bestmove", "--level", "medium", "--depth", "3"]).unwrap_err();
    assert!(e.contains("--depth") && e.contains("medium"), "{e}");
    let e = dokuz(&["bestmove", "--level", "hard", "--depth", "0"]).unwrap_err();
    assert!(e.contains("at least 1"), "{e}");
    let e = dokuz(&["bestmove", "--level", "hard", "--depth", "three"]).unwrap_err();
    assert!(e.contains("'three'"), "{e}");
    let e = dokuz(&["bestmove", "--level", "master", "--depth", "3", "--time-ms", "100"]).unwrap_err();
    assert!(e.contains("not both"), "{e}");
    let e = dokuz(&["bestmove", "--level", "master", "--threads", "0"]).unwrap_err();
    assert!(e.contains("--threads") && e.contains("at least 1"), "{e}");
    // one thread at a fixed depth: a move, the same as without the cap
    let one =
        dokuz(&["bestmove", "--level", "master", "--depth", "4", "--seed", "3", "--threads", "1"]).expect("a move");
    let any = dokuz(&["bestmove", "--level", "master", "--depth", "4", "--seed", "3"]).expect("a move");
    assert_eq!(one.last(), any.last());
}

#[test]
fn bestmove_depth_searches_exactly_that_deep_and_repeats_itself() {
    // Every iteration line but its time: the rest is the same on a second run.
    let untimed = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .map(|l| l.split(" time ").next().unwrap_or("").to_string() + l.split(" ms").nth(1).unwrap_or(""))
            .collect()
    };
    for level in ["hard", "master"] {
        let args = ["bestmove", "--level", level, "--depth", "7", "--seed", "5", "--verbose", "--position", MIDGAME];
        let lines = dokuz(&args).unwrap();
        assert_eq!(lines.len(), 8, "depths 1 to 7 and the move: {lines:?}");
        assert!(lines[6].starts_with("depth 7 score "), "{lines:?}");
        let midgame = Game::from_text(Rules::new(VariantKind::Nine), Some(MIDGAME)).unwrap();
        assert_legal(&midgame, &lines[7]);
        assert_eq!(untimed(&dokuz(&args).unwrap()), untimed(&lines), "{level}");
    }
}

/// The parts of the last line of `match a b`: (a's wins, b's wins, draws).
fn score_line(line: &str, a: &str, b: &str) -> (u32, u32, u32) {
    let parts: Vec<&str> = line.split(", ").collect();
    assert_eq!(parts.len(), 3, "{line}");
    let number = |part: &str, prefix: &str| -> u32 {
        part.strip_prefix(prefix)
            .unwrap_or_else(|| panic!("'{part}' does not start with '{prefix}' in '{line}'"))
            .parse()
            .unwrap_or_else(|_| panic!("not a number in '{line}'"))
    };
    (number(parts[0], &format!("{a} wins ")), number(parts[1], &format!("{b} wins ")), number(parts[2], "draws "))
}

#[test]
fn match_easy_easy_prints_each_game_and_the_score() {
    let lines = dokuz(&["match", "easy", "easy", "--games", "2", "--seed", "1"]).unwrap();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("game 1: easy (white) vs easy (black): "), "{}", lines[0]);
    assert!(lines[1].starts_with("game 2: easy (white) vs easy (black): "), "{}", lines[1]);
    for line in &lines[..2] {
        assert!(line.contains(" after ") && line.ends_with(" moves"), "{line}");
        assert!(line.contains(" wins: ") || line.contains(": draw: "), "a finished game: {line}");
    }
    let (x, y, z) = score_line(&lines[2], "easy A", "easy B");
    assert_eq!(x + y + z, 2, "{}", lines[2]);
    // The same seed plays the same games.
    assert_eq!(dokuz(&["match", "easy", "easy", "--games", "2", "--seed", "1"]).unwrap(), lines);
}

#[test]
fn match_swaps_colours_and_counts_per_level() {
    // Medium against Easy on the small board: colours alternate, and the score counts
    // by level, not by colour.
    let lines = dokuz(&["match", "medium", "easy", "--games", "2", "--seed", "4", "--variant", "five"]).unwrap();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("game 1: medium (white) vs easy (black): "));
    assert!(lines[1].starts_with("game 2: easy (white) vs medium (black): "));
    let (medium, easy, draws) = score_line(&lines[2], "medium", "easy");
    assert_eq!(medium + easy + draws, 2);
    // Each game line agrees with the score.
    let mut counted = (0, 0, 0);
    for (n, line) in lines[..2].iter().enumerate() {
        let medium_white = n == 0;
        if line.contains("white wins") {
            if medium_white { counted.0 += 1 } else { counted.1 += 1 }
        } else if line.contains("black wins") {
            if medium_white { counted.1 += 1 } else { counted.0 += 1 }
        } else {
            counted.2 += 1;
        }
    }
    assert_eq!((medium, easy, draws), counted, "{lines:?}");
}

#[test]
fn match_errors() {
    assert!(dokuz(&["match", "easy"]).unwrap_err().contains("two levels"));
    assert!(dokuz(&["match", "easy", "easy"]).unwrap_err().contains("--games"));
    assert!(
        dokuz(&["match", "easy", "easy", "--games", "1", "--position", EXAMPLE])
            .unwrap_err()
            .contains("start position")
    );
}

/// `bestmove --hash MB` sizes Master's table: 64 MB is its own size and searches exactly as
/// without the option; a 1 MB table, too small for this search, searches more nodes.
#[test]
fn bestmove_hash_sizes_the_table() {
    let nodes_and_move = |hash: &[&str]| {
        let args = [
            &["bestmove", "--level", "master", "--threads", "1", "--depth", "11", "--seed", "5", "--verbose"],
            &["--moves", "d6 d2 f4 b4"][..],
            hash,
        ]
        .concat();
        let lines = dokuz(&args).unwrap();
        let last_depth = lines.iter().rev().find(|l| l.starts_with("depth 11 ")).expect("depth 11").clone();
        let nodes: u64 = last_depth
            .split_whitespace()
            .skip_while(|&w| w != "nodes")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .expect("nodes");
        (nodes, lines.last().cloned())
    };
    let own = nodes_and_move(&[]);
    assert_eq!(nodes_and_move(&["--hash", "64"]), own);
    let small = nodes_and_move(&["--hash", "1"]);
    assert!(small.0 > own.0, "a 1 MB table searched {} nodes, Master's own {}", small.0, own.0);
}
