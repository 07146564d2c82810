#!/usr/bin/env python3
"""Master against Master: two `dokuz uci` builds (A and B, for example main and a change),
refereed by our own rules engine, for checking that a change loses nothing in self-play.

Usage: tools/versus-dokuz.py OPENINGS MOVETIME_MS SEED
  A=path/to/dokuz B=path/to/other/dokuz CORE=1 PLIES=2 (environment)

Each opening is PLIES random legal placements; both colours are played from each, both
engines on one thread at Master, pinned to one shared core, `go movetime` each move. One
line a game, then A's score. The players and the referee are `versus-sanmill.py`'s.
"""
import importlib.util, os, random, sys
from pathlib import Path

spec = importlib.util.spec_from_file_location("versus_sanmill", Path(__file__).with_name("versus-sanmill.py"))
vs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vs)

A = os.environ["A"]
B = os.environ["B"]
PLIES = int(os.environ.get("PLIES", "2"))
vs.DOKUZ = A  # the referee
vs.CLOCK = None  # `go movetime` for both


def game(opening, a_white, ms):
    moves = list(opening)
    a, b = vs.Master(ms, A), vs.Master(ms, B)
    try:
        while (st := vs.status(moves)) == "ongoing":
            moves.append((a if (len(moves) % 2 == 0) == a_white else b).move(moves))
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
