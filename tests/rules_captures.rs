//! Mills and captures: protection of pieces in mills, one capture per move even for a
//! double mill, and the errors of a wrong or missing capture.

use dokuz_tas::rules::position::NO_POINT;
use dokuz_tas::rules::{Colour, Game, Illegal, MoveError, NotationError, Rules, Status, VariantKind};

fn nine(text: &str) -> Game {
    Game::from_text(Rules::new(VariantKind::Nine), Some(text)).unwrap()
}

fn point(g: &Game, name: &str) -> u8 {
    g.board().parse_point(name).unwrap()
}

/// The sorted names of the pieces that the legal moves with step `step` (`g1`, `g4-g1`)
/// may take; each of those moves must take one.
fn victims_of(g: &Game, step: &str) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| g.move_text(m.with_capture(NO_POINT)) == step)
        .map(|m| {
            let c = m.captured_point().expect("this move closes a mill");
            g.board().point_name(c).to_string()
        })
        .collect();
    v.sort();
    v
}

fn illegal(g: &mut Game, text: &str) -> Illegal {
    let before = g.clone();
    let err = g.play_text(text).unwrap_err();
    assert_eq!(g, &before, "a refused move leaves the game unchanged");
    match err {
        MoveError::Illegal { text: t, why } => {
            assert_eq!(t, text);
            why
        }
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn pieces_in_a_mill_are_protected() {
    // Black's a7-d7-g7 is a mill; b6 stands alone. White closes a1-d1-g1 by placing g1.
    let mut g = nine("W:a1,d1 B:a7,d7,g7,b6 w 3 3");
    assert_eq!(victims_of(&g, "g1"), ["b6"]);
    for protected in ["a7", "d7", "g7"] {
        let p = point(&g, protected);
        assert_eq!(illegal(&mut g, &format!("g1x{protected}")), Illegal::CaptureProtected(p));
    }
    g.play_text("g1xb6").unwrap();
    assert_eq!(g.position().pieces(Colour::Black), 3 + 3);
    assert_eq!(g.position().board[Colour::Black.index()].count_ones(), 3);
}

#[test]
fn when_every_piece_is_in_a_mill_any_may_be_taken() {
    // Two black mills sharing g7: every black piece on the board stands in a mill.
    let mut g = nine("W:a1,d1,b2 B:a7,d7,g7,g4,g1 w 2 2");
    // g1 is black, so White cannot close a1-d1-g1; close b2-d2-f2 over two moves instead.
    g.play_text("d2").unwrap();
    g.play_text("c4").unwrap();
    // Black's c4 is outside every mill: only it may be taken.
    assert_eq!(victims_of(&g, "f2"), ["c4"]);

    let mut g = nine("W:a1,d1,b2,d2 B:a7,d7,g7,g4,g1 w 1 1");
    assert_eq!(
        victims_of(&g, "f2"),
        ["a7", "d7", "g1", "g4", "g7"],
        "every black piece is in a mill, so every one may be taken"
    );
    g.play_text("f2xg7").unwrap();
    assert_eq!(g.position().board[Colour::Black.index()].count_ones(), 4);
}

#[test]
fn pieces_in_hand_do_not_count_as_outside_mills() {
    // Black has pieces in hand but every black piece on the board is in a mill.
    let g = nine("W:a1,d1 B:a7,d7,g7 w 5 5");
    assert_eq!(victims_of(&g, "g1"), ["a7", "d7", "g7"]);
}

#[test]
fn closing_two_mills_at_once_takes_one_piece() {
    // Placing a1 closes a1-d1-g1 and a1-a4-a7 together.
    let mut g = nine("W:d1,g1,a4,a7 B:b6,d6,e4,c3 w 3 3");
    let a1 = point(&g, "a1");
    let to_a1: Vec<_> = g.legal_moves().iter().copied().filter(|m| m.to == a1).collect();
    assert_eq!(to_a1.len(), 4, "one move per black piece, not per pair of pieces");
    assert!(to_a1.iter().all(|m| m.captures() && m.is_placement()));
    assert_eq!(victims_of(&g, "a1"), ["b6", "c3", "d6", "e4"]);

    // Two captures in one move text is a parse error, whatever the position.
    let before = g.clone();
    assert_eq!(
        g.play_text("a1xb6xd6").unwrap_err(),
        MoveError::Notation(NotationError::TwoCaptures("a1xb6xd6".into()))
    );
    assert_eq!(g, before);

    g.play_text("a1xb6").unwrap();
    let pos = g.position();
    assert_eq!(pos.board[Colour::Black.index()].count_ones(), 3);
    assert_eq!(pos.pieces(Colour::Black), 6);
}

#[test]
fn reclosing_an_opened_mill_is_a_new_mill() {
    let mut g = nine("W:a1,d1,g1,b4 B:a7,d7,f6,e5 w");
    g.play_text("g1-g4").unwrap(); // opens the mill
    g.play_text("f6-f4").unwrap();
    let mut back = g.clone();
    assert_eq!(illegal(&mut back, "g4-g1"), Illegal::CaptureRequired);
    assert_eq!(victims_of(&g, "g4-g1"), ["a7", "d7", "e5", "f4"]);
    g.play_text("g4-g1xf4").unwrap();
    assert_eq!(g.position().quiet_plies, 0);
    assert_eq!(g.position().board[Colour::Black.index()].count_ones(), 3);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn a_slide_closing_two_mills_takes_one_piece() {
    // In nine every neighbour of a point lies on one of its two mills, so a slide cannot
    // close two mills; in twelve a1 has three mills and b2-a1 closes a1-d1-g1 and
    // a1-a4-a7 together.
    let mut g = Game::from_text(Rules::new(VariantKind::Twelve), Some("W:d1,g1,a4,a7,b2 B:b6,d6,f6,e4,c5 w")).unwrap();
    // b6-d6-f6 is a black mill: only e4 and c5 may be taken.
    assert_eq!(victims_of(&g, "b2-a1"), ["c5", "e4"]);
    let b6 = point(&g, "b6");
    assert_eq!(illegal(&mut g, "b2-a1xb6"), Illegal::CaptureProtected(b6));
    assert_eq!(
        g.play_text("b2-a1xe4xc5").unwrap_err(),
        MoveError::Notation(NotationError::TwoCaptures("b2-a1xe4xc5".into()))
    );
    g.play_text("b2-a1xe4").unwrap();
    assert_eq!(g.position().board[Colour::Black.index()].count_ones(), 4);
}

#[test]
fn a_placement_closing_three_mills_takes_one_piece() {
    // Twelve: placing a1 closes a1-d1-g1, a1-a4-a7 and the diagonal a1-b2-c3 at once.
    let mut g = Game::from_text(Rules::new(VariantKind::Twelve), Some("W:d1,g1,b2,c3,a4,a7 B:b6,d6,f6,e4,e5,c4 w 6 6"))
        .unwrap();
    // b6-d6-f6 is a black mill; e4, e5 and c4 stand in none.
    assert_eq!(victims_of(&g, "a1"), ["c4", "e4", "e5"]);
    g.play_text("a1xc4").unwrap();
    assert_eq!(g.position().board[Colour::Black.index()].count_ones(), 5);
    assert_eq!(g.position().pieces(Colour::Black), 11);
}

#[test]
fn a_mill_closing_move_must_name_its_capture() {
    let mut g = nine("W:a1,d1 B:a7,d7,g7,b6 w 3 3");
    assert_eq!(illegal(&mut g, "g1"), Illegal::CaptureRequired);
    // Sliding phase too.
    let mut g = nine("W:a1,d1,g4,b2 B:a7,d7,f6,e5 w");
    assert_eq!(illegal(&mut g, "g4-g1"), Illegal::CaptureRequired);
}

#[test]
fn a_capture_without_a_mill_is_refused() {
    let mut g = nine("W:a1,d1 B:a7,d7,g7,b6 w 3 3");
    assert_eq!(illegal(&mut g, "c5xb6"), Illegal::NoMill);
    let mut g = nine("W:a1,d1,g4,b2 B:a7,d7,f6,e5 w");
    assert_eq!(illegal(&mut g, "b2-b4xe5"), Illegal::NoMill);
}

#[test]
fn only_an_opponent_piece_can_be_taken() {
    let mut g = nine("W:a1,d1,b2 B:a7,d7,g7,b6 w 2 2");
    let a1 = point(&g, "a1");
    let c5 = point(&g, "c5");
    assert_eq!(illegal(&mut g, "g1xa1"), Illegal::CaptureNotOpponent(a1));
    assert_eq!(illegal(&mut g, "g1xc5"), Illegal::CaptureNotOpponent(c5));
}
