//! A game survives being stored and read back (as its `GameRecord`, the form serde writes);
//! damaged or foreign records are errors, never impossible games.

use dokuz_tas::rules::game::GameRecord;
use dokuz_tas::rules::{Game, Rules, VariantKind};

fn sample() -> Game {
    let mut game = Game::new(Rules::with_flying(VariantKind::Nine, false));
    for m in ["d6", "d2", "b6", "a1", "f6xd2", "g7"] {
        game.play_text(m).expect(m);
    }
    game.undo();
    game.undo();
    game
}

#[test]
fn a_game_round_trips_with_its_redo_list() {
    let game = sample();
    let record = GameRecord::from(game.clone());
    assert_eq!(record.moves, ["d6", "d2", "b6", "a1"]);
    assert_eq!(record.redo, ["f6xd2", "g7"]);
    let mut back = Game::try_from(record).expect("reads back");
    assert_eq!(back, game);
    back.redo();
    back.redo();
    assert_eq!(back.moves().len(), 6);
    assert_eq!(back.position_text(), "W:b6,d6,f6 B:a1,g7 w 6 6 0");
}

#[test]
fn damaged_records_are_errors() {
    let good = GameRecord::from(sample());
    let mut illegal = good.clone();
    illegal.moves.push("d6".into());
    let mut unknown = good.clone();
    unknown.moves[0] = "z9".into();
    let mut impossible = good.clone();
    impossible.start = "W:a1,a4,a7,d7 B: w 9 9 0".into();
    let mut malformed = good.clone();
    malformed.start = "nonsense".into();
    for (what, bad) in [
        ("an illegal move", illegal),
        ("an unknown point", unknown),
        ("an impossible start", impossible),
        ("a malformed start", malformed),
    ] {
        let err = Game::try_from(bad).expect_err(what);
        assert!(!err.is_empty(), "{what}: {err}");
    }
}

#[test]
fn a_redo_list_that_does_not_replay_is_dropped_not_trusted() {
    let mut record = GameRecord::from(sample());
    record.redo = vec!["a1-a4".into(), "g7".into()];
    let game = Game::try_from(record).expect("the game itself is fine");
    assert!(!game.can_redo());
}

#[test]
fn six_read_back_with_flying_on_still_never_flies() {
    let mut record = GameRecord::from(Game::new(Rules::new(VariantKind::Six)));
    record.flying = true;
    assert!(!Game::try_from(record).expect("reads back").rules().flying);
}
