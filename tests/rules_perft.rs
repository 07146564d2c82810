use dokuz_tas::rules::movegen::perft;
use dokuz_tas::rules::{Position, Rules, VariantKind};

fn perft_from_start(kind: VariantKind, depth: u32) -> u64 {
    let rules = Rules::new(kind);
    perft(&Position::start(rules.board()), rules.board(), rules.flying, depth)
}

#[test]
fn nine_matches_the_rules_table() {
    let expected = [24, 552, 12_144, 255_024, 5_140_800];
    for (i, &n) in expected.iter().enumerate() {
        assert_eq!(perft_from_start(VariantKind::Nine, i as u32 + 1), n, "depth {}", i + 1);
    }
}

#[test]
fn six_matches_the_rules_table() {
    let expected = [16, 240, 3_360, 43_680];
    for (i, &n) in expected.iter().enumerate() {
        assert_eq!(perft_from_start(VariantKind::Six, i as u32 + 1), n, "depth {}", i + 1);
    }
}
