#!/usr/bin/env python3
"""Compares Golf verdicts and times with Shlomi Fish's black-hole-solver, deal for deal.

Usage: scripts/golf-vs-black-hole.py DECKHAND BLACK_HOLE_SOLVE [--range A..B] [--verdicts FILE]

Dev-only (black-hole-solver is built by hand from github.com/shlomif/black-hole-solitaire,
`c-solver/`). For each PySolFC game N: `DECKHAND golf deal N` writes the board text to a file,
`BLACK_HOLE_SOLVE --game golf --queens-on-kings FILE` solves it (`Solved!` or `Unsolved!`),
and `DECKHAND golf solve N --json` gives ours; the two verdicts must be equal. Both are timed
as whole processes (CPU time of the finished child). `--verdicts FILE` writes the peer's
verdicts as `N solved|unsolvable` lines (tests/data/golf-verdicts.txt).
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, wall * 1000, cpu * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("deckhand")
    parser.add_argument("peer")
    parser.add_argument("--range", default="1..100")
    parser.add_argument("--verdicts")
    args = parser.parse_args()
    a, b = (int(x) for x in args.range.split(".."))
    ours_cpu, peer_cpu, ours_wall, peer_wall = [], [], [], []
    differ, won, lines = [], 0, []
    with tempfile.TemporaryDirectory() as scratch:
        board = os.path.join(scratch, "board.txt")
        for n in range(a, b + 1):
            text = subprocess.run([args.deckhand, "golf", "deal", str(n)],
                                  capture_output=True, text=True, check=True).stdout
            with open(board, "w") as f:
                f.write(text)
            out, wall, cpu = timed([args.peer, "--game", "golf", "--queens-on-kings", board])
            if "Solved!" in out:
                peer = "solved"
            elif "Unsolved!" in out:
                peer = "unsolvable"
            else:
                peer = "unknown"
            peer_cpu.append(cpu)
            peer_wall.append(wall)
            out, wall, cpu = timed([args.deckhand, "golf", "solve", str(n), "--json"])
            answer = json.loads(out)
            assert answer["game"] == "golf" and answer["deal"] == n, out[:200]
            ours = answer["result"]
            assert (ours == "solved") == bool(answer["moves"]), out[:200]
            ours_cpu.append(cpu)
            ours_wall.append(wall)
            won += ours == "solved"
            lines.append(f"{n} {peer}")
            if ours != peer:
                differ.append((n, ours, peer))
    count = b - a + 1
    print(f"golf games {a}..{b}: {count} deals, ours won {won} ({100.0 * won / count:.1f}%), "
          f"verdicts differing from black-hole-solver: {len(differ)}")
    for n, ours, peer in differ:
        print(f"  game {n}: ours {ours}, black-hole-solver {peer}")
    for name, values in (("deckhand", ours_cpu), ("black-hole-solve", peer_cpu),
                         ("deckhand wall", ours_wall), ("black-hole-solve wall", peer_wall)):
        s = sorted(values)
        print(f"{name} ms a deal (whole process): median {statistics.median(s):.1f}, "
              f"max {s[-1]:.1f}, sum {sum(s):.0f}")
    print(f"sum ratio deckhand / black-hole-solve: cpu {sum(ours_cpu) / sum(peer_cpu):.3f}, "
          f"wall {sum(ours_wall) / sum(peer_wall):.3f}")
    if args.verdicts:
        with open(args.verdicts, "w") as f:
            f.write("# black-hole-solve --game golf --queens-on-kings on PySolFC's games, written by\n"
                    "# scripts/golf-vs-black-hole.py: `N solved|unsolvable`.\n")
            f.write("\n".join(lines) + "\n")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
