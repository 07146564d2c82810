#!/usr/bin/env python3
"""Is a change to the search only faster? Two dokuz binaries search the same positions to
a fixed depth, in turn on one core (the first of each pair alternates, so a slow spell
of the machine falls on both); every iteration's nodes, score and line must be the same,
and the time from the end of depth 1 to the end of the last depth (so without the table's
allocation) is summed for each.

Usage: tools/speed-ab.py BEFORE AFTER DEPTH COUNT FIRST_PLY LAST_PLY [SEED]
  CORE=0 (environment)

The positions are COUNT distinct positions after FIRST_PLY to LAST_PLY plies of the games
in tools/sanmill-games.txt (5 to 16: the placing phase after the book; 17 to 40: sliding),
chosen with SEED. Prints each position whose search differs, then one line: how many were
identical and the summed times. Exit 1 if any differs.
"""
import importlib.util, os, re, statistics, subprocess, sys
from pathlib import Path

CORE = os.environ.get("CORE", "0")
GAMES = Path(__file__).with_name("sanmill-games.txt")

# The sample of positions is time-policy.py's.
spec = importlib.util.spec_from_file_location("time_policy", Path(__file__).with_name("time-policy.py"))
time_policy = importlib.util.module_from_spec(spec)
spec.loader.exec_module(time_policy)


def search(binary, moves, depth):
    """The iterations without their times, the ms from depth 1 to the last, the nodes."""
    out = subprocess.run(["taskset", "-c", CORE, binary, "bestmove", "--level", "master", "--threads", "1",
                          "--depth", depth, "--seed", "0", "--verbose", "--moves", moves],
                         capture_output=True, text=True, check=True).stdout
    its = [line for line in out.splitlines() if line.startswith("depth ")]
    times = [int(re.search(r"time (\d+) ms", line).group(1)) for line in its]
    nodes = int(re.search(r"nodes (\d+)", its[-1]).group(1))
    return [re.sub(r"time \d+ ms ", "", line) for line in its], times[-1] - times[0], nodes


def main():
    if len(sys.argv) not in (7, 8):
        sys.exit(__doc__)
    before, after, depth = sys.argv[1], sys.argv[2], sys.argv[3]
    count, first, last = map(int, sys.argv[4:7])
    seed = int(sys.argv[7]) if len(sys.argv) == 8 else 0
    ms = {before: [], after: []}
    nodes, same = 0, 0
    positions = time_policy.sample(GAMES, first, last, count, seed)
    for i, moves in enumerate(positions):
        found = {}
        for binary in ((before, after) if i % 2 == 0 else (after, before)):
            its, spent, n = search(binary, moves, depth)
            found[binary] = its
            ms[binary].append(spent)
        nodes += n
        if found[before] == found[after]:
            same += 1
        else:
            print(f"differs after {moves}: {found[before][-1]} | {found[after][-1]}")
    a, b = sum(ms[before]), sum(ms[after])
    print(f"{len(positions)} positions after plies {first}-{last}, depth {depth}: {same} identical; "
          f"before {a} ms (median {statistics.median(ms[before])}), after {b} ms "
          f"(median {statistics.median(ms[after])}); {a / b:.3f} times as fast; "
          f"{nodes / a / 1000:.2f} / {nodes / b / 1000:.2f} M nodes/s")
    sys.exit(0 if same == len(positions) else 1)


if __name__ == "__main__":
    main()
