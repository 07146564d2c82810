//! `dokuz uci`, the persistent engine: a whole conversation through `Engine::handle`, as
//! standard input would feed it, with the lines it answers collected.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dokuz_tas::ai::uci::{Engine, Out};
use dokuz_tas::rules::{Game, Rules, VariantKind};

fn engine() -> (Engine, Arc<Mutex<Vec<String>>>) {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    let out: Out = Arc::new(move |l: &str| sink.lock().expect("lines").push(l.to_string()));
    (Engine::new(out), lines)
}

fn take(lines: &Arc<Mutex<Vec<String>>>) -> Vec<String> {
    std::mem::take(&mut *lines.lock().expect("lines"))
}

/// Waits (at most 30 s) for the `bestmove` line, and returns everything said up to it.
fn until_bestmove(lines: &Arc<Mutex<Vec<String>>>) -> Vec<String> {
    let start = Instant::now();
    let mut said = Vec::new();
    loop {
        said.extend(take(lines));
        if said.iter().any(|l| l.starts_with("bestmove")) {
            return said;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no bestmove: {said:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_handshake_and_a_search_by_depth() {
    let (mut e, lines) = engine();
    assert!(e.handle("uci"));
    let said = take(&lines);
    assert!(said[0].starts_with("id name "), "{said:?}");
    assert_eq!(said.last().map(String::as_str), Some("uciok"));
    e.handle("isready");
    assert_eq!(take(&lines), ["readyok"]);
    e.handle("setoption name Level value hard");
    e.handle("setoption name Threads value 1");
    e.handle("ucinewgame");
    e.handle("position startpos moves d6 d2");
    e.handle("go depth 4");
    let said = until_bestmove(&lines);
    let infos: Vec<&String> = said.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 4, "one info line a depth: {said:?}");
    assert!(infos[3].starts_with("info depth 4 score cp ") && infos[3].contains(" pv "), "{}", infos[3]);
    // the best move is legal after d6 d2
    let best = said.last().and_then(|l| l.strip_prefix("bestmove ")).expect("bestmove").to_string();
    let mut game = Game::new(Rules::new(VariantKind::Nine));
    for m in ["d6", "d2", best.as_str()] {
        game.play_text(m).unwrap_or_else(|err| panic!("{m}: {err}"));
    }
    assert!(!e.handle("quit"), "quit ends the loop");
}

#[test]
fn a_won_position_is_a_mate_score_and_stop_answers_at_once() {
    let (mut e, lines) = engine();
    e.handle("position text W:a7,d7,f2 B:a1,d1,e4 w");
    e.handle("go depth 3");
    let said = until_bestmove(&lines);
    assert!(said.iter().any(|l| l.contains("score mate 1")), "{said:?}");
    // the mill, and any of Black's three pieces: Black is left with two
    assert!(said.last().is_some_and(|l| l.starts_with("bestmove f2-g7x")), "{said:?}");
    // a long search, stopped: the best move so far comes at once (four placements in,
    // past Master's opening book)
    e.handle("position startpos moves d2 f4 d6 b4");
    e.handle("go movetime 60000");
    std::thread::sleep(Duration::from_millis(300));
    e.handle("isready");
    let started = Instant::now();
    e.handle("stop");
    let said = until_bestmove(&lines);
    assert!(started.elapsed() < Duration::from_secs(5), "stop took {:?}", started.elapsed());
    assert!(said.iter().any(|l| l == "readyok"), "isready is answered while searching: {said:?}");
}

#[test]
fn bad_lines_are_answered_and_the_engine_goes_on() {
    let (mut e, lines) = engine();
    for bad in [
        "fly me to the moon",
        "setoption name Level value grandmaster",
        "setoption name Threads value 0",
        "setoption name Hash value 0",
        "setoption name Hash value 4097",
        "setoption name Hash value big",
        "setoption name Colour value red",
        "position text W:a7,a7 B: w",
        "position startpos moves d6 d6",
        "position sideways",
        "go",
        "go depth -3",
        "go movetime soon",
        "go wtime 1000",
        "go wtime 1000 btime",
        "go wtime 1000 btime 1000 winc soon",
        "go wtime 0 btime 1000",
        "go wtime 5 btime 5 wtime 5",
        "go wtime 5 btime 5 movetime 5",
    ] {
        assert!(e.handle(bad), "{bad}: the engine keeps running");
        let said = take(&lines);
        assert_eq!(said.len(), 1, "{bad}: {said:?}");
        assert!(said[0].starts_with("info string error: "), "{bad}: {said:?}");
    }
    // a bad position leaves the last good one
    e.handle("position startpos moves d6");
    e.handle("position startpos moves d6 nonsense");
    take(&lines);
    e.handle("setoption name Level value easy");
    e.handle("go depth 1");
    let said = until_bestmove(&lines);
    let best = said.last().and_then(|l| l.strip_prefix("bestmove ")).expect("bestmove").to_string();
    let mut game = Game::new(Rules::new(VariantKind::Nine));
    game.play_text("d6").expect("d6");
    game.play_text(&best).expect("Black's move after d6: the bad line changed nothing");
    // a finished game has no move
    e.handle("position text W:a7,d7,g7 B:a1,d1 b");
    e.handle("go depth 2");
    let said = take(&lines);
    assert!(said.iter().any(|l| l.starts_with("info string error: the game is over")), "{said:?}");
}

#[test]
fn variants_and_the_flying_rule_are_options() {
    let (mut e, lines) = engine();
    e.handle("setoption name Variant value six");
    e.handle("setoption name Level value medium");
    e.handle("position startpos");
    e.handle("go depth 2");
    let said = until_bestmove(&lines);
    let best = said.last().and_then(|l| l.strip_prefix("bestmove ")).expect("bestmove").to_string();
    Game::new(Rules::new(VariantKind::Six)).play_text(&best).expect("a six men's placement");
    e.handle("setoption name Variant value eleven");
    assert!(take(&lines)[0].starts_with("info string error: "));
    e.handle("setoption name Flying value maybe");
    assert!(take(&lines)[0].starts_with("info string error: "));
}

/// A GUI sends the next position and `go` as soon as it reads `bestmove`: the search is
/// over then, even if its thread has not yet handed its table back. Before, such a
/// command could get "the engine is searching" and the GUI then waited for ever: it was
/// seen with the machine loaded, when the search thread lost its core between printing
/// `bestmove` and ending. Played through the real program and its pipes, as a GUI would,
/// with busy threads beside it so that the engine's threads are often put aside.
#[test]
fn the_next_search_may_start_as_soon_as_bestmove_is_out() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dokuz"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("dokuz uci starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut send = |line: &str| writeln!(input, "{line}").expect("the engine reads");
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let load: Vec<_> = (0..4)
        .map(|_| {
            let done = done.clone();
            std::thread::spawn(move || {
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            })
        })
        .collect();
    send("setoption name Threads value 1");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..12 {
        send(&format!("position startpos moves {}", moves.join(" ")));
        send("go movetime 100");
        let best = loop {
            let line = output.next().expect("a line before bestmove").expect("text");
            assert!(!line.contains("error"), "{line} after {moves:?}");
            if let Some(best) = line.strip_prefix("bestmove ") {
                break best.to_string();
            }
        };
        moves.push(best);
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    for spinner in load {
        spinner.join().expect("a spinner ends");
    }
    let mut game = Game::new(Rules::new(VariantKind::Nine));
    for m in &moves {
        game.play_text(m).unwrap_or_else(|err| panic!("{m} after {moves:?}: {err}"));
    }
    send("quit");
    assert!(child.wait().expect("the engine ends").success());
}

/// `go wtime … btime … winc … binc …`: the engine takes its think time from its own clock,
/// and answers within it.
#[test]
fn a_search_on_the_clock_answers_within_its_share() {
    let (mut e, lines) = engine();
    e.handle("setoption name Level value hard");
    e.handle("setoption name Threads value 1");
    e.handle("position startpos moves d6");
    // Black to move with 9 in hand: 400 ms + 2,200 ms / (9 + 2) = 600 ms; White's clock is
    // not Black's.
    let started = Instant::now();
    e.handle("go wtime 1 btime 2200 winc 60000 binc 400");
    let said = until_bestmove(&lines);
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(550) && took < Duration::from_millis(1500), "{took:?}: {said:?}");
    let best = said.last().and_then(|l| l.strip_prefix("bestmove ")).expect("bestmove").to_string();
    let mut game = Game::new(Rules::new(VariantKind::Nine));
    for m in ["d6", best.as_str()] {
        game.play_text(m).unwrap_or_else(|err| panic!("{m}: {err}"));
    }
}

/// The clock is spent mostly on the placements, never runs out, and leaves the moving
/// phase about its increment: a recorded game (Master White against Sanmill, 52 plies)
/// played on White's clock of 7 s and 0.8 s a move, each move taking its whole share.
#[test]
fn a_clock_goes_mostly_into_the_placements_and_never_runs_out() {
    use dokuz_tas::ai::time_from_clock;
    let moves = "d5 c4 d2 f4 b4 d6 f6 b2 e4 c3 e3 e5 d1 d3 g7 d7 c5 a1 d1-g1 a1-d1 g1-g4 d1-g1 d2-d1 \
                 b2-d2 b4-b2 c4-b4 c5-c4 b4-a4 b2-b4 d2-b2 d1-d2 g1-d1 g4-g1 d7-a7 g7-d7 d1-a1xd7 d2-d1 \
                 a7-d7 d1-d2 d7-a7xg1 b4-b6 b2-b4 d2-b2 a1-d1 b2-d2 d1-a1xc4 d2-f2 c3-c4xf2 d5-c5 \
                 a7-d7 c5-d5 c4-c5";
    let increment = Duration::from_millis(800);
    let mut left = Duration::from_millis(7000);
    let (mut placing, mut moving) = (Vec::new(), Vec::new());
    let mut game = Game::new(Rules::new(VariantKind::Nine));
    for m in moves.split_whitespace() {
        if game.position().side == dokuz_tas::rules::Colour::White {
            let t = time_from_clock(&game, left, increment);
            assert!(t < left, "{t:?} of {left:?} before {m}");
            left = left - t + increment;
            if game.position().placing_done() { &mut moving } else { &mut placing }.push(t);
        }
        game.play_text(m).unwrap_or_else(|err| panic!("{m}: {err}"));
    }
    assert_eq!((placing.len(), moving.len()), (9, 17));
    let mean = |v: &[Duration]| v.iter().sum::<Duration>() / v.len() as u32;
    assert!(mean(&placing) > increment * 17 / 10, "placing {placing:?}");
    assert!(placing.iter().all(|&t| t > increment * 3 / 2), "placing {placing:?}");
    assert!(moving.iter().all(|&t| t > increment * 4 / 5 && t < increment * 6 / 5), "moving {moving:?}");
}

/// A placement whose choice stays unsettled may think up to twice its share, and even if
/// every placement does, the clock never runs out and each move after them still gets at
/// least its increment; a slide is given no more than its share. The game of the test
/// above, on the same clock.
#[test]
fn an_unsettled_placement_may_think_twice_its_share_and_the_clock_still_lasts() {
    use dokuz_tas::ai::{limits_from_clock, time_from_clock};
    let moves = "d5 c4 d2 f4 b4 d6 f6 b2 e4 c3 e3 e5 d1 d3 g7 d7 c5 a1 d1-g1 a1-d1 g1-g4 d1-g1 d2-d1 \
                 b2-d2 b4-b2 c4-b4 c5-c4 b4-a4 b2-b4 d2-b2 d1-d2 g1-d1 g4-g1 d7-a7 g7-d7 d1-a1xd7 d2-d1";
    let increment = Duration::from_millis(800);
    let mut left = Duration::from_millis(7000);
    let mut game = Game::new(Rules::new(VariantKind::Nine));
    let mut longer = 0;
    for m in moves.split_whitespace() {
        if game.position().side == dokuz_tas::rules::Colour::White {
            let limits = limits_from_clock(&game, left, increment);
            let share = time_from_clock(&game, left, increment);
            assert_eq!(limits.time, Some(share));
            let longest = limits.unsettled_time.unwrap_or(share);
            if game.position().placing_done() {
                assert_eq!(limits.unsettled_time, None, "a slide before {m}");
                assert!(longest >= increment, "{longest:?} of {left:?} before {m}");
            } else {
                assert!(longest <= share * 2 && longest < left, "{longest:?} of {left:?} before {m}");
                longer += (longest > share * 3 / 2) as u32;
            }
            left = left - longest + increment;
        }
        game.play_text(m).unwrap_or_else(|err| panic!("{m}: {err}"));
    }
    // Worst case: each placement takes its longest, so the later ones find less on the
    // clock and are held to three quarters of it.
    assert!(longer >= 3, "only {longer} placements may think longer than one and a half shares");
}

/// `ucinewgame` solves the endgame tables of the level's rules before the next line is
/// read, so that a game on the clock does not pay for them in the middle (and `isready`
/// waits for them); Medium does not use them and does not solve them.
#[test]
fn a_new_game_solves_the_tables_first() {
    use dokuz_tas::ai::tables;
    let rules = Rules::new(VariantKind::Five);
    assert!(tables::ready(rules).is_none(), "no other test here solves five men's morris");
    let (mut e, lines) = engine();
    e.handle("setoption name Variant value five");
    e.handle("setoption name Level value medium");
    e.handle("ucinewgame");
    assert!(tables::ready(rules).is_none(), "Medium does not use the tables");
    e.handle("setoption name Level value hard");
    e.handle("ucinewgame");
    assert!(tables::ready(rules).is_some_and(|t| t.whole_game()), "five men's morris is solved whole");
    e.handle("isready");
    assert_eq!(take(&lines), ["readyok"]);
}

/// The nodes of the last `info depth` line of a search by depth.
fn nodes_to_depth(e: &mut Engine, lines: &Arc<Mutex<Vec<String>>>, depth: u32) -> u64 {
    e.handle(&format!("go depth {depth}"));
    let said = until_bestmove(lines);
    let last = said.iter().rev().find(|l| l.starts_with(&format!("info depth {depth} "))).expect("the last depth");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "nodes").expect("nodes");
    words[at + 1].parse().expect("a number of nodes")
}

/// `Hash` sets the table's size: a 1 MB table, too small for this search, makes it search
/// more than Master's own 64 MB, which `Hash 64` gives back exactly; the size stays
/// through `ucinewgame`, which forgets what the table learnt.
#[test]
fn the_hash_option_sizes_the_table_and_a_new_game_keeps_the_size() {
    let (mut e, lines) = engine();
    let opening = "position startpos moves d6 d2 f4 b4";
    e.handle("setoption name Threads value 1");
    e.handle("ucinewgame");
    e.handle(opening);
    let own = nodes_to_depth(&mut e, &lines, 11);
    e.handle("setoption name Hash value 1");
    e.handle("ucinewgame");
    e.handle(opening);
    let small = nodes_to_depth(&mut e, &lines, 11);
    assert!(small > own, "a 1 MB table searched {small} nodes, Master's own {own}");
    e.handle("ucinewgame");
    e.handle(opening);
    assert_eq!(nodes_to_depth(&mut e, &lines, 11), small, "a new game keeps the 1 MB table, empty");
    e.handle("setoption name Hash value 64");
    e.handle(opening);
    assert_eq!(nodes_to_depth(&mut e, &lines, 11), own, "Hash 64 is Master's own table, empty");
    assert!(take(&lines).iter().all(|l| !l.starts_with("info string error")));
}
