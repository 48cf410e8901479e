#!/usr/bin/env python3
"""Times every Pyramid deck of a deck file as a whole `deckhand pyramid solve - --json` process.

Usage: scripts/pyramid-processes.py DECKHAND [--decks FILE] [--expect FILE] [--runs N]
       [--limit MS] [--slowest K]

Issue 24 asks that no deck take over 100 ms as a whole process: start-up, parse, solve and
print, as a player's command line would. The bench (`deckhand bench pyramid`) times the solve
alone inside one process and replays every solution; this script times what the bench cannot,
the process, one deck at a time in file order, with the deck on standard input.

Wall time is read around each process (`time.perf_counter`), CPU time (user + system) from the
operating system's accounting of the finished child. With --runs N each deck runs N times in a
row and its median is kept. With --expect the answer file's verdict and step count are checked
against each process's JSON, so a fast wrong answer fails the run (the recycles are the bench's
to check). The exit status is 1 when an answer differs or a deck's median wall time is over
--limit. A deck is named by its place in the file (deck 1 is the first; in
tests/data/pyramid_decks.txt that is seed 1, on the file's line 2).
"""

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time


def decks_of(path):
    """The decks of a deck file: one deck a line, `#` lines are comments."""
    with open(path) as file:
        return [line.strip() for line in file if line.strip() and not line.startswith("#")]


def answers_of(path):
    """(result, steps) a deck from an answer file of `bench pyramid --expect`."""
    answers = []
    with open(path) as file:
        for line in file:
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "unsolvable":
                answers.append(("unsolvable", 0))
            elif words[0] == "solved" and len(words) >= 2:
                answers.append(("solved", int(words[1])))
            else:
                raise ValueError(f"{path}: unreadable answer line {line.strip()!r}")
    return answers


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_one(deckhand, deck):
    """Wall and CPU seconds of one solve process, and its (result, steps)."""
    cpu_before = children_cpu()
    start = time.perf_counter()
    done = subprocess.run([deckhand, "pyramid", "solve", "-", "--json"], input=deck + "\n",
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    cpu = children_cpu() - cpu_before
    if done.returncode != 0:
        raise RuntimeError(f"deck {deck!r}: exit {done.returncode}: {done.stderr.strip()}")
    answer = json.loads(done.stdout)
    return wall, cpu, (answer["result"], answer.get("steps", 0))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deckhand")
    parser.add_argument("--decks", default="tests/data/pyramid_decks.txt")
    parser.add_argument("--expect")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--limit", type=float, default=100.0, help="milliseconds")
    parser.add_argument("--slowest", type=int, default=5)
    options = parser.parse_args()

    decks = decks_of(options.decks)
    expected = answers_of(options.expect) if options.expect else None
    if expected is not None and len(expected) != len(decks):
        sys.exit(f"{options.expect}: {len(expected)} answers for {len(decks)} decks")

    walls, cpus, wrong = [], [], []
    for index, deck in enumerate(decks):
        runs = [time_one(options.deckhand, deck) for _ in range(options.runs)]
        walls.append(statistics.median(run[0] for run in runs))
        cpus.append(statistics.median(run[1] for run in runs))
        if expected is not None and any(run[2] != expected[index] for run in runs):
            wrong.append((index + 1, runs[0][2], expected[index]))

    over = [number + 1 for number, wall in enumerate(walls) if wall * 1000 > options.limit]
    slowest = sorted(range(len(walls)), key=lambda number: walls[number], reverse=True)
    print(f"{len(decks)} decks, {options.runs} run(s) each, as whole processes")
    print(f"wall ms: median {statistics.median(walls) * 1000:.1f}, "
          f"mean {statistics.mean(walls) * 1000:.1f}, max {max(walls) * 1000:.1f}")
    print(f"CPU ms:  median {statistics.median(cpus) * 1000:.1f}, "
          f"mean {statistics.mean(cpus) * 1000:.1f}, max {max(cpus) * 1000:.1f}")
    print("slowest (deck: wall ms / CPU ms): " + ", ".join(
        f"{number + 1}: {walls[number] * 1000:.1f} / {cpus[number] * 1000:.1f}"
        for number in slowest[:options.slowest]))
    print(f"over {options.limit:g} ms: {len(over)}" + (f" ({over[:20]})" if over else ""))
    if expected is not None:
        print(f"answers: {len(decks) - len(wrong)} of {len(decks)} match {options.expect}")
        for number, got, want in wrong[:10]:
            print(f"  deck {number}: got {got}, expected {want}")
    sys.exit(1 if wrong or over else 0)


if __name__ == "__main__":
    main()
