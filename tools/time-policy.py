#!/usr/bin/env python3
"""How a policy for sharing think time would choose, without playing games: Master
searches sample positions once, deep and by depth (so the figures do not depend on the
machine's load), and each policy is replayed on the record of its iterations. A policy is
a budget in nodes and, optionally, a longer budget used while the best move is unsettled
(changed in one of the last two completed iterations, or fewer than three done). For each it
prints how often its move is the deep search's and its mean cost, in nodes, shown as
milliseconds at the placing phase's usual speed.

Usage: tools/time-policy.py GAMES_LOG FIRST_PLY LAST_PLY COUNT DEPTH [SEED]
  DOKUZ=target/release/dokuz CORE=0 (environment)

GAMES_LOG holds lines with `plies: M1 M2 …` (the logs of versus-sanmill.py); the sample is
COUNT distinct positions after FIRST_PLY to LAST_PLY plies of those games (5 to 16: the
placing phase after the book), chosen with SEED. README "Against Sanmill" has the results.
"""
import os, random, re, subprocess, sys

DOKUZ = os.environ.get("DOKUZ", "target/release/dokuz")
CORE = os.environ.get("CORE", "0")
NODES_A_MS = 4000  # Master's placing search on one thread, about
POLICIES = [(1000, None), (1000, 2000), (1000, 3000), (1300, None), (1500, None), (2000, None), (2000, 4000),
            (2000, 6000), (2400, None), (3000, None), (4000, None)]


def sample(log, first, last, count, seed):
    games = [m.group(1).split() for line in open(log) if (m := re.search(r"plies: (.*)", line))]
    positions = sorted({" ".join(g[:k]) for g in games for k in range(first, last + 1) if k < len(g)})
    random.Random(seed).shuffle(positions)
    return positions[:count]


def search_iterations(binary, moves, depth, core):
    """(depth, score, nodes, best move) of each completed iteration of Master's search of
    the position after `moves`, on one thread pinned to `core`, deepest last."""
    out = subprocess.run(["taskset", "-c", core, binary, "bestmove", "--level", "master", "--threads", "1",
                          "--depth", str(depth), "--seed", "0", "--verbose", "--moves", moves],
                         capture_output=True, text=True, check=True).stdout
    return [(int(m[1]), int(m[2]), int(m[3]), m[4]) for line in out.splitlines()
            if (m := re.match(r"depth (\d+) score (-?\d+) nodes (\d+) time \d+ ms pv (\S+)", line))]


def iterations(moves, depth):
    """(nodes, best move) of each completed iteration."""
    return [(nodes, best) for _, _, nodes, best in search_iterations(DOKUZ, moves, depth, CORE)]


def unsettled(bests):
    return len(bests) < 3 or bests[-1] != bests[-2] or bests[-2] != bests[-3]


def replay(its, budget, longer):
    """The move a search with these budgets plays, and the nodes it spends: it stops when
    the next iteration would end past the budget in force after the last completed one,
    at that budget, or at once if the last completed one already ended past it."""
    bests, limit, spent = [], budget, 0
    for nodes, best in its:
        if nodes > limit and bests:
            return bests[-1], max(limit, spent)
        bests.append(best)
        spent = nodes
        limit = longer if longer and unsettled(bests) else budget
    return bests[-1], spent


def main():
    if len(sys.argv) not in (6, 7):
        sys.exit(__doc__)
    log, first, last, count, depth = sys.argv[1], *map(int, sys.argv[2:6])
    seed = int(sys.argv[6]) if len(sys.argv) == 7 else 0
    records = []
    for moves in sample(log, first, last, count, seed):
        its = iterations(moves, depth)
        if its:
            records.append(its)
        print(f"searched {len(records)}/{count}", end="\r", file=sys.stderr, flush=True)
    print(f"{len(records)} positions, depth {depth}")
    for ms, longer_ms in POLICIES:
        budget, longer = ms * NODES_A_MS, longer_ms and longer_ms * NODES_A_MS
        chosen = [replay(its, budget, longer) for its in records]
        agree = sum(move == its[-1][1] for (move, _), its in zip(chosen, records))
        mean = sum(nodes for _, nodes in chosen) / len(chosen) / NODES_A_MS
        name = f"{ms} ms" + (f", {longer_ms} ms while unsettled" if longer_ms else "")
        print(f"{name:32} depth {depth}'s move in {agree}/{len(records)}, mean {mean:.0f} ms")


if __name__ == "__main__":
    main()
