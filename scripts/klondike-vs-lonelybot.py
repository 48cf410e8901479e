#!/usr/bin/env python3
"""Times `deckhand klondike solve` against lonelybot's `lonecli solve` on the same deals.

Usage: scripts/klondike-vs-lonelybot.py DECKHAND LONECLI --draw 1|3 --seeds A..B
       [--seed-type deckhand|solvitaire] [--timeout SECONDS] [--out FILE] [--check-layout]

With --seed-type deckhand (the default), each seed N is Deckhand's deal N (`deckhand klondike
deal N`). With --seed-type solvitaire, seed N is lonelybot's `solvitaire` seed N (its
re-implementation of Solvitaire's deal generator): the deal is read from `lonecli print
solvitaire N`, written out as a deck in Deckhand's dealing order and solved with `deckhand
klondike solve --deck FILE`, while lonelybot solves `solvitaire N` itself.

For Deckhand's deals, lonelybot is given each deal as an `exact` seed: the rank of a permutation of its 52-card deck (its README, "Seed"), whose
cards are the seven piles column by column, each from the bottom card to the face-up one,
then the stock in draw order; its cards are numbered rank * 4 + suit with ranks A..K and suits
in the order H, D, C, S, and the rank is the Lehmer code read from the last card down. The
script converts each deck so, and `lonecli print exact SEED` shows the same layout as
`deckhand klondike deal N` (checked on every deal with --check-layout; with solvitaire seeds
the check confirms the conversion the other way).

Both solvers run as whole processes, one deal at a time, the two side by side (which goes first
alternates from deal to deal), so the machine's load falls on both alike. Wall time is read
around each process, CPU time (user + system) from the operating system's accounting of the
finished child. lonelybot has no budget: a deal it has not finished within --timeout seconds
is killed and counted as "timeout".
"""

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time

RANKS = "A23456789TJQK"
SUITS = "HDCS"


def our_deck(deckhand, seed):
    """The 52 cards of Deckhand's deal `seed` in dealing order."""
    text = subprocess.run([deckhand, "klondike", "deal", str(seed)], check=True,
                          capture_output=True, text=True).stdout
    lines = text.splitlines()
    start = lines.index("deck (dealing order):") + 1
    cards = " ".join(line for line in lines[start:] if not line.startswith("code:")).split()
    assert len(cards) == 52, (seed, cards)
    return cards


def solvitaire_deck(lonecli, seed):
    """The 52 cards, in Deckhand's dealing order, of lonelybot's `solvitaire` deal `seed`."""
    import json
    text = subprocess.run([lonecli, "print", "solvitaire", str(seed)], check=True,
                          capture_output=True, text=True).stdout
    board = json.loads(text)
    name = lambda card: card.upper().replace("10", "T")
    columns = [[name(c) for c in pile] for pile in board["tableau piles"]]
    assert [len(c) for c in columns] == list(range(1, 8)), columns
    cards = [columns[column][row] for row in range(7) for column in range(row, 7)]
    # The solvitaire stock deals from its end; Deckhand's deck lists the stock from its top.
    cards += [name(c) for c in reversed(board["stock"])]
    assert len(set(cards)) == 52, (seed, cards)
    return cards


def exact_seed(cards):
    """lonelybot's `exact` seed of the deal whose deck in Deckhand's dealing order is `cards`."""
    piles = [None] * 52
    index = 0
    for row in range(7):
        for column in range(row, 7):
            piles[column * (column + 1) // 2 + row] = cards[index]
            index += 1
    order = piles[:28] + cards[28:]
    numbers = [RANKS.index(card[0]) * 4 + SUITS.index(card[1]) for card in order]
    code = 0
    for number in range(51, 0, -1):
        position = numbers.index(number, 0, number + 1)
        code = code * (number + 1) + position
        numbers[position], numbers[number] = numbers[number], numbers[position]
    return code


def timed(command, timeout):
    """Runs `command`; gives its standard output (None if it ran past `timeout` and was killed),
    its wall seconds, and its CPU seconds (its own accounting, from `wait4`).

    The wait blocks until the child has exited: `Popen.communicate(timeout=...)` polls for the
    exit with sleeps of 0.5, 1, 2 ms..., which adds up to 1.5 ms to a program that closes its
    output a moment before it exits (as Deckhand does, freeing its tables), about the whole
    run of an easy deal."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    killed = threading.Event()

    def kill():
        killed.set()
        child.kill()

    timer = threading.Timer(timeout, kill)
    timer.start()
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    timer.cancel()
    child.returncode = os.waitstatus_to_exitcode(status)
    child.stdout.close()
    cpu = usage.ru_utime + usage.ru_stime
    return (None if killed.is_set() else output), wall, cpu


def our_verdict(output):
    first = output.decode().splitlines()[0] if output else ""
    if first.startswith("solved in"):
        return "won"
    return {"unsolvable": "lost", "unknown": "unknown"}.get(first, "?" + first)


def their_verdict(output):
    if output is None:
        return "timeout"
    for line in output.decode().splitlines():
        if line.startswith("Solvable in"):
            return "won"
        if line.startswith("Impossible"):
            return "lost"
        if line.startswith("Terminated"):
            return "timeout"
    return "?"


def summary(name, walls, cpus):
    walls_ms = [w * 1000 for w in walls]
    cpus_ms = [c * 1000 for c in cpus]
    return (f"{name}: wall median {statistics.median(walls_ms):.2f} ms, mean "
            f"{statistics.mean(walls_ms):.2f} ms, max {max(walls_ms):.0f} ms; CPU median "
            f"{statistics.median(cpus_ms):.2f} ms, mean {statistics.mean(cpus_ms):.2f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deckhand")
    parser.add_argument("lonecli")
    parser.add_argument("--draw", choices=["1", "3"], required=True)
    parser.add_argument("--seeds", required=True, help="A..B")
    parser.add_argument("--seed-type", choices=["deckhand", "solvitaire"], default="deckhand")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--out", help="per-deal figures, tab-separated")
    parser.add_argument("--check-layout", action="store_true",
                        help="also check that lonecli prints each converted deal as Deckhand deals it")
    args = parser.parse_args()
    first, last = (int(x) for x in args.seeds.split(".."))

    rows = []
    out = open(args.out, "w") if args.out else None
    if out:
        print("seed\tdeckhand\tlonelybot\tdeckhand_wall_ms\tlonelybot_wall_ms\t"
              "deckhand_cpu_ms\tlonelybot_cpu_ms", file=out)
    import tempfile
    deck_file = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    deck_file.close()
    for seed in range(first, last + 1):
        if args.seed_type == "solvitaire":
            cards = solvitaire_deck(args.lonecli, seed)
            with open(deck_file.name, "w") as deck:
                print(" ".join(cards), file=deck)
            if args.check_layout:
                check_layout(args.lonecli, exact_seed(cards), cards)
            ours = [args.deckhand, "klondike", "solve", "--deck", deck_file.name,
                    "--draw", args.draw]
            theirs = [args.lonecli, "solve", "solvitaire", str(seed), args.draw]
        else:
            cards = our_deck(args.deckhand, seed)
            code = exact_seed(cards)
            if args.check_layout:
                check_layout(args.lonecli, code, cards)
            ours = [args.deckhand, "klondike", "solve", str(seed), "--draw", args.draw]
            theirs = [args.lonecli, "solve", "exact", str(code), args.draw]
        if seed % 2:
            a = timed(ours, args.timeout)
            b = timed(theirs, args.timeout)
        else:
            b = timed(theirs, args.timeout)
            a = timed(ours, args.timeout)
        row = (seed, our_verdict(a[0]), their_verdict(b[0]), a[1], b[1], a[2], b[2])
        rows.append(row)
        if out:
            print("\t".join([str(seed), row[1], row[2]] + [f"{x * 1000:.3f}" for x in row[3:]]),
                  file=out, flush=True)

    os.unlink(deck_file.name)
    agree = sum(1 for r in rows if r[1] == r[2])
    print(f"draw {args.draw}, {args.seed_type} seeds {args.seeds}: {len(rows)} deals")
    print(summary("deckhand ", [r[3] for r in rows], [r[5] for r in rows]))
    print(summary("lonelybot", [r[4] for r in rows], [r[6] for r in rows]))
    ratio_wall = statistics.median(r[3] for r in rows) / statistics.median(r[4] for r in rows)
    pair = statistics.median(r[3] / r[4] for r in rows)
    print(f"ratio of medians (wall) deckhand/lonelybot {ratio_wall:.2f}; median of per-deal ratios {pair:.2f}")
    counts = {}
    for r in rows:
        counts[(r[1], r[2])] = counts.get((r[1], r[2]), 0) + 1
    print("verdicts (deckhand, lonelybot): " +
          ", ".join(f"{k[0]}/{k[1]} {v}" for k, v in sorted(counts.items())))
    print(f"same verdict: {agree} of {len(rows)}")
    for r in rows:
        if r[1] != r[2]:
            print(f"  seed {r[0]}: deckhand {r[1]}, lonelybot {r[2]}")


def check_layout(lonecli, code, cards):
    """Checks that lonecli's solvitaire JSON of `exact code` is Deckhand's deal of `cards`."""
    import json
    text = subprocess.run([lonecli, "print", "exact", str(code)], check=True,
                          capture_output=True, text=True).stdout
    board = json.loads(text)
    name = lambda card: card.upper().replace("10", "T")
    columns = [[name(c) for c in pile] for pile in board["tableau piles"]]
    expected = [[] for _ in range(7)]
    index = 0
    for row in range(7):
        for column in range(row, 7):
            expected[column].append(cards[index])
            index += 1
    assert columns == expected, (columns, expected)
    # The solvitaire stock deals from its end; Deckhand's stock is listed from its top.
    assert [name(c) for c in reversed(board["stock"])] == cards[28:], board["stock"]


if __name__ == "__main__":
    sys.exit(main())
