#!/usr/bin/env python3
"""Writes tests/data/tripeaks-deals.txt: PySolFC's Three Peaks layouts for a fixed list of game
numbers, from PySolFC's own random module (the PyPI package pysol_cards 0.24), laid out as
PySolFC's pysollib/games/threepeaks.py deals them (pysol_cards has no Three Peaks layout).

Dev-only: run by hand (`pip install pysol_cards==0.24.0; python3 scripts/tripeaks-vectors.py`)
and commit the output; cargo test reads the file and never runs Python.

PySolFC's ThreePeaks.startGame: the talon's top card (the shuffled list's last) is dealt first;
`dealRow(rows[:18], flip=0)` gives one face-down card to each of the first 18 slots,
`dealRow(rows[18:], flip=1)` one face-up card to each of the bottom 10, and `dealCards()` one
card to the waste. The other 23 stay in the talon, its next card first.
"""
import sys

from pysol_cards.cards import CardRenderer, createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

NUMBERS = list(range(1, 11)) + [164, 1000, 11982, 31999, 32000, 32001, 99999, 10**6, 2**32, 2**64 + 1,
                                10**20 - 1]
ROWS = (3, 6, 9, 10)


def shuffled(number):
    """PySolFC's shuffle of one deck (suits clubs, spades, hearts, diamonds), as `construct_random`
    picks the generator: Microsoft's below 32000, with its 52-card re-ordering, else Python's."""
    cards = createCards(1)
    if number < 32000:
        r = LCRandom31()
        r.setSeed(number)
        cards = ms_rearrange(cards)
    else:
        r = MTRandom(number)
    return r.shuffle(list(cards))


def main():
    renderer = CardRenderer(True)
    out = [
        "# PySolFC's Three Peaks layouts (pysol_cards 0.24 shuffles), written by",
        "# scripts/tripeaks-vectors.py: `game N`, then `deckhand tripeaks deal N`'s text, then\n# `Peaks:` with all 28 peak cards, face-down ones too, row by row from the tops.",
    ]
    for n in NUMBERS:
        dealt = list(reversed(shuffled(n)))  # the talon's top card first
        out.append("game %d" % n)
        slot = 0
        for row, count in enumerate(ROWS):
            words = []
            for _ in range(count):
                words.append("<XX>" if slot < 18 else renderer.to_s(dealt[slot]))
                slot += 1
            out.append("Row %d: %s" % (row + 1, " ".join(words)))
        out.append("Talon: " + " ".join(renderer.to_s(c) for c in dealt[29:]))
        out.append("Waste: " + renderer.to_s(dealt[28]))
        out.append("Peaks: " + " ".join(renderer.to_s(c) for c in dealt[:28]))
    path = sys.argv[1] if len(sys.argv) > 1 else "tests/data/tripeaks-deals.txt"
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
