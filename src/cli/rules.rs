//! The rules commands of the `dokuz` tool: `moves`, `position`, `status`, `perft`, and
//! the perft half of `bench`.

use std::time::Instant;

use super::{BENCH_MIDGAME, BENCH_MOVING, Failure, Options, POSITION, number};
use crate::rules::movegen::perft;
use crate::rules::{Game, Rules, VariantKind};

pub fn run(command: &str, o: &Options, print: &mut dyn FnMut(&str)) -> Result<(), Failure> {
    match command {
        "moves" => {
            o.only(command, POSITION, 0)?;
            let game = o.game()?;
            for m in game.legal_moves().iter() {
                print(&game.move_text(*m));
            }
        }
        "position" => {
            o.only(command, POSITION, 0)?;
            print(&o.game()?.position_text());
        }
        "status" => {
            o.only(command, POSITION, 0)?;
            print(&o.game()?.status().to_string());
        }
        "perft" => {
            o.only(command, POSITION, 1)?;
            let [depth] = o.words.as_slice() else {
                return Err("perft needs exactly one depth, e.g. 'dokuz perft 5'".to_string().into());
            };
            let depth: u32 = number(depth, "perft depth")?;
            if depth > 12 {
                return Err(format!("perft depth {depth} would run for days: at most 12").into());
            }
            let game = o.game()?;
            print(&perft(game.position(), game.board(), game.rules().flying, depth).to_string());
        }
        _ => {
            o.only(command, &[], 0)?;
            bench(print);
        }
    }
    Ok(())
}

fn bench(print: &mut dyn FnMut(&str)) {
    for (name, pos, depth) in [
        ("nine start", None, 6),
        ("nine placing mid-game", Some(BENCH_MIDGAME), 6),
        ("nine moving phase", Some(BENCH_MOVING), 7),
    ] {
        let game = match Game::from_text(Rules::new(VariantKind::Nine), pos) {
            Ok(g) => g,
            Err(e) => return print(&format!("bench position is invalid: {e}")),
        };
        let start = Instant::now();
        let n = perft(game.position(), game.board(), true, depth);
        let secs = start.elapsed().as_secs_f64();
        print(&format!(
            "perft {depth} from {name}: {n} leaves in {secs:.3} s, {:.1} M leaves/s",
            n as f64 / secs / 1e6
        ));
    }
    super::ai::bench(print);
}
