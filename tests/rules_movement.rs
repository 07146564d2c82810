//! Placing, sliding and flying in every variant, and the errors of a wrong step.

use std::collections::BTreeSet;

use dokuz_tas::rules::{Game, Illegal, MoveError, Rules, VariantKind};

fn game(rules: Rules, text: &str) -> Game {
    Game::from_text(rules, Some(text)).unwrap()
}

fn nine() -> Rules {
    Rules::new(VariantKind::Nine)
}

fn illegal(g: &mut Game, text: &str) -> Illegal {
    let before = g.clone();
    let err = g.play_text(text).unwrap_err();
    assert_eq!(g, &before, "a refused move leaves the game unchanged");
    match err {
        MoveError::Illegal { why, .. } => why,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

/// The (from, to) steps of the legal moves, as point names, captures aside.
fn steps(g: &Game) -> BTreeSet<(String, String)> {
    let b = g.board();
    g.legal_moves()
        .iter()
        .map(|m| {
            let from = m.from_point().map_or("", |p| b.point_name(p));
            (from.to_string(), b.point_name(m.to).to_string())
        })
        .collect()
}

/// Every step from one of `from` to any empty point.
fn all_flights(g: &Game, from: &[&str]) -> BTreeSet<(String, String)> {
    let b = g.board();
    let pos = g.position();
    let mut set = BTreeSet::new();
    for f in from {
        for p in 0..b.len() as u8 {
            if pos.colour_at(p).is_none() {
                set.insert((f.to_string(), b.point_name(p).to_string()));
            }
        }
    }
    set
}

/// Every step along a line from one of `from` to an empty neighbour.
fn all_slides(g: &Game, from: &[&str]) -> BTreeSet<(String, String)> {
    let b = g.board();
    let pos = g.position();
    let mut set = BTreeSet::new();
    for f in from {
        let fp = b.parse_point(f).unwrap();
        for p in 0..b.len() as u8 {
            if pos.colour_at(p).is_none() && b.neighbours[fp as usize] & (1 << p) != 0 {
                set.insert((f.to_string(), b.point_name(p).to_string()));
            }
        }
    }
    set
}

#[test]
fn default_flying_per_variant() {
    assert!(Rules::new(VariantKind::Nine).flying);
    assert!(Rules::new(VariantKind::Twelve).flying);
    assert!(!Rules::new(VariantKind::Six).flying);
    assert!(!Rules::new(VariantKind::Five).flying);
    assert!(!Rules::with_flying(VariantKind::Nine, false).flying);
    assert!(!Rules::with_flying(VariantKind::Twelve, false).flying);
    assert!(Rules::with_flying(VariantKind::Nine, true).flying);
    // Six and five never fly, even when asked to.
    assert!(!Rules::with_flying(VariantKind::Six, true).flying);
    assert!(!Rules::with_flying(VariantKind::Five, true).flying);
}

#[test]
fn a_three_piece_player_flies_in_nine() {
    let text = "W:a7,d6,f2 B:a1,d1,e4,g4 w";
    let mut g = game(nine(), text);
    assert_eq!(steps(&g), all_flights(&g, &["a7", "d6", "f2"]));
    // f2 to c4 is far from any line through f2.
    g.play_text("f2-c4").unwrap();
    // Black has four pieces: it slides only.
    assert_eq!(steps(&g), all_slides(&g, &["a1", "d1", "e4", "g4"]));
    let (a1, c5) = (g.board().parse_point("a1").unwrap(), g.board().parse_point("c5").unwrap());
    assert_eq!(illegal(&mut g, "a1-c5"), Illegal::NotNeighbour { from: a1, to: c5 });
}

#[test]
fn flying_off_in_nine() {
    let text = "W:a7,d6,f2 B:a1,d1,e4,g4 w";
    let mut g = game(Rules::with_flying(VariantKind::Nine, false), text);
    assert_eq!(steps(&g), all_slides(&g, &["a7", "d6", "f2"]));
    assert_eq!(illegal(&mut g, "f2-c4"), Illegal::FlyingOff);
    assert_eq!(illegal(&mut g, "a7-g7"), Illegal::FlyingOff);
    g.play_text("f2-f4").unwrap();
}

#[test]
fn flying_in_twelve_and_not_when_switched_off() {
    let text = "W:a7,d6,f2 B:a1,d1,e4,g4 w";
    let g = game(Rules::new(VariantKind::Twelve), text);
    assert_eq!(steps(&g), all_flights(&g, &["a7", "d6", "f2"]));
    let mut g = game(Rules::with_flying(VariantKind::Twelve, false), text);
    assert_eq!(steps(&g), all_slides(&g, &["a7", "d6", "f2"]));
    assert_eq!(illegal(&mut g, "f2-c4"), Illegal::FlyingOff);
}

#[test]
fn six_and_five_never_fly() {
    // Six and five share the 16-point board.
    let text = "W:a1,a3,c4 B:e1,e3,e5,d2 w";
    for kind in [VariantKind::Six, VariantKind::Five] {
        for rules in [Rules::new(kind), Rules::with_flying(kind, true)] {
            let mut g = game(rules, text);
            assert_eq!(steps(&g), all_slides(&g, &["a1", "a3", "c4"]), "{kind:?}");
            assert_eq!(illegal(&mut g, "c4-b2"), Illegal::FlyingOff, "{kind:?}");
            assert_eq!(illegal(&mut g, "a1-c5"), Illegal::FlyingOff, "{kind:?}");
            g.play_text("c4-b4").unwrap();
        }
    }
}

#[test]
fn flying_needs_an_empty_hand() {
    // Three on the board but pieces in hand: the player places.
    let mut g = game(nine(), "W:a7,d6,f2 B:a1,d1,e4 w 1 1");
    assert_eq!(illegal(&mut g, "f2-c4"), Illegal::MustPlace);
    assert_eq!(illegal(&mut g, "f2-f4"), Illegal::MustPlace);
    assert!(g.legal_moves().iter().all(|m| m.is_placement()));
    assert_eq!(g.legal_moves().len(), 24 - 6);
    g.play_text("c4").unwrap();
}

#[test]
fn twelve_has_diagonal_lines() {
    let text = "W:a1,d7,f4,c4 B:a7,g1,e5,d3 w";
    let mut twelve = game(Rules::new(VariantKind::Twelve), text);
    let mut nine_game = game(nine(), text);
    let (a1, b2) = (nine_game.board().parse_point("a1").unwrap(), nine_game.board().parse_point("b2").unwrap());
    assert!(steps(&twelve).contains(&("a1".into(), "b2".into())));
    assert!(!steps(&nine_game).contains(&("a1".into(), "b2".into())));
    assert_eq!(illegal(&mut nine_game, "a1-b2"), Illegal::NotNeighbour { from: a1, to: b2 });
    twelve.play_text("a1-b2").unwrap();
    // The diagonal works both ways and continues to the inner square.
    twelve.play_text("e5-f6").unwrap(); // black, along g7-f6-e5
    twelve.play_text("b2-c3").unwrap();

    // Six has no diagonals either.
    let mut six = game(Rules::new(VariantKind::Six), "W:a1,c4,d4,e5 B:a5,c1,e1,d2 w");
    assert!(matches!(illegal(&mut six, "a1-b2"), Illegal::NotNeighbour { .. }));
    // The spokes are lines of six (but make no mills).
    six.play_text("c4-c5").unwrap();
}

#[test]
fn twelve_diagonals_are_mills() {
    let text = "W:a1,b2,d7,c4 B:a7,g1,e5,d3 w";
    let mut twelve = game(Rules::new(VariantKind::Twelve), text);
    assert_eq!(illegal(&mut twelve, "c4-c3"), Illegal::CaptureRequired);
    twelve.play_text("c4-c3xe5").unwrap();
    // In nine the same slide closes nothing.
    let mut nine_game = game(nine(), text);
    assert_eq!(illegal(&mut nine_game, "c4-c3xe5"), Illegal::NoMill);
    nine_game.play_text("c4-c3").unwrap();
}

#[test]
fn board_tables_match_the_rules() {
    let degree = |kind: VariantKind| -> u32 {
        let b = kind.variant();
        let sum = b.neighbours.iter().map(|n| n.count_ones()).sum();
        assert_eq!(2 * b.lines.len() as u32, sum, "{kind:?}: lines agree with neighbours");
        sum
    };
    // Each line counts twice in the sum of degrees.
    assert_eq!(degree(VariantKind::Nine), 2 * 32);
    assert_eq!(degree(VariantKind::Twelve), 2 * 40);
    // Six and five: two squares of 8 lines each and 4 short spokes.
    assert_eq!(degree(VariantKind::Six), 2 * 20);
    assert_eq!(degree(VariantKind::Five), 2 * 20);
    // Six: the spokes (c1-c2, a3-b3, c5-c4, e3-d3) are lines but no mill holds them.
    let six = VariantKind::Six.variant();
    for (a, b) in [("c1", "c2"), ("a3", "b3"), ("c5", "c4"), ("e3", "d3")] {
        let (a, b) = (six.parse_point(a).unwrap(), six.parse_point(b).unwrap());
        assert!(six.neighbours[a as usize] & (1 << b) != 0);
        assert!(six.mills.iter().all(|m| m & (1 << a) == 0 || m & (1 << b) == 0));
    }
    // Nine: the spokes are mills (d7-d6-d5 for one).
    let nine_b = VariantKind::Nine.variant();
    let spoke = ["d7", "d6", "d5"].iter().fold(0, |acc, p| acc | (1 << nine_b.parse_point(p).unwrap()));
    assert!(nine_b.mills.contains(&spoke));
}

#[test]
fn step_errors() {
    let mut g = game(nine(), "W:a1,d7,f4,c4 B:a7,g1,e5,d3 w");
    let b = g.board();
    let p = |n: &str| b.parse_point(n).unwrap();
    assert_eq!(illegal(&mut g, "a1-a7"), Illegal::Occupied(p("a7")));
    assert_eq!(illegal(&mut g, "a1-d7"), Illegal::Occupied(p("d7")));
    assert_eq!(illegal(&mut g, "b2-b4"), Illegal::NoPieceAt(p("b2")));
    assert_eq!(illegal(&mut g, "a7-a4"), Illegal::NotYourPiece(p("a7")));
    assert_eq!(illegal(&mut g, "c5"), Illegal::NothingToPlace);
    // No jumping along a line.
    assert_eq!(illegal(&mut g, "f4-d3"), Illegal::Occupied(p("d3")), "occupied comes first");
    assert_eq!(illegal(&mut g, "c4-a4"), Illegal::NotNeighbour { from: p("c4"), to: p("a4") });
    let mut placing = game(nine(), "W:a1 B:a7 w 8 8");
    assert_eq!(illegal(&mut placing, "a1-a4"), Illegal::MustPlace);
    assert_eq!(illegal(&mut placing, "a7"), Illegal::Occupied(p("a7")));
    placing.play_text("a4").unwrap();
}
