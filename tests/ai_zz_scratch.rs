use std::sync::atomic::AtomicBool;
use dokuz_tas::ai::{Level, Limits, think};
use dokuz_tas::rules::{Game, Rules, VariantKind};

fn show(g: &Game, level: Level, limits: Limits, seed: u64) {
    let stop = AtomicBool::new(false);
    let t = think(g, level, limits, seed, &stop).unwrap();
    let root: Vec<String> = t.iterations.last().map(|it| it.root.iter().map(|&(m, s)| format!("{}={}", g.move_text(m), s)).collect()).unwrap_or_default();
    println!("{:?} {:?}: {} root {:?}", level, limits.depth, g.move_text(t.best), root);
}

#[test]
fn explore() {
    let d = |n| Limits { depth: Some(n), ..Limits::default() };
    let mut g = Game::from_text(Rules::new(VariantKind::Nine), Some("W:a4,b4,c5,e3,f2,g4 B:b2,d6,e4,g1 b")).unwrap();
    for m in "b2-d2 b4-b6 d2-b2 b6-b4 b2-d2 b4-b6 d2-b2".split_whitespace() { g.play_text(m).unwrap(); }
    let fresh = Game::from_text(Rules::new(VariantKind::Nine), Some(&g.position_text())).unwrap();
    for gg in [&g, &fresh] {
        show(gg, Level::Medium, d(4), 1);
        show(gg, Level::Hard, d(6), 1);
        show(gg, Level::Master, d(6), 1);
        show(gg, Level::Master, d(9), 1);
    }
}
