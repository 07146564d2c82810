//! Thousands of random games in every variant, checking the engine's invariants at every
//! ply: piece counts, the incremental hash, generation against checking, move and position
//! text round trips, undo and redo.

use dokuz_tas::rules::game::check_move;
use dokuz_tas::rules::movegen;
use dokuz_tas::rules::notation::{MoveSyntax, move_text, parse_move, parse_position, position_text};
use dokuz_tas::rules::{Colour, DrawReason, Game, Illegal, Move, Position, Rules, Status, VariantKind, WinReason};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The longest game played; the 50-move rule ends every game long before.
const MAX_PLIES: usize = 2000;

#[derive(Default, Debug)]
struct Stats {
    games: u32,
    plies: u64,
    moves_checked: u64,
    exhaustive_plies: u64,
    captures: u64,
    flights: u64,
    two_pieces: u32,
    blocked: u32,
    repetition: u32,
    fifty: u32,
    full_board: u32,
}

fn syntax(m: Move) -> MoveSyntax {
    MoveSyntax { from: m.from_point(), to: m.to, capture: m.captured_point() }
}

fn check_counts(rules: Rules, pos: &Position) {
    let variant = rules.board();
    assert_eq!(pos.board[0] & pos.board[1], 0, "a point holds two pieces");
    for c in [Colour::White, Colour::Black] {
        let i = c.index();
        assert_eq!(pos.board[i] & !variant.all, 0, "a piece off the board");
        assert!(pos.in_hand[i] <= variant.pieces);
        assert!(
            pos.board[i].count_ones() + pos.in_hand[i] as u32 <= variant.pieces as u32,
            "{c:?} has more pieces than the variant"
        );
    }
    // White places first: hands equal with White to move, Black one more with Black to move
    // (until both are empty).
    let [w, b] = pos.in_hand;
    match pos.side {
        Colour::White => assert_eq!(w, b),
        Colour::Black => assert!(w + 1 == b || w + b == 0, "hands {w} {b}"),
    }
    if !pos.placing_done() {
        assert_eq!(pos.quiet_plies, 0, "placements never count");
    }
    assert_eq!(pos.hash, pos.compute_hash(), "incremental hash");
}

/// Every (from, to, capture) the text can express: `check_move` accepts exactly the
/// generated moves.
fn check_exhaustively(rules: Rules, pos: &Position, generated: &[Move]) {
    let n = rules.board().len() as u8;
    let mut accepted = 0;
    for from in std::iter::once(None).chain((0..n).map(Some)) {
        for to in 0..n {
            let step = MoveSyntax { from, to, capture: None };
            match check_move(pos, rules, step) {
                Ok(m) => {
                    assert!(generated.contains(&m), "{m:?} accepted but not generated");
                    accepted += 1;
                    // No capture may be added to a move that closes no mill (nor to a
                    // mill when the opponent has nothing on the board to take).
                    let mill = movegen::closes_mill(pos, rules.board(), m.from, m.to);
                    for c in 0..n {
                        let with = MoveSyntax { capture: Some(c), ..step };
                        let why = if mill {
                            assert_eq!(pos.theirs(), 0);
                            Illegal::CaptureNotOpponent(c)
                        } else {
                            Illegal::NoMill
                        };
                        assert_eq!(check_move(pos, rules, with), Err(why));
                    }
                }
                Err(Illegal::CaptureRequired) => {
                    let mut any = false;
                    for c in 0..n {
                        let with = MoveSyntax { capture: Some(c), ..step };
                        match check_move(pos, rules, with) {
                            Ok(m) => {
                                assert!(generated.contains(&m), "{m:?} accepted, not generated");
                                accepted += 1;
                                any = true;
                            }
                            Err(Illegal::CaptureNotOpponent(p)) => {
                                assert_eq!(p, c);
                                assert_ne!(pos.colour_at(c), Some(pos.side.opponent()));
                            }
                            Err(Illegal::CaptureProtected(p)) => {
                                assert_eq!(p, c);
                                assert!(rules.board().in_mill(pos.theirs(), c));
                            }
                            Err(e) => panic!("unexpected {e:?} for {with:?}"),
                        }
                    }
                    assert!(any, "a mill that takes nothing");
                }
                Err(e) => {
                    // The step itself is wrong: any capture is refused too.
                    let c = (to + 1) % n;
                    let with = MoveSyntax { capture: Some(c), ..step };
                    assert!(check_move(pos, rules, with).is_err(), "{e:?} then {with:?}");
                }
            }
        }
    }
    assert_eq!(accepted, generated.len(), "check_move accepts exactly the generated moves");
}

fn play_games(rules: Rules, games: u32, seed: u64, exhaustive_every: u64) -> Stats {
    let variant = rules.board();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut stats = Stats::default();
    for _ in 0..games {
        stats.games += 1;
        let mut game = Game::new(rules);
        loop {
            let pos = *game.position();
            check_counts(rules, &pos);
            assert_eq!(parse_position(variant, &position_text(variant, &pos)), Ok(pos), "position text round trip");
            assert_eq!(game.position_text(), position_text(variant, &pos));

            let status = game.status();
            let list = game.legal_moves();
            let moves = list.as_slice();
            if status.is_over() {
                assert!(moves.is_empty());
                match status {
                    Status::Win { winner, reason } => {
                        assert_eq!(winner, pos.side.opponent());
                        match reason {
                            WinReason::TwoPieces => {
                                assert!(pos.pieces(pos.side) < 3);
                                stats.two_pieces += 1;
                            }
                            WinReason::Blocked => {
                                assert!(!movegen::has_move(&pos, variant, rules.flying));
                                assert!(!pos.can_fly(pos.side, rules.flying));
                                stats.blocked += 1;
                            }
                        }
                    }
                    Status::Draw(DrawReason::Repetition) => {
                        assert!(game.repetitions() >= 3);
                        stats.repetition += 1;
                    }
                    Status::Draw(DrawReason::FiftyMoves) => {
                        assert!(pos.quiet_plies >= 50);
                        stats.fifty += 1;
                    }
                    Status::Draw(DrawReason::FullBoard) => {
                        assert_eq!(pos.occupied(), variant.all);
                        stats.full_board += 1;
                    }
                    Status::Ongoing => unreachable!(),
                }
                break;
            }
            assert!(!moves.is_empty(), "an ongoing game has a move");
            assert!(game.ply() < MAX_PLIES, "the game does not end");
            assert_eq!(movegen::count(&pos, variant, rules.flying), moves.len() as u64);
            assert!(movegen::has_move(&pos, variant, rules.flying));
            let mut sorted = moves.to_vec();
            sorted.sort_by_key(|m| (m.from, m.to, m.capture));
            sorted.dedup();
            assert_eq!(sorted.len(), moves.len(), "a move generated twice");

            let victims = pos.capturable(variant, pos.side.opponent());
            let mut probe = game.clone();
            for &m in moves {
                // What the move is.
                if let Some(from) = m.from_point() {
                    assert!(pos.in_hand[pos.side.index()] == 0);
                    assert_eq!(pos.colour_at(from), Some(pos.side));
                    if variant.neighbours[from as usize] & (1 << m.to) == 0 {
                        assert!(pos.can_fly(pos.side, rules.flying), "a flight without flying");
                        stats.flights += 1;
                    }
                } else {
                    assert!(pos.in_hand[pos.side.index()] > 0);
                }
                assert_eq!(pos.colour_at(m.to), None);
                let mill = movegen::closes_mill(&pos, variant, m.from, m.to);
                match m.captured_point() {
                    Some(c) => {
                        assert!(mill);
                        assert!(victims & (1 << c) != 0);
                        assert_eq!(pos.colour_at(c), Some(pos.side.opponent()));
                    }
                    None => assert!(!mill || victims == 0),
                }

                // Checking agrees with generation, from the move and from its text.
                assert_eq!(check_move(&pos, rules, syntax(m)), Ok(m));
                let text = move_text(variant, m);
                let parsed = parse_move(variant, &text).unwrap();
                assert_eq!(parsed, syntax(m), "{text}");
                assert_eq!(check_move(&pos, rules, parsed), Ok(m), "{text}");

                // The game accepts it, and undo returns to this position.
                probe.play(m).unwrap();
                let next = pos.play(m);
                assert_eq!(probe.position(), &next);
                assert_eq!(next.hash, next.compute_hash());
                assert_eq!(probe.undo(), Some(m));
                assert_eq!(probe.position(), &pos);
                stats.moves_checked += 1;
            }
            if stats.plies % exhaustive_every == 0 {
                check_exhaustively(rules, &pos, moves);
                stats.exhaustive_plies += 1;
            }

            let m = moves[rng.random_range(0..moves.len())];
            let before: [u32; 2] = [pos.pieces(Colour::White), pos.pieces(Colour::Black)];
            game.play(m).unwrap();
            let next = *game.position();
            assert_eq!(next.side, pos.side.opponent());
            let mover = pos.side.index();
            let after = [next.pieces(Colour::White), next.pieces(Colour::Black)];
            assert_eq!(after[mover], before[mover], "the mover keeps every piece");
            assert_eq!(after[1 - mover] + m.captures() as u32, before[1 - mover], "a capture takes exactly one piece");
            let quiet = if m.captures() {
                0
            } else if m.is_placement() {
                pos.quiet_plies
            } else {
                pos.quiet_plies + 1
            };
            assert_eq!(next.quiet_plies, quiet);
            stats.captures += m.captures() as u64;

            // Undo returns exactly to the previous position; redo comes back.
            assert_eq!(game.undo(), Some(m));
            assert_eq!(game.position(), &pos);
            assert_eq!(game.redo(), Some(m));
            assert_eq!(game.position(), &next);
            stats.plies += 1;
        }
    }
    stats
}

fn run(rules: Rules, games: u32, seed: u64) -> Stats {
    let start = std::time::Instant::now();
    let stats = play_games(rules, games, seed, 7);
    eprintln!("{rules:?}: {stats:?} in {:?}", start.elapsed());
    assert_eq!(stats.games, games);
    assert!(stats.captures > 0);
    // Every game ends, and the endings seen cover the rules of the variant.
    let ends = stats.two_pieces + stats.blocked + stats.repetition + stats.fifty + stats.full_board;
    assert_eq!(ends, games);
    assert!(stats.two_pieces > 0);
    if rules.flying {
        assert!(stats.flights > 0);
    } else {
        assert_eq!(stats.flights, 0);
    }
    if rules.variant != VariantKind::Twelve {
        assert_eq!(stats.full_board, 0, "only twelve can fill its board");
    }
    stats
}

#[test]
fn random_games_nine() {
    run(Rules::new(VariantKind::Nine), 1000, 9);
}

#[test]
fn random_games_nine_without_flying() {
    run(Rules::with_flying(VariantKind::Nine, false), 1000, 90);
}

#[test]
fn random_games_six() {
    run(Rules::new(VariantKind::Six), 1000, 6);
}

#[test]
fn random_games_five() {
    run(Rules::new(VariantKind::Five), 1000, 5);
}

#[test]
fn random_games_twelve() {
    run(Rules::new(VariantKind::Twelve), 1000, 12);
}
