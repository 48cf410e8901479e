#!/usr/bin/env python3
"""Writes tests/data/spider-deals.txt: PySolFC's Spider layouts in 1, 2 and 4 suits for a fixed
list of game numbers, shuffled by the PyPI package pysol_cards (0.24, PySolFC's own random
module) and dealt as PySolFC's pysollib/games/spider.py deals them.

pysol_cards has no Spider layout of its own, but its shuffle takes a deck of any length: the
deck is built as PySolFC's Game.createCards builds it (deck by deck, suit by suit in the game's
suit list, ace to king; Spider (1 Suit) lists clubs four times, Spider (2 Suits) clubs, clubs,
hearts, hearts), shuffled by `pysol_cards.random.shuffle` (no Microsoft re-ordering: that is
for 52 cards only) and dealt from the end of the list: four face-down rounds to all ten piles,
one more face-down card to piles 1, 4, 7 and 10, one face-up round, and the 50 left are the
talon, the next card to be dealt first.

Dev-only: run by hand (`pip install pysol_cards==0.24.0; python3 scripts/spider-vectors.py`) and
commit the output; cargo test reads the file and never runs Python.

Game 32000 is left out: pysol_cards shuffles it with the Microsoft generator (its test is
`<= 32000`), PySolFC itself with the Mersenne Twister.
"""

import sys

from pysol_cards.random import shuffle
from pysol_cards.random_base import RandomBase

NUMBERS = [1, 2, 3, 11, 100, 1000, 31999, 32001, 40000, 123456, 2 ** 64, 10 ** 20 - 1]
SUITS = {1: (0, 0, 0, 0), 2: (0, 0, 2, 2), 4: (0, 1, 2, 3)}
SUIT_CHARS = "CSHD"
RANK_CHARS = "A23456789TJQK"


def layout(number, suit_list):
    deck = [(suit, rank) for _ in range(2) for suit in suit_list for rank in range(13)]
    cards = shuffle(deck, number, RandomBase.DEALS_PYSOLFC)
    piles = [[] for _ in range(10)]

    def deal(pile, face_up):
        suit, rank = cards.pop()
        text = RANK_CHARS[rank] + SUIT_CHARS[suit]
        piles[pile].append(text if face_up else "<%s>" % text)

    for _ in range(4):
        for pile in range(10):
            deal(pile, False)
    for pile in (0, 3, 6, 9):
        deal(pile, False)
    for pile in range(10):
        deal(pile, True)
    talon = [RANK_CHARS[rank] + SUIT_CHARS[suit] for suit, rank in reversed(cards)]
    lines = [" ".join(pile) for pile in piles]
    lines.append("Talon: " + " ".join(talon))
    return "\n".join(lines)


def main():
    out = [
        "# PySolFC's Spider layouts (pysol_cards 0.24 shuffle, DEALS_PYSOLFC), written by",
        "# scripts/spider-vectors.py: `game N suits K`, then one line per pile, first dealt",
        "# card first, face-down cards as <XX>, then the talon, next card first.",
    ]
    for suits, suit_list in SUITS.items():
        for n in NUMBERS:
            out.append("game %d suits %d" % (n, suits))
            out.append(layout(n, suit_list))
    path = sys.argv[1] if len(sys.argv) > 1 else "tests/data/spider-deals.txt"
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
