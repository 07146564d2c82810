//! The solved three-against-three flying endgame: every value checked against the rules
//! engine's own moves, the 50-move limit applied, and whole endgames played out by the
//! computer (a won one won in the promised number of plies, a drawn one never lost).

use std::sync::atomic::AtomicBool;

use std::sync::{Arc, OnceLock};

use dokuz_tas::ai::endgame::{Endgame, Value};
use dokuz_tas::ai::{Level, Limits, think};
use dokuz_tas::rules::movegen::{self, MoveList};
use dokuz_tas::rules::position::{Colour, Position};
use dokuz_tas::rules::variant::Bits;
use dokuz_tas::rules::{Game, Rules, Status, VariantKind, WinReason};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The first solver's table of a board that flies, solved once for every test here.
fn solved(rules: Rules) -> Arc<Endgame> {
    static NINE: OnceLock<Arc<Endgame>> = OnceLock::new();
    static TWELVE: OnceLock<Arc<Endgame>> = OnceLock::new();
    let slot = if rules.variant == VariantKind::Twelve { &TWELVE } else { &NINE };
    slot.get_or_init(|| Arc::new(Endgame::solve(rules.board()))).clone()
}

fn flying(kind: VariantKind) -> Rules {
    Rules::with_flying(kind, true)
}

/// Three random points of the board outside `taken`.
fn three(rng: &mut StdRng, points: usize, taken: Bits) -> Bits {
    let mut set: Bits = 0;
    while set.count_ones() < 3 {
        let p = rng.random_range(0..points);
        if (taken | set) & (1 << p) == 0 {
            set |= 1 << p;
        }
    }
    set
}

fn random_endgame(rng: &mut StdRng, rules: Rules) -> Position {
    let n = rules.board().len();
    let white = three(rng, n, 0);
    let black = three(rng, n, white);
    let side = if rng.random_bool(0.5) { Colour::White } else { Colour::Black };
    Position::new([white, black], side, [0, 0], 0)
}

/// What the value of `pos` must be, given the values of the positions its legal moves
/// lead to: a capture wins at once; otherwise the quickest win over a move into a loss,
/// or the slowest loss when every move leads to a win for the other side; else a draw.
fn value_from_moves(table: &Endgame, pos: &Position, rules: Rules) -> Value {
    let mut list = MoveList::new();
    movegen::generate(pos, rules.board(), true, &mut list);
    assert!(!list.is_empty());
    let mut quickest_win: Option<u16> = None;
    let mut slowest_loss: Option<u16> = Some(0);
    for &m in list.iter() {
        if m.captures() {
            return Value::Win { plies: 1 };
        }
        let child = pos.play(m);
        match table.value(child.own(), child.theirs()) {
            Value::Loss { plies } => quickest_win = Some(quickest_win.map_or(plies + 1, |q| q.min(plies + 1))),
            Value::Win { plies } => slowest_loss = slowest_loss.map(|s| s.max(plies + 1)),
            Value::Draw => slowest_loss = None,
        }
    }
    match (quickest_win, slowest_loss) {
        (Some(plies), _) => Value::Win { plies },
        (None, Some(plies)) => Value::Loss { plies },
        (None, None) => Value::Draw,
    }
}

#[test]
fn every_sampled_value_agrees_with_the_moves_of_the_rules_engine() {
    let mut rng = StdRng::seed_from_u64(33);
    for kind in [VariantKind::Nine, VariantKind::Twelve] {
        let rules = flying(kind);
        let table = solved(rules);
        let mut seen = [0usize; 3];
        for _ in 0..20_000 {
            let pos = random_endgame(&mut rng, rules);
            let expected = value_from_moves(&table, &pos, rules);
            assert_eq!(table.value(pos.own(), pos.theirs()), expected, "{kind:?} {pos:?}");
            assert_eq!(table.value_in(&pos, true), Some(expected));
            seen[match expected {
                Value::Win { .. } => 0,
                Value::Loss { .. } => 1,
                Value::Draw => 2,
            }] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{kind:?}: wins and losses both sampled: {seen:?}");
        let (wins, losses, draws, longest) = table.census();
        // 2024 sets of three for the mover, 1330 for the other side among the 21 left.
        assert_eq!(wins + losses + draws, 2024 * 1330, "{kind:?}");
        assert!(longest > 10 && longest < 255, "{kind:?}: longest {longest}");
        // Nine has a few thousand drawn positions; with twelve's diagonal mills every
        // position is decided.
        assert_eq!(draws > 0, kind == VariantKind::Nine, "{kind:?}: {draws} draws");
    }
}

#[test]
fn only_three_flying_against_three_is_answered() {
    let table = solved(flying(VariantKind::Nine));
    // Not an endgame: four pieces, a piece in hand, flying off.
    let four = Position::new([0b1111, 0b111 << 8], Colour::White, [0, 0], 0);
    assert_eq!(table.value_in(&four, true), None);
    let in_hand = Position::new([0b111, 0b111 << 8], Colour::White, [1, 0], 0);
    assert_eq!(table.value_in(&in_hand, true), None);
    let three = Position::new([0b111 << 1, 0b111 << 8], Colour::White, [0, 0], 0);
    assert_eq!(table.value_in(&three, false), None);
    assert!(table.value_in(&three, true).is_some());
}

/// A position of `rules` whose value is `wanted`, found by sampling.
fn find(rules: Rules, rng: &mut StdRng, wanted: impl Fn(Value) -> bool) -> Position {
    let table = solved(rules);
    loop {
        let pos = random_endgame(rng, rules);
        if wanted(table.value(pos.own(), pos.theirs())) {
            return pos;
        }
    }
}

#[test]
fn a_win_beyond_the_fifty_move_count_is_a_draw() {
    let rules = flying(VariantKind::Nine);
    let table = solved(rules);
    let mut rng = StdRng::seed_from_u64(5);
    let pos = find(rules, &mut rng, |v| matches!(v, Value::Win { plies } if plies >= 9));
    let Value::Win { plies } = table.value(pos.own(), pos.theirs()) else { unreachable!() };
    let just_in_time = Position::new(pos.board, pos.side, [0, 0], 50 - plies);
    assert_eq!(table.value_in(&just_in_time, true), Some(Value::Win { plies }));
    let too_late = Position::new(pos.board, pos.side, [0, 0], 51 - plies);
    assert_eq!(table.value_in(&too_late, true), Some(Value::Draw));
}

fn quick(level: Level) -> Limits {
    match level {
        Level::Master => Limits { nodes: Some(40_000), ..Limits::default() },
        _ => Limits { nodes: Some(10_000), ..Limits::default() },
    }
}

/// Plays `pos` out between Master (the side to move) and Hard; returns the finished game.
fn play_out(rules: Rules, pos: Position, max_plies: usize) -> Game {
    // The search's own tables (ai::tables), solved now rather than in the background.
    dokuz_tas::ai::tables::solved(rules, 3);
    let mut game = Game::from_position(rules, pos);
    let master = pos.side;
    let stop = AtomicBool::new(false);
    for ply in 0..max_plies {
        if game.status() != Status::Ongoing {
            break;
        }
        let level = if game.position().side == master { Level::Master } else { Level::Hard };
        let t = think(&game, level, quick(level), ply as u64, &stop).expect("the game is on");
        game.play(t.best).expect("legal");
    }
    game
}

#[test]
fn master_wins_a_won_endgame_in_the_promised_number_of_plies() {
    for kind in [VariantKind::Nine, VariantKind::Twelve] {
        let rules = flying(kind);
        let mut rng = StdRng::seed_from_u64(kind as u64 + 11);
        let pos = find(rules, &mut rng, |v| matches!(v, Value::Win { plies } if plies >= 15));
        let table = solved(rules);
        let Some(Value::Win { plies }) = table.value_in(&pos, true) else { unreachable!() };
        let game = play_out(rules, pos, 60);
        assert_eq!(
            game.status(),
            Status::Win { winner: pos.side, reason: WinReason::TwoPieces },
            "{kind:?} from {}",
            Game::from_position(rules, pos).position_text()
        );
        // Hard defends as long as it can and Master takes the quickest way.
        assert_eq!(game.ply(), plies as usize, "{kind:?}");
    }
}

#[test]
fn master_never_loses_a_drawn_endgame() {
    let rules = flying(VariantKind::Nine);
    let mut rng = StdRng::seed_from_u64(8);
    for _ in 0..3 {
        let pos = find(rules, &mut rng, |v| v == Value::Draw);
        let game = play_out(rules, pos, 60);
        assert!(
            matches!(game.status(), Status::Draw(_) | Status::Ongoing),
            "{:?} from {}",
            game.status(),
            Game::from_position(rules, pos).position_text()
        );
    }
}
