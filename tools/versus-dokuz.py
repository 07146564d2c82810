#!/usr/bin/env python3
"""Master against Master: two `dokuz uci` builds (A and B, for example main and a change),
refereed by our own rules engine, for checking that a change loses nothing in self-play.

Usage: tools/versus-dokuz.py OPENINGS MOVETIME_MS SEED
  A=path/to/dokuz B=path/to/other/dokuz CORE=1 PLIES=2 (environment)

Each opening is PLIES random legal placements; both colours are played from each, both
engines on one thread at Master, pinned to one shared core, `go movetime` each move. One
line a game, then A's score. The engine and referee plumbing is `versus-sanmill.py`'s.
"""
import importlib.util, os, random, sys
from pathlib import Path

spec = importlib.util.spec_from_file_location("versus_sanmill", Path(__file__).with_name("versus-sanmill.py"))
vs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vs)

A = os.environ["A"]
B = os.environ["B"]
CORE = os.environ.get("CORE", "1")
PLIES = int(os.environ.get("PLIES", "2"))
vs.DOKUZ = A  # the referee


def engine(binary):
    e = vs.Proc(["taskset", "-c", CORE, binary, "uci"])
    for line in ["uci", "setoption name Level value master", "setoption name Threads value 1", "ucinewgame",
                 "isready"]:
        e.send(line)
    e.until_line("readyok")
    return e


def game(opening, a_white, ms):
    moves = list(opening)
    a, b = engine(A), engine(B)
    try:
        while (st := vs.status(moves)) == "ongoing":
            e = a if (len(moves) % 2 == 0) == a_white else b
            e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            e.send(f"go movetime {ms}")
            moves.append(e.until_bestmove())
        return st, moves
    finally:
        a.quit()
        b.quit()


def main():
    openings, ms, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    score = {"win": 0, "loss": 0, "draw": 0}
    for k in range(openings):
        opening = []
        for _ in range(PLIES):
            opening.append(rng.choice(vs.legal(opening)))
        for a_white in (True, False):
            st, moves = game(opening, a_white, ms)
            r = "draw" if st.startswith("draw") else ("win" if st.startswith("white wins") == a_white else "loss")
            score[r] += 1
            print(f"game {2 * k + 1 + (not a_white)} A {'White' if a_white else 'Black'}: {r} ({st}), "
                  f"{len(moves)} plies: {' '.join(moves)}", flush=True)
    w, l, d = score["win"], score["loss"], score["draw"]
    print(f"A: {w} wins, {l} losses, {d} draws: {(w + d / 2) / max(1, w + l + d) * 100:.1f} %", flush=True)


if __name__ == "__main__":
    main()
