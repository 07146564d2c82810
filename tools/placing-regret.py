#!/usr/bin/env python3
"""How much a search's placements cost, judged by deeper searches: the yardstick for a change
to the search or the evaluation of the placing phase, where Master's lost games are lost.

Agreement with a deep search's move (tools/time-policy.py) is the wrong yardstick for such a
change: many placements have several moves of the same value, and a search that prunes
differently picks another of them. Here each move is judged by its value instead: the
position after the move is searched afresh to JUDGE_DEPTH by the judging binary, and the
move's regret is the value of the reference's move, judged the same way, less its own.

Usage:
  tools/placing-regret.py sample GAMES_LOG FIRST_PLY LAST_PLY COUNT SEED > POSITIONS
  tools/placing-regret.py search POSITIONS DEPTH OUT       every iteration of a search
                                                          (DOKUZ=binary, its environment)
  tools/placing-regret.py judge JUDGE_DEPTH NODES REF RUN...
                                                          the move of each run's last
                                                          iteration within NODES, against
                                                          REF's deepest move
  tools/placing-regret.py losses GAMES DEPTH LAST_PLY > POSITIONS
                                                          where each game Master lost was
                                                          lost: the position before its
                                                          first move (up to LAST_PLY) that a
                                                          search to DEPTH finds 0.5 pieces
                                                          worse than its own best; the
                                                          reasons on stderr
Environment: DOKUZ (default target/release/dokuz) for `search`, JUDGE (default DOKUZ) for
`judge`, CORES (default "0,1": one search at a time on each). `judge` keeps the values it
searched in `judged-DEPTH.tsv` beside REF, so that runs can be added later.
README "Against Sanmill" has the results.
"""
import importlib.util, os, queue, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# The positions are sampled, and searched, as tools/time-policy.py does it.
_spec = importlib.util.spec_from_file_location("time_policy", Path(__file__).with_name("time-policy.py"))
time_policy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(time_policy)

DOKUZ = os.environ.get("DOKUZ", "target/release/dokuz")
CORES = os.environ.get("CORES", "0,1").split(",")


def on_cores(jobs, work):
    """`work(job, core)` for each job, one at a time on each core, results in order."""
    free = queue.Queue()
    for c in CORES:
        free.put(c)

    def run(job):
        core = free.get()
        try:
            return work(job, core)
        finally:
            free.put(core)

    with ThreadPoolExecutor(len(CORES)) as ex:
        yield from ex.map(run, jobs)


def load(path):
    runs = {}
    for line in open(path):
        moves, its = line.rstrip("\n").split("\t")
        runs[moves] = [(int(d), int(s), int(n), m) for d, s, n, m in (i.split(":", 3) for i in its.split())]
    return runs


def search(positions, depth, out):
    moves = [line.strip() for line in open(positions) if line.strip()]
    with open(out, "w") as f:
        searched = on_cores(moves, lambda m, core: time_policy.search_iterations(DOKUZ, m, depth, core))
        for m, its in zip(moves, searched):
            print(m + "\t" + " ".join(f"{d}:{s}:{n}:{b}" for d, s, n, b in its), file=f, flush=True)


def value_after(binary, moves, depth, core):
    """The value of the last of `moves` for the side that played it: the position after it
    searched to `depth`."""
    its = time_policy.search_iterations(binary, moves, depth, core)
    if its:
        return -its[-1][1]
    # No iteration: the move ended the game, and only the mover can win by moving.
    status = subprocess.run([binary, "status", "--moves", moves], capture_output=True, text=True).stdout
    return 30000 if "wins" in status else 0


def judge(depth, nodes, ref_path, run_paths):
    binary = os.environ.get("JUDGE", DOKUZ)
    ref = load(ref_path)
    best = {k: its[-1][3] for k, its in ref.items() if its}
    chosen = []
    for path in run_paths:
        run = load(path)
        pick = {}
        for k, its in run.items():
            if k in best and its:
                within = [i for i in its if i[2] <= nodes] or its[:1]
                pick[k] = within[-1][3]
        chosen.append(pick)
    cache_path = Path(ref_path).with_name(f"judged-{depth}.tsv")
    value = {}
    if cache_path.exists():
        for line in open(cache_path):
            k, v = line.rstrip("\n").split("\t")
            value[k] = int(v)
    # Both moves of every disagreement, each judged once.
    need = set()
    for pick in chosen:
        for k, m in pick.items():
            if m != best[k]:
                need |= {f"{k} {m}", f"{k} {best[k]}"} - value.keys()
    need = sorted(need)

    with open(cache_path, "a") as f:
        for n, v in zip(need, on_cores(need, lambda moves, core: value_after(binary, moves, depth, core))):
            value[n] = v
            print(f"{n}\t{v}", file=f, flush=True)
    print(f"{len(best)} positions, moves at {nodes:.0f} nodes judged at depth {depth}; regret in hundredths of a "
          "piece, capped at 500 either way (a missed forced win or loss counts 500, one the reference missed -500)")
    for path, pick in zip(run_paths, chosen):
        cells = []
        for name, keep in (("all", lambda k: True), ("after a capture", lambda k: "x" in k),
                           ("before", lambda k: "x" not in k)):
            regrets = [0 if m == best[k] else max(-500, min(500, value[f"{k} {best[k]}"] - value[f"{k} {m}"]))
                       for k, m in pick.items() if keep(k)]
            if regrets:
                cells.append(f"{name}: {len(regrets)}, other move {sum(pick[k] != best[k] for k in pick if keep(k))}, "
                             f"mean {sum(regrets) / len(regrets):.1f}, >=50 {sum(r >= 50 for r in regrets)}")
        print(f"{path}: " + "; ".join(cells))


def losses(games, depth, last_ply):
    """The critical position of each game Master lost in GAMES (lines of
    versus-sanmill.py's log or tools/sanmill-games.txt): each of Master's moves after the
    random opening (none in a game from the start) is judged by a search to `depth` of the
    position before it (its best move and value) and, when the move played differs, a
    search to `depth - 1` of the position after it, so that both values look as far ahead
    from the position before."""
    lost = [(m.group(1), line.split("plies: ")[1].split(), 2 if re.search(r"opening \S+ \S+ master", line) else 0)
            for line in open(games)
            if (m := re.search(r"master (White|Black): loss", line)) and "plies: " in line]

    def walk(game, core):
        colour, moves, opening = game
        report = []
        for i in range(opening + (colour == "Black"), min(len(moves), last_ply), 2):
            its = time_policy.search_iterations(DOKUZ, " ".join(moves[:i]), depth, core)
            _, value, _, best = its[-1]
            played = value
            if best != moves[i]:
                played = value_after(DOKUZ, " ".join(moves[:i + 1]), depth - 1, core)
            report.append(f"ply {i + 1}: {moves[i]} {played}, best {best} {value}")
            if value - played >= 50:
                return " ".join(moves[:i]), report
        return None, report

    for (colour, moves, _), (critical, report) in zip(lost, on_cores(lost, walk)):
        print(f"master {colour} {' '.join(moves[:2])}: " + "; ".join(report), file=sys.stderr)
        if critical:
            print(critical, flush=True)


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[:1] == ["sample"] and len(a) == 6:
        print("\n".join(time_policy.sample(a[1], int(a[2]), int(a[3]), int(a[4]), int(a[5]))))
    elif a[:1] == ["search"] and len(a) == 4:
        search(a[1], int(a[2]), a[3])
    elif a[:1] == ["judge"] and len(a) >= 5:
        judge(int(a[1]), float(a[2]), a[3], a[4:])
    elif a[:1] == ["losses"] and len(a) == 4:
        losses(a[1], int(a[2]), int(a[3]))
    else:
        sys.exit(__doc__)
