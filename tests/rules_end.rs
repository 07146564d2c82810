//! The end of the game: two pieces, blocked, threefold repetition, 50 moves without a
//! capture, twelve's full board, and a win taking precedence over a draw.

use dokuz_tas::rules::{Colour, DrawReason, Game, Illegal, MoveError, Rules, Status, VariantKind, WinReason};

fn nine(text: &str) -> Game {
    Game::from_text(Rules::new(VariantKind::Nine), Some(text)).unwrap()
}

const WHITE_BLOCKS: Status = Status::Win { winner: Colour::White, reason: WinReason::Blocked };

/// Black's corners a7, a1, g7, g1 are shut in once White's f4 slides to g4.
const BLOCKING: &str = "W:d7,a4,d1,f4 B:a7,a1,g7,g1 w";

#[test]
fn a_blocked_player_loses() {
    let mut g = nine(BLOCKING);
    assert_eq!(g.status(), Status::Ongoing);
    g.play_text("f4-g4").unwrap();
    assert_eq!(g.status(), WHITE_BLOCKS);
    assert_eq!(g.status().to_string(), "white wins: Black has no legal move");
    assert!(g.legal_moves().is_empty());
    let err = g.play_text("a7-b6").unwrap_err();
    assert_eq!(err, MoveError::Illegal { text: "a7-b6".into(), why: Illegal::GameOver });
    // A blocked position given as text is already lost.
    let g = nine("W:d7,a4,d1,g4 B:a7,a1,g7,g1 b");
    assert_eq!(g.status(), WHITE_BLOCKS);
}

#[test]
fn a_flying_player_is_never_blocked() {
    let text = "W:d7,a4,d1,f4 B:a7,a1,g7 w";
    let mut g = nine(text);
    g.play_text("f4-g4").unwrap();
    assert_eq!(g.status(), Status::Ongoing, "Black flies with three pieces");
    assert!(!g.legal_moves().is_empty());
    // Without flying the same three pieces are stuck.
    let mut g = Game::from_text(Rules::with_flying(VariantKind::Nine, false), Some(text)).unwrap();
    g.play_text("f4-g4").unwrap();
    assert_eq!(g.status(), WHITE_BLOCKS);
    // Six never flies: blocked in the 16-point board's corners too.
    let mut six =
        Game::from_text(Rules::with_flying(VariantKind::Six, true), Some("W:c5,a3,c1,d3 B:a5,a1,e5 w")).unwrap();
    six.play_text("d3-e3").unwrap();
    assert_eq!(six.status(), WHITE_BLOCKS);
}

#[test]
fn two_pieces_lose_during_placing_too() {
    // Black has one piece on the board and two in hand: three in all.
    let mut g = nine("W:a1,d1,c5,e5 B:f4 w 2 2");
    assert_eq!(g.status(), Status::Ongoing);
    g.play_text("g1xf4").unwrap();
    let pos = g.position();
    assert_eq!((pos.board[1].count_ones(), pos.in_hand[1]), (0, 2));
    assert_eq!(g.status(), Status::Win { winner: Colour::White, reason: WinReason::TwoPieces });
    assert!(g.legal_moves().is_empty());
}

#[test]
fn threefold_repetition_is_a_draw() {
    // White a7<->d7, Black g1<->g4: four plies bring the start position back.
    let mut g = nine("W:a7,b2,f6,e3 B:g1,b4,d5,f2 w");
    assert_eq!(g.repetitions(), 1);
    let cycle = ["a7-d7", "g1-g4", "d7-a7", "g4-g1"];
    for (i, text) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(g.status(), Status::Ongoing, "before ply {}", i + 1);
        g.play_text(text).unwrap();
        if i == 3 {
            assert_eq!(g.repetitions(), 2, "second occurrence");
            assert_eq!(g.status(), Status::Ongoing, "the second occurrence is no draw");
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.status(), Status::Draw(DrawReason::Repetition));
    assert_eq!(g.status().to_string(), "draw: the same position occurred three times");
    assert!(g.legal_moves().is_empty());
    // Undo makes the draw go away again, redo brings it back.
    g.undo().unwrap();
    assert_eq!(g.status(), Status::Ongoing);
    g.redo().unwrap();
    assert_eq!(g.status(), Status::Draw(DrawReason::Repetition));
}

#[test]
fn repetition_needs_the_same_side_to_move() {
    // White flies a7 -> c5 -> g7 -> a7 while Black goes g1 -> g4 -> g1: after five plies
    // the board is the start board, but with Black to move.
    let mut g = nine("W:a7,b2,e3 B:g1,b4,d5,f2 w");
    let start = *g.position();
    for text in ["a7-c5", "g1-g4", "c5-g7", "g4-g1", "g7-a7"] {
        g.play_text(text).unwrap();
    }
    let pos = *g.position();
    assert_eq!(pos.board, start.board);
    assert_eq!(pos.side, Colour::Black);
    assert_ne!(pos.hash, start.hash);
    assert_eq!(g.repetitions(), 1);
    // Seven more plies bring back the start board with White to move.
    for text in ["g1-g4", "a7-c5", "g4-g1", "c5-g7", "g1-g4"] {
        g.play_text(text).unwrap();
    }
    for text in ["g7-a7", "g4-g1"] {
        assert_eq!(g.status(), Status::Ongoing);
        g.play_text(text).unwrap();
    }
    // White to move with the start board: at the start and now, twice only.
    assert_eq!(g.position().board, start.board);
    assert_eq!(g.position().side, Colour::White);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn placing_positions_do_not_count_for_repetition() {
    let g = Game::new(Rules::new(VariantKind::Nine));
    assert_eq!(g.repetitions(), 0);
}

#[test]
fn fifty_moves_without_a_capture_draw() {
    let text = "W:a7,b2,f6,e3 B:g1,b4,d5,f2 w 0 0 49";
    let mut g = nine(text);
    assert_eq!(g.status(), Status::Ongoing);
    g.play_text("a7-d7").unwrap();
    assert_eq!(g.position().quiet_plies, 50);
    assert_eq!(g.status(), Status::Draw(DrawReason::FiftyMoves));
    assert_eq!(g.status().to_string(), "draw: 50 moves without a capture");
    assert!(g.legal_moves().is_empty());

    // Both players' moves count: 48, then one each.
    let mut g = nine("W:a7,b2,f6,e3 B:g1,b4,d5,f2 w 0 0 48");
    g.play_text("a7-d7").unwrap();
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(g.position().quiet_plies, 49);
    g.play_text("g1-g4").unwrap();
    assert_eq!(g.status(), Status::Draw(DrawReason::FiftyMoves));
}

#[test]
fn a_capture_resets_the_fifty_move_count() {
    let mut g = nine("W:a7,d7,g4,b2 B:g1,b4,d5,f2 w 0 0 49");
    g.play_text("g4-g7xb4").unwrap();
    assert_eq!(g.position().quiet_plies, 0);
    assert_eq!(g.status(), Status::Ongoing);
    g.play_text("g1-g4").unwrap();
    assert_eq!(g.position().quiet_plies, 1);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn placements_do_not_count_for_fifty_moves() {
    let mut g = Game::new(Rules::new(VariantKind::Nine));
    for text in ["a7", "g1", "b6", "f2", "c5", "e3"] {
        g.play_text(text).unwrap();
        assert_eq!(g.position().quiet_plies, 0);
    }
}

/// A colouring of the twelve board, 12 points each, with no mill of one colour: any order
/// of placing it closes no mill and fills the board.
fn full_board_without_mill() -> (Vec<u8>, Vec<u8>) {
    let b = VariantKind::Twelve.variant();
    fn search(b: &dokuz_tas::rules::Variant, p: usize, own: &mut [u32; 2]) -> bool {
        if p == b.len() {
            return true;
        }
        for c in 0..2 {
            if own[c].count_ones() == 12 {
                continue;
            }
            own[c] |= 1 << p;
            if !b.in_mill(own[c], p as u8) && search(b, p + 1, own) {
                return true;
            }
            own[c] &= !(1 << p);
        }
        false
    }
    let mut own = [0u32; 2];
    assert!(search(b, 0, &mut own), "twelve has a full board without a mill");
    let pts = |bits: u32| (0..24u8).filter(|p| bits & (1 << p) != 0).collect();
    (pts(own[0]), pts(own[1]))
}

#[test]
fn twelve_full_board_is_a_draw() {
    let (white, black) = full_board_without_mill();
    let mut g = Game::new(Rules::new(VariantKind::Twelve));
    for i in 0..12 {
        for (colour, points) in [(Colour::White, &white), (Colour::Black, &black)] {
            assert_eq!(g.position().side, colour);
            assert_eq!(g.status(), Status::Ongoing, "before placement {}", 2 * i);
            let text = g.board().point_name(points[i]).to_string();
            let m = g.play_text(&text).unwrap();
            assert!(!m.captures());
        }
    }
    assert_eq!(g.ply(), 24);
    assert!(g.position().placing_done());
    assert_eq!(g.status(), Status::Draw(DrawReason::FullBoard));
    assert_eq!(g.status().to_string(), "draw: the board is full when placing ends");
    assert!(g.legal_moves().is_empty());
    // The same board given as text.
    let text = g.position_text();
    let g2 = Game::from_text(Rules::new(VariantKind::Twelve), Some(&text)).unwrap();
    assert_eq!(g2.status(), Status::Draw(DrawReason::FullBoard));
}

#[test]
fn a_win_takes_precedence_over_the_fifty_move_draw() {
    let mut g = nine(&format!("{BLOCKING} 0 0 49"));
    g.play_text("f4-g4").unwrap();
    assert_eq!(g.position().quiet_plies, 50);
    assert_eq!(g.status(), WHITE_BLOCKS);
}
