use dokuz_tas::ai::{Level, Limits, think};
use dokuz_tas::rules::{Game, Rules, VariantKind};
use std::sync::atomic::AtomicBool;

fn show(g: &Game, level: Level, limits: Limits, seed: u64) {
    let stop = AtomicBool::new(false);
    let t = think(g, level, limits, seed, &stop).unwrap();
    let root: Vec<String> = t
        .iterations
        .last()
        .map(|it| {
            it.root
                .iter()
                .take(10)
                .map(|&(m, s)| format!("{}={}", g.move_text(m), s))
                .collect()
        })
        .unwrap_or_default();
    println!(
        "{:?} {:?}: {} root {:?}",
        level,
        limits.depth,
        g.move_text(t.best),
        root
    );
    for it in &t.iterations {
        let pv: Vec<String> = it.pv.iter().map(|&m| g.move_text(m)).collect();
        println!("   d{} s{} pv {}", it.depth, it.score, pv.join(" "));
    }
}

#[test]
fn explore() {
    let d = |n| Limits {
        depth: Some(n),
        ..Limits::default()
    };
    let mut g =
        Game::from_text(Rules::new(VariantKind::Nine), Some("W:c4,e4 B:a7,d7 w 7 7")).unwrap();
    g.play_text("d6").unwrap();
    show(&g, Level::Master, d(5), 1);
    show(&g, Level::Master, d(7), 1);
    let g = Game::from_text(Rules::new(VariantKind::Nine), Some("W:c4,e4 B:a7,d7 w 7 7")).unwrap();
    show(&g, Level::Master, d(8), 1);
}
