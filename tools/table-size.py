#!/usr/bin/env python3
"""Does a larger transposition table reach a depth sooner? Master searches the same
positions to a fixed depth with each table size (`bestmove --hash MB`, uci `Hash`), on one
core, the sizes in turn (the first alternates, so that a slow spell of the machine falls on
all). Prints each position's (or game's) times and nodes, then for each size the summed
time from the end of depth 1 to the end of the last depth (the table's allocation left
out), the summed nodes, and the geometric means of the time and node ratios to the first
size.

Usage:
  tools/table-size.py positions BINARY DEPTH COUNT FIRST_PLY LAST_PLY SEED MB1 MB2 …
      fresh searches of COUNT positions after FIRST_PLY to LAST_PLY plies of the games in
      tools/sanmill-games.txt (the sample of tools/time-policy.py)
  tools/table-size.py games BINARY DEPTH COUNT FIRST_PLY LAST_PLY SEED MB1 MB2 …
      as in a match: COUNT of those games, one `dokuz uci` for each game and size, which
      searches the positions after plies FIRST_PLY, FIRST_PLY + 2, … LAST_PLY in turn
      (one side's moves) with its table kept between them
  CORE=1 (environment)
README "Against Sanmill" has the results.
"""
import importlib.util, math, os, random, re, subprocess, sys
from pathlib import Path

CORE = os.environ.get("CORE", "1")
GAMES = Path(__file__).with_name("sanmill-games.txt")
_spec = importlib.util.spec_from_file_location("time_policy", Path(__file__).with_name("time-policy.py"))
time_policy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(time_policy)


def fresh(binary, depth, mb, moves):
    """(ms from depth 1 to the last depth, nodes) of one search with a fresh table."""
    out = subprocess.run(["taskset", "-c", CORE, binary, "bestmove", "--level", "master", "--threads", "1",
                          "--hash", mb, "--depth", depth, "--seed", "0", "--verbose", "--moves", moves],
                         capture_output=True, text=True, check=True).stdout
    its = [line for line in out.splitlines() if line.startswith("depth ")]
    times = [int(re.search(r"time (\d+) ms", line).group(1)) for line in its]
    return max(1, times[-1] - times[0]), int(re.search(r"nodes (\d+)", its[-1]).group(1))


def along(binary, depth, mb, game, plies):
    """(summed ms, summed nodes) of searching the positions after `plies` of `game` in
    turn in one engine, its table kept."""
    p = subprocess.Popen(["taskset", "-c", CORE, binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    for line in ["setoption name Threads value 1", f"setoption name Hash value {mb}", "ucinewgame", "isready"]:
        send(line)
    while p.stdout.readline().strip() != "readyok":
        pass
    ms = nodes = 0
    for ply in plies:
        send("position startpos moves " + " ".join(game[:ply]))
        send(f"go depth {depth}")
        last = None
        while (line := p.stdout.readline()) and not line.startswith("bestmove"):
            if line.startswith("info depth"):
                last = line
        ms += int(re.search(r" time (\d+)", last).group(1))
        nodes += int(re.search(r" nodes (\d+)", last).group(1))
    send("quit")
    p.wait()
    return ms, nodes


def main():
    if len(sys.argv) < 10 or sys.argv[1] not in ("positions", "games"):
        sys.exit(__doc__)
    mode, binary, depth = sys.argv[1:4]
    count, first, last, seed = map(int, sys.argv[4:8])
    sizes = sys.argv[8:]
    if mode == "positions":
        jobs = time_policy.sample(GAMES, first, last, count, seed)
        work = lambda mb, moves: fresh(binary, depth, mb, moves)
    else:
        games = [m.group(1).split() for line in open(GAMES)
                 if line.startswith("game") and "not counted" not in line and (m := re.search(r"plies: (.*)", line))]
        jobs = random.Random(seed).sample([g for g in games if len(g) > last], count)
        work = lambda mb, game: along(binary, depth, mb, game, range(first, last + 1, 2))
    ms = {mb: [] for mb in sizes}
    nodes = {mb: [] for mb in sizes}
    for i, job in enumerate(jobs):
        for mb in (sizes if i % 2 == 0 else sizes[::-1]):
            t, n = work(mb, job)
            ms[mb].append(t)
            nodes[mb].append(n)
        label = job if mode == "positions" else " ".join(job[:last])
        print(i, label, " ".join(f"{mb} MB: {ms[mb][-1]} ms {nodes[mb][-1]} nodes" for mb in sizes), flush=True)

    def geomean(values, base):
        return math.exp(sum(math.log(v / b) for v, b in zip(values, base)) / len(base))

    for mb in sizes:
        print(f"{mb} MB: {sum(ms[mb])} ms, {sum(nodes[mb])} nodes; against {sizes[0]} MB, geometric mean "
              f"time {geomean(ms[mb], ms[sizes[0]]):.3f}, nodes {geomean(nodes[mb], nodes[sizes[0]]):.3f}")


if __name__ == "__main__":
    main()
