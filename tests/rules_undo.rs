//! Undo and redo over random games: every position and hash comes back exactly.

use dokuz_tas::rules::{Game, Position, Rules, VariantKind};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Plays a random game to its end (or `max_plies`), returning the positions on the way,
/// the start first.
fn random_game(g: &mut Game, rng: &mut StdRng, max_plies: usize) -> Vec<Position> {
    let mut seen = vec![*g.position()];
    while seen.len() <= max_plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            assert!(g.status().is_over());
            break;
        }
        let m = moves.as_slice()[rng.random_range(0..moves.len())];
        g.play(m).unwrap();
        seen.push(*g.position());
    }
    seen
}

fn all_rules() -> [Rules; 5] {
    [
        Rules::new(VariantKind::Nine),
        Rules::with_flying(VariantKind::Nine, false),
        Rules::new(VariantKind::Six),
        Rules::new(VariantKind::Five),
        Rules::new(VariantKind::Twelve),
    ]
}

#[test]
fn undo_everything_then_redo_everything() {
    let mut rng = StdRng::seed_from_u64(0x0D0C_0001);
    for rules in all_rules() {
        for _ in 0..40 {
            let mut g = Game::new(rules);
            let seen = random_game(&mut g, &mut rng, 400);
            let moves = g.moves().to_vec();
            let end_status = g.status();
            assert_eq!(g.history(), &seen[..]);

            // Undo everything: each step gives back the previous position, hash included.
            for i in (0..moves.len()).rev() {
                assert_eq!(g.undo(), Some(moves[i]));
                let pos = g.position();
                assert_eq!(pos, &seen[i]);
                assert_eq!(pos.hash, seen[i].hash);
                assert_eq!(pos.hash, pos.compute_hash());
                assert_eq!(g.ply(), i);
                assert!(g.can_redo());
            }
            assert_eq!(g.undo(), None, "nothing to undo at the start");
            assert_eq!(g.position(), &Position::start(rules.board()));

            // Redo everything: the same moves and positions again.
            for i in 0..moves.len() {
                assert_eq!(g.redo(), Some(moves[i]));
                assert_eq!(g.position(), &seen[i + 1]);
                assert_eq!(g.position().hash, seen[i + 1].hash);
            }
            assert_eq!(g.redo(), None);
            assert!(!g.can_redo());
            assert_eq!(g.status(), end_status);
            assert_eq!(g.moves(), &moves[..]);
        }
    }
}

#[test]
fn a_new_move_after_undo_clears_redo_but_the_same_move_keeps_it() {
    let mut rng = StdRng::seed_from_u64(0x0D0C_0002);
    for rules in all_rules() {
        for _ in 0..20 {
            let mut g = Game::new(rules);
            let seen = random_game(&mut g, &mut rng, 60);
            let moves = g.moves().to_vec();
            if moves.len() < 6 {
                continue;
            }
            let back = rng.random_range(2..6);
            for _ in 0..back {
                g.undo().unwrap();
            }
            let at = moves.len() - back;
            assert_eq!(g.position(), &seen[at]);

            // Playing the move that would be redone keeps the rest of the redo list.
            let mut same = g.clone();
            same.play(moves[at]).unwrap();
            assert!(same.can_redo());
            for &m in &moves[at + 1..] {
                assert_eq!(same.redo(), Some(m));
            }
            assert_eq!(same.position(), seen.last().unwrap());
            assert!(!same.can_redo());

            // Playing another move clears it.
            let other = g.legal_moves().iter().copied().find(|&m| m != moves[at]);
            if let Some(m) = other {
                let mut g2 = g.clone();
                g2.play(m).unwrap();
                assert!(!g2.can_redo());
                assert_eq!(g2.redo(), None);
                assert_eq!(g2.undo(), Some(m));
                assert_eq!(g2.position(), &seen[at]);
            }
        }
    }
}

#[test]
fn undo_back_to_a_position_given_as_text() {
    let rules = Rules::new(VariantKind::Nine);
    let text = "W:a7,d7,f2 B:a1,d1,e4 b 0 0 12";
    let mut g = Game::from_text(rules, Some(text)).unwrap();
    let start = *g.position();
    let mut rng = StdRng::seed_from_u64(7);
    let seen = random_game(&mut g, &mut rng, 30);
    while g.undo().is_some() {}
    assert_eq!(g.position(), &start);
    assert_eq!(g.position_text(), text);
    assert_eq!(g.start_position(), &seen[0]);
}
