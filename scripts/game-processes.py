#!/usr/bin/env python3
"""Times a registered game's deals as whole `deckhand KEY solve N --json` processes.

Usage: scripts/game-processes.py DECKHAND KEY [--range A..B] [--limit MS]

A whole process is start-up, deal, solve, replay and print. The bench (`deckhand bench KEY`)
times the solve alone inside one process; this times the process, one game at a time, reading each
answer's JSON (a solved answer must list moves). Wall time is read around each process, CPU
time (user + system) from the operating system's accounting of the finished child.
"""

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("deckhand")
    parser.add_argument("key")
    parser.add_argument("--range", default="1..1000")
    parser.add_argument("--limit", type=float, default=2000.0)
    args = parser.parse_args()
    a, b = (int(x) for x in args.range.split(".."))
    walls, cpus, decided_fast, results = [], [], 0, {}
    for n in range(a, b + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run([args.deckhand, args.key, "solve", str(n), "--json"],
                             capture_output=True, text=True, check=True).stdout
        wall = (time.perf_counter() - start) * 1000
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
        answer = json.loads(out)
        assert answer["game"] == args.key and answer["deal"] == n, out[:200]
        result = answer["result"]
        assert (result == "solved") == bool(answer["moves"]), out[:200]
        results[result] = results.get(result, 0) + 1
        walls.append(wall)
        cpus.append(cpu)
        if result != "unknown" and wall <= args.limit:
            decided_fast += 1
    count = len(walls)
    slowest = a + max(range(count), key=lambda i: cpus[i])
    print(f"{args.key} games {a}..{b}: {count} processes; " +
          ", ".join(f"{k} {v}" for k, v in sorted(results.items())))
    print(f"decided within {args.limit:.0f} ms (wall, whole process): {decided_fast} "
          f"({100.0 * decided_fast / count:.2f}%)")
    for name, values in (("wall", walls), ("cpu", cpus)):
        values = sorted(values)
        print(f"{name} ms: median {statistics.median(values):.1f} mean {statistics.mean(values):.1f} "
              f"p99 {values[min(count - 1, int(0.99 * count))]:.1f} max {values[-1]:.1f}")
    print(f"slowest by cpu: game {slowest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
