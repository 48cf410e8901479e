#!/usr/bin/env python3
"""Dev-only: writes PySolFC deal vectors for Deckhand's tests, from PySolFC's own random module.

    pip install pysol_cards==0.24.0
    python3 scripts/pysol-vectors.py > tests/data/pysol-deals.txt
    python3 scripts/pysol-vectors.py --layouts > tests/data/pysol-layouts.txt

Never run by `cargo test` or at run time: the Rust tests read the committed files.

Generator choice follows PySolFC's `construct_random`: numbers below 32000 use the Microsoft
generator (LCRandom31), with Microsoft's re-ordering when the deck has 52 cards; 32000 and up
use MTRandom (Python's random.Random). pysol_cards' own `shuffle` helper treats 32000 itself
as a Microsoft number, so this script picks the generator itself.
"""
import sys

from pysol_cards.cards import Card, CardRenderer, ms_rearrange
from pysol_cards.deal_game import Game
from pysol_cards.random import LCRandom31, MTRandom
from pysol_cards.random_base import RandomBase

NUMBERS = [1, 2, 164, 617, 11982, 31999, 32000, 32001, 99999, 10**6, 10**9,
           2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**64 - 1, 2**64, 2**64 + 1,
           12345678901234567890, 10**20 - 1]
SUIT_LETTERS = 'CSHD'  # PySolFC's suit numbers 0..3
# (decks, suit list in PySolFC numbers)
DECKS = [(1, [0, 1, 2, 3]), (2, [0, 1, 2, 3]), (8, [0]), (4, [0, 2])]


def create(decks, suits):
    cards, id_ = [], 0
    for _ in range(decks):
        for s in suits:
            for r in range(1, 14):
                cards.append(Card(id_, r, s))
                id_ += 1
    return cards


def pysolfc_shuffle(cards, number):
    if number < 32000:
        r = LCRandom31()
        r.setSeed(number)
        cards = ms_rearrange(cards)
    else:
        r = MTRandom(number)
    return r.shuffle(list(cards))


def vectors():
    renderer = CardRenderer(True)
    print('# PySolFC shuffles, written by scripts/pysol-vectors.py (pysol_cards 0.24.0).')
    print('# decks suits number: the shuffled list as PySolFC holds it (its last card is dealt first)')
    for decks, suits in DECKS:
        letters = ''.join(SUIT_LETTERS[s] for s in suits)
        for number in NUMBERS:
            shuffled = pysolfc_shuffle(create(decks, suits), number)
            print('%d %s %d: %s' % (decks, letters, number, renderer.l_concat(shuffled)))


def layouts():
    renderer = CardRenderer(True)
    print('# PySolFC layouts, written by scripts/pysol-vectors.py --layouts (pysol_cards 0.24.0).')
    print('# "== game number" then the board text pysol_cards prints')
    for game in ['bakers_game', 'eight_off', 'seahaven_towers']:
        # pysol_cards deals 32000 itself with the Microsoft generator; PySolFC does not.
        for number in [1, 2, 617, 10000, 31999, 32001, 10**9, 10**20 - 1]:
            g = Game(game, number, RandomBase.DEALS_PYSOLFC)
            print('== %s %d' % (game, number))
            print(g.calc_layout_string(renderer), end='')


if __name__ == '__main__':
    if sys.argv[1:] == ['--layouts']:
        layouts()
    else:
        vectors()
