//! The worked example of rules.md: `W:a7,d7,f2 B:a1,d1,e4 w` with flying.

use dokuz_tas::rules::{Colour, Game, Illegal, MoveError, Rules, Status, VariantKind, WinReason, notation};

const EXAMPLE: &str = "W:a7,d7,f2 B:a1,d1,e4 w";
const EXAMPLE_BLACK: &str = "W:a7,d7,f2 B:a1,d1,e4 b";

fn game(text: &str) -> Game {
    let rules = Rules::new(VariantKind::Nine);
    assert!(rules.flying, "flying is on by default in nine");
    Game::from_text(rules, Some(text)).unwrap()
}

/// The text of every legal move that takes a piece.
fn capturing_moves(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().filter(|m| m.captures()).map(|&m| g.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn white_to_move_closes_the_mill_with_f2_g7() {
    let g = game(EXAMPLE);
    assert_eq!(g.status(), Status::Ongoing);
    // White has three pieces: every empty point is reachable from each of them.
    let empty = 24 - 6;
    assert_eq!(g.legal_moves().len(), 3 * empty - 1 + 3);
    assert_eq!(
        capturing_moves(&g),
        ["f2-g7xa1", "f2-g7xd1", "f2-g7xe4"],
        "the only mill is a7-d7-g7, and every black piece may be taken"
    );
}

#[test]
fn every_capture_after_f2_g7_wins_for_white() {
    let base = game(EXAMPLE);
    for victim in ["a1", "d1", "e4"] {
        let mut g = base.clone();
        let text = format!("f2-g7x{victim}");
        let m = g.play_text(&text).unwrap();
        assert_eq!(g.move_text(m), text);
        let pos = g.position();
        assert_eq!(pos.side, Colour::Black);
        assert_eq!(pos.pieces(Colour::Black), 2, "{text}");
        assert_eq!(pos.pieces(Colour::White), 3, "{text}");
        assert_eq!(g.status(), Status::Win { winner: Colour::White, reason: WinReason::TwoPieces }, "{text}");
        assert_eq!(g.status().to_string(), "white wins: Black has only two pieces left");
        assert!(g.legal_moves().is_empty());
        // The game is over: nothing more can be played.
        let before = g.clone();
        assert_eq!(
            g.play_text("a1-b2").unwrap_err(),
            MoveError::Illegal { text: "a1-b2".into(), why: Illegal::GameOver }
        );
        assert_eq!(g, before);
    }
}

#[test]
fn f2_g7_must_name_its_capture() {
    let mut g = game(EXAMPLE);
    let before = g.clone();
    assert_eq!(
        g.play_text("f2-g7").unwrap_err(),
        MoveError::Illegal { text: "f2-g7".into(), why: Illegal::CaptureRequired }
    );
    assert_eq!(g, before);
}

#[test]
fn black_to_move_wins_with_e4_g1() {
    let base = game(EXAMPLE_BLACK);
    assert_eq!(base.status(), Status::Ongoing);
    assert_eq!(capturing_moves(&base), ["e4-g1xa7", "e4-g1xd7", "e4-g1xf2"], "the only mill is a1-d1-g1");
    for victim in ["a7", "d7", "f2"] {
        let mut g = base.clone();
        g.play_text(&format!("e4-g1x{victim}")).unwrap();
        assert_eq!(g.position().pieces(Colour::White), 2);
        assert_eq!(g.status(), Status::Win { winner: Colour::Black, reason: WinReason::TwoPieces });
        assert_eq!(g.status().to_string(), "black wins: White has only two pieces left");
    }
}

#[test]
fn without_flying_neither_winning_move_exists() {
    let rules = Rules::with_flying(VariantKind::Nine, false);
    for (text, mv) in [(EXAMPLE, "f2-g7xa1"), (EXAMPLE_BLACK, "e4-g1xa7")] {
        let mut g = Game::from_text(rules, Some(text)).unwrap();
        assert!(capturing_moves(&g).is_empty(), "{text}");
        let err = g.play_text(mv).unwrap_err();
        assert_eq!(err, MoveError::Illegal { text: mv.into(), why: Illegal::FlyingOff });
    }
}

#[test]
fn the_example_text_round_trips() {
    let g = game(EXAMPLE);
    assert_eq!(g.position_text(), "W:a7,d7,f2 B:a1,d1,e4 w 0 0 0");
    let board = g.board();
    let parsed = notation::parse_position(board, &g.position_text()).unwrap();
    assert_eq!(&parsed, g.position());
}
