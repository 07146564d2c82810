#!/usr/bin/env python3
"""Compares two runs of tools/versus-sanmill.py that played the same openings.

    tools/compare-runs.py A.log B.log

Runs with the same seed and PLIES play the same openings in the same order, so game N of
one run and game N of the other start alike (same opening, Master the same colour). This
pairs them game by game, over the games both runs counted, and prints:
- each run's wins, losses and draws over the paired games, and its score (a win 1, a draw
  one half);
- how the pairs went (how often A won where B drew, and so on);
- the mean difference of score a game, A minus B, with its standard error over the pairs.
  Pairing takes out what the opening itself decides, so the error is smaller than that of
  two independent samples of the same size.
Games that either run set aside, or that only one run reached, are left out and counted.
"""

import math
import re
import statistics
import sys
from collections import Counter

GAME = re.compile(r"^game (\d+) opening ([a-g1-7 ]*?)(?: master (White|Black): (win|loss|draw)|: not counted)")
POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def read_run(path):
    """Game number -> (opening, colour, result); result None for a game set aside."""
    games = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = GAME.match(line)
            if m:
                games[int(m.group(1))] = (m.group(2).strip(), m.group(3), m.group(4))
    return games


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: compare-runs.py A.log B.log")
    a, b = read_run(sys.argv[1]), read_run(sys.argv[2])
    both = sorted(set(a) & set(b))
    for n in both:
        if a[n][0] != b[n][0]:
            sys.exit(f"game {n}: opening '{a[n][0]}' against '{b[n][0]}': not the same seed and PLIES")
    paired = [n for n in both if a[n][2] and b[n][2]]
    set_aside = len(both) - len(paired)
    only_one = len(set(a) ^ set(b))
    print(f"{len(paired)} paired games ({set_aside} set aside by either run, {only_one} played by one run only)")
    if not paired:
        return
    for name, run in (("A", a), ("B", b)):
        counts = Counter(run[n][2] for n in paired)
        score = sum(POINTS[run[n][2]] for n in paired) / len(paired)
        print(f"{name}: {counts['win']} wins, {counts['loss']} losses, {counts['draw']} draws; "
              f"score {100 * score:.1f} %")
    pairs = Counter((a[n][1], a[n][2], b[n][2]) for n in paired)
    for colour in ("White", "Black"):
        line = ", ".join(f"A {ra} B {rb}: {c}" for (col, ra, rb), c in sorted(pairs.items()) if col == colour)
        print(f"Master {colour}: {line}")
    diffs = [POINTS[a[n][2]] - POINTS[b[n][2]] for n in paired]
    mean = statistics.mean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    print(f"A minus B: {100 * mean:+.1f} points a game in 100, standard error {100 * se:.1f}")


if __name__ == "__main__":
    main()
