//! Every level's move is legal in thousands of random positions of every variant, the
//! searching levels take a win in one move whenever there is one, Easy takes a piece
//! whenever it can, and no level answers in a finished game.
//!
//! The positions come from random legal moves (seeded) from the start, a random number of
//! plies into a random game, so they carry a history for the draw rules. The searching levels get small
//! limits (a depth or a node count) so that the file runs in seconds.

use std::sync::atomic::AtomicBool;

use dokuz_tas::ai::{Level, Limits, think};
use dokuz_tas::rules::{Game, Rules, Status, VariantKind};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn configurations() -> [(&'static str, Rules); 5] {
    [
        ("nine", Rules::with_flying(VariantKind::Nine, true)),
        ("nine, flying off", Rules::with_flying(VariantKind::Nine, false)),
        ("six", Rules::new(VariantKind::Six)),
        ("five", Rules::new(VariantKind::Five)),
        ("twelve", Rules::new(VariantKind::Twelve)),
    ]
}

/// A game after a random number of random legal plies: a whole random game is played,
/// then taken back to a random ply (random play ends games too quickly for a random ply
/// count to reach the moving phase often).
fn random_game(rules: Rules, rng: &mut StdRng) -> Game {
    let mut g = Game::new(rules);
    loop {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.push(moves.as_slice()[rng.random_range(0..moves.len())]);
    }
    let keep = rng.random_range(0..=g.ply());
    while g.ply() > keep {
        g.undo();
    }
    g
}

/// Whether some legal move ends the game at once in the mover's favour.
fn has_immediate_win(g: &Game) -> bool {
    let mover = g.position().side;
    g.legal_moves().iter().any(|&m| {
        let mut next = g.clone();
        next.push(m);
        matches!(next.status(), Status::Win { winner, .. } if winner == mover)
    })
}

#[derive(Default)]
struct Counts {
    positions: u32,
    over: u32,
    moving: u32,
    wins_in_one: u32,
}

/// Thinks with `level` in `positions` random positions of every configuration and checks
/// every answer; `limits(i)` gives the limits for the i-th position.
fn check_level(level: Level, positions: u32, seed: u64, limits: impl Fn(u32) -> Limits) {
    let stop = AtomicBool::new(false);
    for (name, rules) in configurations() {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut counts = Counts::default();
        for i in 0..positions {
            let g = random_game(rules, &mut rng);
            let limits = limits(i);
            let think_seed = rng.random_range(0..u64::MAX);
            let answer = think(&g, level, limits, think_seed, &stop);
            counts.positions += 1;
            let context = || {
                format!(
                    "{level:?} {limits:?} in {name} at '{}' after {:?}",
                    g.position_text(),
                    g.moves().iter().map(|&m| g.move_text(m)).collect::<Vec<_>>()
                )
            };
            if g.status().is_over() {
                counts.over += 1;
                assert!(answer.is_none(), "a move in a finished game: {}", context());
                continue;
            }
            if g.position().placing_done() {
                counts.moving += 1;
            }
            let t = answer.unwrap_or_else(|| panic!("no move: {}", context()));
            let legal = g.legal_moves();
            assert!(legal.contains(&t.best), "illegal move {:?}: {}", t.best, context());
            let win_in_one = has_immediate_win(&g);
            counts.wins_in_one += win_in_one as u32;
            if level == Level::Easy {
                assert!(t.iterations.is_empty());
                if legal.iter().any(|m| m.captures()) {
                    assert!(t.best.captures(), "Easy left a mill unclosed ({}): {}", g.move_text(t.best), context());
                }
                continue;
            }
            // The completed iterations go deeper one by one, and their root lists hold
            // legal moves; the chosen move is one of the last.
            for (k, it) in t.iterations.iter().enumerate() {
                assert_eq!(it.depth, k as u32 + 1, "{}", context());
                assert!(it.root.iter().all(|(m, _)| legal.contains(m)), "{}", context());
                assert!(legal.contains(&it.pv[0]), "{}", context());
            }
            if let Some(d) = limits.depth {
                assert!(t.iterations.len() as u32 <= d, "{}", context());
            }
            if let Some(last) = t.iterations.last() {
                assert!(last.root.iter().any(|&(m, _)| m == t.best), "{}", context());
            }
            if win_in_one {
                let mut next = g.clone();
                next.push(t.best);
                assert!(
                    matches!(next.status(), Status::Win { winner, .. } if winner == g.position().side),
                    "{level:?} missed a win in one with {}: {}",
                    g.move_text(t.best),
                    context()
                );
            }
        }
        // The positions are varied enough to mean something.
        assert!(
            counts.moving > positions / 4,
            "{name}: {} of {} positions in the moving phase",
            counts.moving,
            counts.positions
        );
        assert!(counts.over <= positions / 4, "{name}: {} over", counts.over);
        eprintln!(
            "{level:?} {name}: {} positions, {} moving, {} over, {} with a win in one",
            counts.positions, counts.moving, counts.over, counts.wins_in_one
        );
    }
}

fn depth(n: u32) -> Limits {
    Limits { depth: Some(n), ..Limits::default() }
}

fn nodes(n: u64) -> Limits {
    Limits { nodes: Some(n), ..Limits::default() }
}

#[test]
fn easy_plays_legal_moves() {
    check_level(Level::Easy, 1_000, 1, |_| Limits::default());
}

#[test]
fn medium_plays_legal_moves() {
    check_level(Level::Medium, 500, 2, |i| if i % 2 == 0 { depth(2) } else { depth(3) });
}

#[test]
fn hard_plays_legal_moves() {
    check_level(Level::Hard, 400, 3, |i| if i % 2 == 0 { depth(2) } else { nodes(2_000) });
}

#[test]
fn master_plays_legal_moves() {
    // Master's table is 64 MB, allocated (and paged in) on every call, some 35 ms here:
    // fewer positions.
    check_level(Level::Master, 12, 4, |i| if i % 2 == 0 { depth(3) } else { nodes(2_000) });
}
