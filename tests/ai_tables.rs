//! The exact endgame tables (three and four pieces a side, moving phase), checked against
//! what we did not derive from them: a plain exhaustive search with the rules engine's own
//! moves, the board's symmetries, and the tables' own moves one ply deeper.

mod common;

use common::dokuz;
use dokuz_tas::ai::endgame::{Endgame, Value};
use dokuz_tas::ai::tables::{self, Tables};
use dokuz_tas::rules::movegen::{self, MoveList};
use dokuz_tas::rules::position::{Colour, Position};
use dokuz_tas::rules::variant::Bits;
use dokuz_tas::rules::{Game, Rules, VariantKind};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// `n` random points of the board outside `taken`.
fn points(rng: &mut StdRng, board: usize, n: u32, taken: Bits) -> Bits {
    let mut set: Bits = 0;
    while set.count_ones() < n {
        let p = rng.random_range(0..board);
        if (taken | set) & (1 << p) == 0 {
            set |= 1 << p;
        }
    }
    set
}

fn position(mover: Bits, other: Bits) -> Position {
    Position::new([mover, other], Colour::White, [0, 0], 0)
}

/// The exact value of `pos` if the game ends within `depth` plies whatever is played,
/// by trying every move: nothing of the tables is used.
fn exhaustive(pos: &Position, rules: Rules, depth: u32) -> Option<Value> {
    let variant = rules.board();
    let mut list = MoveList::new();
    movegen::generate(pos, variant, rules.flying, &mut list);
    if list.is_empty() {
        return Some(Value::Loss { plies: 0 });
    }
    if depth == 0 {
        return None;
    }
    let mut best_win: Option<u16> = None;
    let mut longest_loss: u16 = 0;
    let mut all_lose = true;
    for &m in list.iter() {
        match exhaustive(&pos.play(m), rules, depth - 1) {
            Some(Value::Loss { plies }) => best_win = Some(best_win.map_or(plies + 1, |b| b.min(plies + 1))),
            Some(Value::Win { plies }) => longest_loss = longest_loss.max(plies + 1),
            _ => all_lose = false,
        }
    }
    match best_win {
        Some(plies) => Some(Value::Win { plies }),
        None if all_lose => Some(Value::Loss { plies: longest_loss }),
        None => None,
    }
}

/// Compares the tables with the exhaustive search on `samples` random positions of each
/// material; returns how many of them end within `depth` plies.
fn check_against_search(rules: Rules, tables: &Tables, depth: u32, samples: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(depth as u64 * 1000 + rules.board().len() as u64);
    let n = rules.board().len();
    let mut known = 0;
    for (mover, other) in [(3, 3), (4, 3), (3, 4), (4, 4)] {
        for _ in 0..samples {
            let own = points(&mut rng, n, mover, 0);
            let theirs = points(&mut rng, n, other, own);
            let table = tables.value(own, theirs).expect("tabled");
            let searched = exhaustive(&position(own, theirs), rules, depth);
            let expected = match table {
                Value::Win { plies } | Value::Loss { plies } if plies as u32 <= depth => Some(table),
                _ => None,
            };
            assert_eq!(searched, expected, "{rules:?} W:{own:#x} B:{theirs:#x}: the table says {table:?}");
            known += usize::from(expected.is_some());
        }
    }
    known
}

const RULES: [(VariantKind, bool); 4] =
    [(VariantKind::Nine, true), (VariantKind::Nine, false), (VariantKind::Twelve, true), (VariantKind::Six, false)];

#[test]
fn tables_agree_with_search_symmetries_and_their_own_moves() {
    for (kind, flying) in RULES {
        let rules = Rules::with_flying(kind, flying);
        let tables = Tables::solve(rules, 4).expect("solves");
        // Flying multiplies the moves: search those less deep.
        let depth = if flying { 3 } else { 5 };
        let known = check_against_search(rules, &tables, depth, 150);
        // The sample must reach decided positions, or the check shows nothing.
        assert!(known >= 20, "{rules:?}: only {known} sampled positions end within {depth} plies");
        check_symmetries(rules, &tables, 2000);
        check_moves(rules, &tables, 2000);
    }
}

/// The image of a set of points under a symmetry of the board.
fn image(set: Bits, perm: &[u8]) -> Bits {
    (0..perm.len()).filter(|&p| set & (1 << p) != 0).fold(0, |acc, p| acc | 1 << perm[p])
}

/// A position and its images under the board's symmetries have the same value, through
/// the folded lookup (the images of a position whose mover's set some symmetry keeps are
/// stored apart; the unit test `unfolded_values_are_symmetric` checks the solved values
/// before the fold).
fn check_symmetries(rules: Rules, tables: &Tables, samples: usize) {
    let variant = rules.board();
    let symmetries = variant.symmetries();
    let mut rng = StdRng::seed_from_u64(5);
    for (mover, other) in [(3, 3), (4, 3), (3, 4), (4, 4)] {
        for _ in 0..samples {
            let own = points(&mut rng, variant.len(), mover, 0);
            let theirs = points(&mut rng, variant.len(), other, own);
            let value = tables.value(own, theirs);
            for perm in &symmetries {
                assert_eq!(tables.value(image(own, perm), image(theirs, perm)), value, "{rules:?} {perm:?}");
            }
        }
    }
}

/// The value of a position is the best of its moves' values: the quickest win, else a
/// draw, else the longest loss, each one ply longer than the value after the move.
fn check_moves(rules: Rules, tables: &Tables, samples: usize) {
    let variant = rules.board();
    let mut rng = StdRng::seed_from_u64(9);
    for (mover, other) in [(3, 3), (4, 3), (3, 4), (4, 4)] {
        for _ in 0..samples {
            let own = points(&mut rng, variant.len(), mover, 0);
            let theirs = points(&mut rng, variant.len(), other, own);
            let value = tables.value(own, theirs).expect("tabled");
            let game = Game::from_position(rules, position(own, theirs));
            let moves = tables.moves(&game).expect("tabled");
            let best = moves
                .iter()
                .map(|&(_, v)| v)
                .min_by_key(|&v| tables::preference(v))
                .unwrap_or(Value::Loss { plies: 0 });
            assert_eq!(best, value, "{rules:?} W:{own:#x} B:{theirs:#x}");
        }
    }
}

#[test]
fn three_against_three_agrees_with_the_first_solver() {
    // The flying 3v3 endgame was solved before by its own code (ai::endgame): every value
    // must be the same.
    for kind in [VariantKind::Nine, VariantKind::Twelve] {
        let rules = Rules::with_flying(kind, true);
        let tables = Tables::solve(rules, 3).expect("solves");
        let first = Endgame::solve(rules.board());
        let n = rules.board().len() as u32;
        let mut compared = 0;
        for own in 0u32..(1 << n) {
            if own.count_ones() != 3 {
                continue;
            }
            let mut rng = StdRng::seed_from_u64(own as u64);
            for _ in 0..3 {
                let theirs = points(&mut rng, n as usize, 3, own);
                assert_eq!(tables.value(own, theirs), Some(first.value(own, theirs)), "{kind:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 3 * 2024);
    }
}

#[test]
fn out_of_the_tables_is_none() {
    let tables = Tables::solve(Rules::new(VariantKind::Six), 3).expect("solves");
    let variant = VariantKind::Six.variant();
    let p = |names: &[&str]| names.iter().fold(0, |acc, n| acc | 1 << variant.parse_point(n).expect("a point"));
    // Four pieces: not solved up to three; five on a 24-point board or six in five men's
    // morris: never tabled.
    assert_eq!(tables.value(p(&["a1", "a3", "a5", "c5"]), p(&["e1", "e3", "e5"])), None);
    assert!(Tables::solve(Rules::new(VariantKind::Nine), 5).is_err());
    assert!(Tables::solve(Rules::new(VariantKind::Five), 6).is_err());
    // In hand: not the moving phase.
    let mut pos = position(p(&["a1", "a3", "a5"]), p(&["e1", "e3", "e5"]));
    assert!(tables.value_in(&pos).is_some());
    pos.in_hand = [1, 0];
    assert_eq!(tables.value_in(&pos), None);
}

#[test]
fn tables_against_three_solved_alone_are_those_of_the_whole_solve() {
    // Six men's morris is solved whole, every layer up to 6v6: its tables of four to six
    // pieces against three are the reference for the same layers solved alone, each
    // from the one below it.
    let rules = Rules::new(VariantKind::Six);
    let whole = Tables::solve(rules, 6).expect("solves");
    let alone = Tables::solve_against_three(rules, 6).expect("solves");
    let n = rules.board().len();
    let mut rng = StdRng::seed_from_u64(63);
    let mut decided = 0;
    for (mover, other) in [(3, 3), (4, 3), (3, 4), (5, 3), (3, 5), (6, 3), (3, 6)] {
        for _ in 0..3000 {
            let own = points(&mut rng, n, mover, 0);
            let theirs = points(&mut rng, n, other, own);
            let value = alone.value(own, theirs);
            assert_eq!(value, whole.value(own, theirs), "{mover}v{other} W:{own:#x} B:{theirs:#x}");
            decided += usize::from(matches!(value, Some(Value::Win { .. } | Value::Loss { .. })));
        }
    }
    // Without flying most of these are decided: the comparison is not only of draws.
    assert!(decided > 10_000, "only {decided} of 21,000 sampled positions are decided");
    // Only the layers against three, and nothing past six pieces or the variant's own.
    let four = points(&mut rng, n, 4, 0);
    assert_eq!(alone.value(four, points(&mut rng, n, 4, four)), None);
    assert_eq!(alone.max_pieces(), 3);
    assert!(Tables::solve_against_three(Rules::new(VariantKind::Nine), 7).is_err());
    assert!(Tables::solve_against_three(Rules::new(VariantKind::Five), 6).is_err());
}

fn numbers(line: &str) -> Vec<u64> {
    line.split(|c: char| !c.is_ascii_digit()).filter_map(|w| w.parse().ok()).collect()
}

#[test]
fn stats_prints_three_lines_that_add_up() {
    let lines = dokuz(&["tables", "stats", "--variant", "six", "--white", "4", "--black", "3"]).expect("stats");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("all: ") && lines[0].ends_with(" draws"), "{lines:?}");
    assert!(lines[1].starts_with("folded: "), "{lines:?}");
    assert!(lines[2].starts_with("longest win: ") && lines[2].ends_with(" plies"), "{lines:?}");
    let all = numbers(&lines[0]);
    let folded = numbers(&lines[1]);
    // Four white points of 16, then three black among the 12 left.
    assert_eq!(all.iter().sum::<u64>(), 1820 * 220);
    // Sixteen symmetries: at least a sixteenth of the positions, fewer than all.
    let classes: u64 = folded.iter().sum();
    assert!(classes * 16 >= 1820 * 220 && classes < 1820 * 220, "{classes}");
    for i in 0..3 {
        assert!(folded[i] <= all[i] && (folded[i] == 0) == (all[i] == 0), "{all:?} {folded:?}");
    }
    // The longest win is one of the counted wins, so there are wins.
    assert!(numbers(&lines[2])[0] > 0 && all[0] > 0);
}

#[test]
fn probe_prints_the_value_and_every_move() {
    // The worked example of the rules page: White closes a mill in one and wins.
    let lines = dokuz(&["tables", "probe", "--position", "W:a7,d7,f2 B:a1,d1,e4 w"]).expect("probe");
    assert_eq!(lines[0], "value: White wins in 1 plies");
    let game = Game::from_text(Rules::new(VariantKind::Nine), Some("W:a7,d7,f2 B:a1,d1,e4 w")).expect("valid");
    assert_eq!(lines.len(), 1 + game.legal_moves().len());
    assert!(lines[1].starts_with("f2-g7x") && lines[1].ends_with("White wins in 1 plies"), "{lines:?}");
    // Black to move wins with e4-g1 in the same way.
    let lines = dokuz(&["tables", "probe", "--position", "W:a7,d7,f2 B:a1,d1,e4 b"]).expect("probe");
    assert_eq!(lines[0], "value: Black wins in 1 plies");
}

#[test]
fn tables_refuse_what_they_do_not_hold() {
    for (args, expected) in [
        (&["tables", "stats", "--variant", "nine", "--white", "5", "--black", "3"][..], "3 to 4 pieces"),
        (&["tables", "stats", "--white", "3", "--black", "3"][..], "needs --variant"),
        (&["tables", "stats", "--variant", "six", "--white", "3"][..], "needs --black"),
        (
            &["tables", "stats", "--variant", "six", "--white", "3", "--black", "3", "--level", "hard"][..],
            "does not apply",
        ),
        (&["tables", "probe"][..], "no table holds"),
        (&["tables", "probe", "--position", "W:a7,d7,f2 B:a1,d1,e4 w 1 1 0"][..], "no table holds"),
        (&["tables", "solve"][..], "unknown command"),
        (&["tables"][..], "stats or probe"),
    ] {
        let e = dokuz(args).expect_err("refused");
        assert!(e.contains(expected), "{args:?}: {e}");
    }
}

/// A random placing-phase position of a 16-point board: the hands agree with whose turn it
/// is (White places first), and each side has on the board at most what it has placed.
fn placing_position(rng: &mut StdRng, rules: Rules, plies_left: u8) -> Position {
    let pieces = rules.board().pieces;
    let placed = 2 * pieces - plies_left;
    let hands = [pieces - placed.div_ceil(2), pieces - placed / 2];
    let side = if placed.is_multiple_of(2) { Colour::White } else { Colour::Black };
    let n = rules.board().len();
    let (w, b) = (rng.random_range(0..=(pieces - hands[0]) as u32), rng.random_range(0..=(pieces - hands[1]) as u32));
    let white = points(rng, n, w, 0);
    let black = points(rng, n, b, white);
    Position::new([white, black], side, hands, 0)
}

#[test]
fn six_and_five_are_solved_whole_and_the_placing_phase_agrees_with_search() {
    for kind in [VariantKind::Five, VariantKind::Six] {
        let rules = Rules::new(kind);
        let tables = Tables::solve(rules, rules.board().pieces).expect("solves");
        assert!(tables.whole_game());
        let mut rng = StdRng::seed_from_u64(kind as u64);
        let mut decided = 0;
        let symmetries = rules.board().symmetries();
        for k in 0..600 {
            let pos = placing_position(&mut rng, rules, 1 + (k % (2 * rules.board().pieces as usize)) as u8);
            let value = tables.any_value(&pos).expect("the whole game is tabled");
            // The best of the moves, one ply deeper.
            let game = Game::from_position(rules, pos);
            let best = tables
                .moves(&game)
                .expect("tabled")
                .into_iter()
                .map(|(_, v)| v)
                .min_by_key(|&v| tables::preference(v))
                .unwrap_or(Value::Loss { plies: 0 });
            assert_eq!(best, value, "{kind:?} {}", game.position_text());
            // The same under every symmetry.
            for perm in &symmetries {
                let turned =
                    Position::new([image(pos.board[0], perm), image(pos.board[1], perm)], pos.side, pos.in_hand, 0);
                assert_eq!(tables.any_value(&turned), Some(value), "{kind:?} {}", game.position_text());
            }
            // The exhaustive search, near the end of placing (where it can reach an end).
            if kind == VariantKind::Five && pos.in_hand[0] + pos.in_hand[1] <= 2 {
                let searched = exhaustive(&pos, rules, 4);
                let expected = match value {
                    Value::Win { plies } | Value::Loss { plies } if plies <= 4 => Some(value),
                    _ => None,
                };
                assert_eq!(searched, expected, "{kind:?} {}", game.position_text());
                decided += usize::from(expected.is_some());
            }
        }
        if kind == VariantKind::Five {
            assert!(decided >= 5, "only {decided} sampled placing positions end within 4 plies");
        }
    }
}
