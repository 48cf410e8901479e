#!/usr/bin/env python3
"""Times deals as whole `deckhand GAME solve N --json` processes, one at a time.

Usage:
  scripts/solve-processes.py DECKHAND GAME --range A..B [options] [-- EXTRA ...]
  scripts/solve-processes.py DECKHAND GAME --deals N,N,... [options] [-- EXTRA ...]
  scripts/solve-processes.py DECKHAND GAME --sample K --above N [--seed S] [options] [-- EXTRA ...]

Options: --limit MS (a deal counts as decided in time when its wall time is within it, default
2000), --slowest K (list the K slowest by CPU, default 10). EXTRA goes to every solve, e.g.
`-- --mode short` for FreeCell or `-- --draw 3` for Klondike.

The issues' per-deal targets are whole processes (start-up, deal, solve, print); the benches
time the solve alone inside one process. Wall time is read around each process, CPU time (user
+ system) from the operating system's accounting of the finished child, which a loaded machine
moves much less than the wall time. Each answer's JSON must name the deal, and a solved answer
must list moves.
"""

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time


def deals(args):
    if args.range:
        a, b = (int(x) for x in args.range.split(".."))
        return list(range(a, b + 1))
    if args.deals:
        return [int(x) for x in args.deals.split(",") if x]
    if args.sample and args.above is not None:
        rng = random.Random(args.seed)
        return sorted(rng.sample(range(args.above + 1, args.above + args.span + 1), args.sample))
    sys.exit("give --range A..B, --deals N,N,... or --sample K --above N")


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    parser = argparse.ArgumentParser()
    parser.add_argument("deckhand")
    parser.add_argument("game")
    parser.add_argument("--range")
    parser.add_argument("--deals")
    parser.add_argument("--sample", type=int)
    parser.add_argument("--above", type=int)
    parser.add_argument("--span", type=int, default=8_589_934_591 - 100_000,
                        help="sample from above+1 ..= above+span (default: FreeCell's deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=2000.0)
    parser.add_argument("--slowest", type=int, default=10)
    args = parser.parse_args(argv)
    numbers = deals(args)
    rows, results, decided_in_time = [], {}, 0
    for n in numbers:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run([args.deckhand, args.game, "solve", str(n), "--json", *extra],
                             capture_output=True, text=True, check=True).stdout
        wall = (time.perf_counter() - start) * 1000
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
        answer = json.loads(out)
        assert answer["deal"] == n and answer.get("game", args.game) == args.game, out[:200]
        result = answer["result"]
        assert result in ("solved", "unsolvable", "unknown"), out[:200]
        assert (result == "solved") == bool(answer["moves"]), out[:200]
        results[result] = results.get(result, 0) + 1
        rows.append((cpu, wall, n, result))
        if result != "unknown" and wall <= args.limit:
            decided_in_time += 1
    count = len(rows)
    print(f"{args.game} {' '.join(extra)}: {count} processes ({numbers[0]}..{numbers[-1]}); " +
          ", ".join(f"{k} {v}" for k, v in sorted(results.items())))
    print(f"decided within {args.limit:.0f} ms (wall, whole process): {decided_in_time} "
          f"({100.0 * decided_in_time / count:.2f}%)")
    for name, index in (("cpu", 0), ("wall", 1)):
        values = sorted(row[index] for row in rows)
        print(f"{name} ms: median {statistics.median(values):.1f} mean {statistics.mean(values):.1f} "
              f"p99 {values[min(count - 1, int(0.99 * count))]:.1f} max {values[-1]:.1f}")
    print(f"slowest {args.slowest} by CPU (deal: cpu ms / wall ms, result):")
    for cpu, wall, n, result in sorted(rows, reverse=True)[:args.slowest]:
        print(f"  {n}: {cpu:.1f} / {wall:.1f}, {result}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
