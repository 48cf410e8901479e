#!/usr/bin/env python3
"""Writes tests/data/golf-deals.txt: PySolFC's Golf layouts for a fixed list of game numbers,
as the PyPI package pysol_cards (0.24, PySolFC's own random module) prints them: the board
text black-hole-solver reads (`Talon:`, `Foundations:`, then the seven piles).

Dev-only: run by hand (`pip install pysol_cards==0.24.0; python3 scripts/golf-vectors.py`)
and commit the output; cargo test reads the file and never runs Python.

Game 32000 is left out: pysol_cards deals it with the Microsoft generator (its test is
`<= 32000`), PySolFC itself with the Mersenne Twister (`0 <= seed < 32000` is Microsoft's).
"""

import sys

from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

NUMBERS = (
    list(range(1, 21))
    + [100, 1000, 11982, 31999, 32001, 32002, 40000, 123456, 1000000, 8589934591,
       2 ** 64 - 1, 2 ** 64, 12345678901234567890, 10 ** 20 - 1]
)


def main():
    out = [
        "# PySolFC's Golf layouts (pysol_cards 0.24, DEALS_PYSOLFC), written by",
        "# scripts/golf-vectors.py: `game N`, then the board text: `Talon:` (next card",
        "# first), `Foundations:` (the waste's card), and one line per pile, first dealt first.",
    ]
    renderer = CardRenderer(True)
    for n in NUMBERS:
        game = Game("golf", n, RandomBase.DEALS_PYSOLFC)
        out.append("game %d" % n)
        out.append(game.calc_layout_string(renderer).rstrip("\n"))
    path = sys.argv[1] if len(sys.argv) > 1 else "tests/data/golf-deals.txt"
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
