//! Move text and position text: every kind of mistake gives its own error, with a message
//! that names the problem, and a failed move leaves the game as it was.

use dokuz_tas::rules::notation::{MoveSyntax, parse_move, parse_position};
use dokuz_tas::rules::{Colour, Game, MoveError, NotationError, PositionError, Rules, VariantKind};

fn nine_board() -> &'static dokuz_tas::rules::Variant {
    VariantKind::Nine.variant()
}

fn move_err(kind: VariantKind, text: &str) -> NotationError {
    parse_move(kind.variant(), text).unwrap_err()
}

fn pos_err(kind: VariantKind, text: &str) -> PositionError {
    match parse_position(kind.variant(), text) {
        Ok(p) => panic!("'{text}' parsed as {p:?}"),
        Err(e) => e,
    }
}

/// Asserts that `err`'s message contains every one of `words`.
fn says(err: &impl std::fmt::Display, words: &[&str]) {
    let msg = err.to_string();
    for w in words {
        assert!(msg.contains(w), "'{msg}' does not mention '{w}'");
    }
}

#[test]
fn good_move_text() {
    let b = nine_board();
    let p = |n: &str| b.parse_point(n).unwrap();
    let ok = |t: &str| parse_move(b, t).unwrap();
    assert_eq!(ok("d6"), MoveSyntax { from: None, to: p("d6"), capture: None });
    assert_eq!(ok("a1-a4"), MoveSyntax { from: Some(p("a1")), to: p("a4"), capture: None });
    assert_eq!(ok("d6xd7"), MoveSyntax { from: None, to: p("d6"), capture: Some(p("d7")) });
    assert_eq!(ok(" a1-a4xd7 "), MoveSyntax { from: Some(p("a1")), to: p("a4"), capture: Some(p("d7")) });
}

#[test]
fn unknown_points() {
    use VariantKind::*;
    for (kind, text, point) in [
        (Nine, "h1", "h1"),
        (Nine, "a8", "a8"),
        (Nine, "a0", "a0"),
        (Nine, "d4", "d4"), // the centre is no point
        (Nine, "b7", "b7"),
        (Nine, "A1", "A1"),
        (Nine, "a1-h1", "h1"),
        (Nine, "z9-a1", "z9"),
        (Nine, "d6xq2", "q2"),
        (Six, "a7", "a7"),
        (Six, "f1", "f1"),
        (Six, "c3", "c3"), // the centre of the 5x5 grid
        (Five, "g7", "g7"),
        (Twelve, "d4", "d4"),
    ] {
        let e = move_err(kind, text);
        assert_eq!(e, NotationError::UnknownPoint(point.into()), "{kind:?} {text}");
        says(&e, &[&format!("'{point}'"), "unknown point"]);
    }
}

#[test]
fn malformed_moves() {
    assert_eq!(move_err(VariantKind::Nine, ""), NotationError::Empty);
    assert_eq!(move_err(VariantKind::Nine, "   "), NotationError::Empty);
    says(&NotationError::Empty, &["empty"]);
    for text in ["a1-", "-a4", "d6x", "xd7", "a1-a4x", "-", "x", "a1-a4-a7", "a1--a4", "d6xd7-d5"] {
        let e = move_err(VariantKind::Nine, text);
        assert_eq!(e, NotationError::Malformed(text.into()), "{text}");
        says(&e, &[&format!("'{text}'"), "malformed"]);
    }
    let e = move_err(VariantKind::Nine, "d6xd7xa1");
    assert_eq!(e, NotationError::TwoCaptures("d6xd7xa1".into()));
    says(&e, &["'d6xd7xa1'", "one piece"]);
    assert_eq!(move_err(VariantKind::Nine, "a1-a4xd7xg7"), NotationError::TwoCaptures("a1-a4xd7xg7".into()));
}

#[test]
fn a_failed_move_leaves_the_game_unchanged() {
    let mut g = Game::new(Rules::new(VariantKind::Nine));
    for t in ["d6", "d2", "f4", "b4"] {
        g.play_text(t).unwrap();
    }
    g.undo().unwrap(); // something to redo, too
    let before = g.clone();
    for text in ["", "h1", "a1-", "d6xd7xa1", "d6", "a1-a4", "c5xd2"] {
        let err = g.play_text(text).unwrap_err();
        assert_eq!(g, before, "after '{text}' ({err})");
        assert!(g.can_redo());
    }
    // A failed play of a Move does not change it either.
    let m = g.legal_moves().as_slice()[0].with_capture(0);
    assert!(g.play(m).is_err());
    assert_eq!(g, before);
    // And the error says which move it was.
    match g.play_text("d6").unwrap_err() {
        e @ MoveError::Illegal { .. } => says(&e, &["'d6'", "occupied"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn good_position_text() {
    let b = nine_board();
    let full = parse_position(b, "W:a7,d7,f2 B:a1,d1,e4 w 0 0 0").unwrap();
    for text in [
        "W:a7,d7,f2 B:a1,d1,e4 w",
        "W:a7,d7,f2 B:a1,d1,e4 w 0",
        "W:a7,d7,f2 B:a1,d1,e4 w 0 0",
        "  W:f2,a7,d7   B:e4,d1,a1  w  ",
    ] {
        assert_eq!(parse_position(b, text).unwrap(), full, "{text}");
    }
    let p = parse_position(b, "W: B:a1 b 3 4").unwrap();
    assert_eq!(p.board[0], 0);
    assert_eq!(p.in_hand, [3, 4]);
    assert_eq!(p.side, Colour::Black);
    let p = parse_position(b, "W:a7,d7,f2 B:a1,d1,e4 b 0 0 17").unwrap();
    assert_eq!(p.quiet_plies, 17);
    assert_eq!(p.hash, p.compute_hash());
}

#[test]
fn malformed_positions() {
    use VariantKind::Nine;
    for (text, words) in [
        ("a7,d7,f2 B:a1,d1,e4 w", &["'W:'"][..]),
        ("B:a1,d1,e4 W:a7,d7,f2 w", &["'W:'"]),
        ("w:a7,d7,f2 B:a1,d1,e4 w", &["'W:'"]),
        ("W:a7,d7,f2 b:a1,d1,e4 w", &["'B:'"]),
        ("W:a7,d7,f2 a1,d1,e4 w", &["'B:'"]),
        ("W:a7,d7,f2 B:a1,d1,e4 x", &["'x'", "'w' or 'b'"]),
        ("W:a7,d7,f2 B:a1,d1,e4 white", &["'white'"]),
        ("W:a7,d7,f2 B:a1,d1,e4 W", &["'W'"]),
        ("W:a7,d7,f2 B:a1,d1,e4", &["2 fields"]),
        ("", &["0 fields"]),
        ("W:a7,d7,f2 B:a1,d1,e4 w 0 0 0 0", &["7 fields"]),
        ("W:a7,d7,f2 B:a1,d1,e4 w x 0 0", &["White's pieces in hand", "'x'", "not a number"]),
        ("W:a7,d7,f2 B:a1,d1,e4 w 0 y 0", &["Black's pieces in hand", "'y'"]),
        ("W:a7,d7,f2 B:a1,d1,e4 w 0 0 abc", &["since the last capture", "'abc'"]),
        ("W:a7,d7,f2 B:a1,d1,e4 w -1 -1 0", &["'-1'"]),
        ("W:a7,d7,f2 B:a1,d1,e4 w 0 0 1.5", &["'1.5'"]),
        ("W:a7,d7,f2 B:a1,d1,e4 w 0 0 99999", &["'99999'"]),
    ] {
        let e = pos_err(Nine, text);
        assert!(matches!(e, PositionError::Malformed(_)), "{text}: {e:?}");
        says(&e, words);
        says(&e, &["malformed position"]);
    }
}

#[test]
fn unknown_and_duplicate_points_in_positions() {
    use VariantKind::*;
    let e = pos_err(Nine, "W:a7,d7,h2 B:a1,d1,e4 w");
    assert_eq!(e, PositionError::UnknownPoint("h2".into()));
    says(&e, &["'h2'"]);
    assert_eq!(pos_err(Six, "W:a7,d7,f2 B:a1,d1,e4 w"), PositionError::UnknownPoint("a7".into()));

    let e = pos_err(Nine, "W:a7,d7,a7 B:a1,d1,e4 w");
    assert_eq!(e, PositionError::Duplicate("a7".into()));
    says(&e, &["a7", "more than once"]);
    // A point both white and black.
    let e = pos_err(Nine, "W:a7,d7,f2 B:a1,d1,f2 w");
    assert_eq!(e, PositionError::Duplicate("f2".into()));
    says(&e, &["f2", "more than once"]);
}

#[test]
fn too_many_pieces() {
    use VariantKind::*;
    let e = pos_err(Nine, "W:a1,a4,a7,d7,g7,g4,g1,d1,b2,b4 B:c5,e5,e3 w");
    assert_eq!(e, PositionError::TooManyPieces { colour: Colour::White, count: 10, max: 9 });
    says(&e, &["White", "10", "9"]);
    let e = pos_err(Nine, "W:a7,d7,f2 B:a1,d1,e4 w 7 7");
    assert_eq!(e, PositionError::TooManyPieces { colour: Colour::White, count: 10, max: 9 });
    let e = pos_err(Six, "W:a1,a3 B:a5,c5,e5,e3,e1,c1,b2 w");
    assert_eq!(e, PositionError::TooManyPieces { colour: Colour::Black, count: 7, max: 6 });
    says(&e, &["Black", "7", "6"]);
    // Hands larger than any variant's pieces.
    for kind in VariantKind::ALL {
        for hand in [13u32, 20, 255] {
            let text = format!("W: B: w {hand} {hand}");
            let e = pos_err(kind, &text);
            assert_eq!(
                e,
                PositionError::TooManyPieces { colour: Colour::White, count: hand, max: kind.variant().pieces },
                "{kind:?} {text}"
            );
        }
    }
}

#[test]
fn hands_out_of_turn() {
    use VariantKind::Nine;
    let e = pos_err(Nine, "W:a7,d7 B:a1,d1 w 3 2");
    assert_eq!(e, PositionError::HandsOutOfTurn { white: 3, black: 2, side: Colour::White });
    says(&e, &["White has 3", "Black 2", "White to move"]);
    assert_eq!(
        pos_err(Nine, "W:a7,d7 B:a1,d1 b 3 3"),
        PositionError::HandsOutOfTurn { white: 3, black: 3, side: Colour::Black }
    );
    assert_eq!(
        pos_err(Nine, "W:a7,d7 B:a1,d1 w 0 1"),
        PositionError::HandsOutOfTurn { white: 0, black: 1, side: Colour::White }
    );
    // The consistent ones parse.
    parse_position(nine_board(), "W:a7,d7 B:a1,d1 w 3 3").unwrap();
    parse_position(nine_board(), "W:a7,d7,g4 B:a1,d1 b 2 3").unwrap();
    parse_position(nine_board(), "W:a7,d7,g4 B:a1,d1,b4 b 0 1").unwrap();
}

#[test]
fn impossible_counts() {
    use VariantKind::Nine;
    let e = pos_err(Nine, "W:a7,d7 B:a1,d1 w 3 3 5");
    assert_eq!(e, PositionError::CountWhilePlacing(5));
    says(&e, &["5", "in hand"]);
    let e = pos_err(Nine, "W:a7,d7 B:a1,d1,e4 b");
    assert_eq!(e, PositionError::AlreadyLost(Colour::White));
    says(&e, &["White", "fewer than three"]);
}

#[test]
fn game_from_text_reports_the_same_errors() {
    let rules = Rules::new(VariantKind::Nine);
    assert_eq!(
        Game::from_text(rules, Some("W:a7,d7,a7 B:a1,d1,e4 w")).unwrap_err(),
        PositionError::Duplicate("a7".into())
    );
    assert_eq!(
        Game::from_text(rules, Some("W:a7,d7,f2 B:a1,d1,e4 q")).unwrap_err(),
        PositionError::Malformed("side to move 'q' must be 'w' or 'b'".into())
    );
    assert_eq!(Game::from_text(rules, None).unwrap(), Game::new(rules));
}
