// The registry's suite: every table feature, checked on every registered solitaire. The list of
// games is read from the running app (its navigation and home page), so a game added to the
// registry later is covered here with no new test code. Nothing below names a game: a game's
// deal links are learned from its own share panel, its winnable deals from its own verdicts,
// and each move from its own hint.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  drag, gameDeals, moveCount, registeredGames, settled, shareLink, startSite, tableSnapshot, titleNumber,
} from './harness.mjs';

const DESKTOP = { width: 1280, height: 800 };

const site = await startSite();
after(async () => { await site.close(); });

const games = await (async () => {
  const page = await site.freshPage('#/', DESKTOP);
  try {
    return await registeredGames(page);
  } finally {
    await page.close();
  }
})();

const RANKS = { A: 'ace', 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', T: 'ten', J: 'jack', Q: 'queen', K: 'king' };
const SUITS = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
/** A card code in words: `TH` is "ten of hearts". */
const inWords = (code) => `${RANKS[code[0]]} of ${SUITS[code[1]]}`;
const ALL_CARDS = Object.keys(SUITS).flatMap((suit) => Object.keys(RANKS).map((rank) => rank + suit));

/**
 * Asks for a hint and plays it the way a player would: a move with a destination by dragging
 * its card there (a pair onto its other card), a move of one spot (a draw, a lone king, a card
 * dealt from a face-down stock) by Enter on its focused pile. Returns the hint's words.
 */
async function playHint(page) {
  await page.getByRole('button', { name: 'Hint' }).click();
  const hint = page.getByTestId('hint');
  await hint.waitFor({ timeout: 60000 });
  const words = await hint.innerText();
  const cards = page.locator('.table [data-card].hint');
  const target = page.locator('.table [data-pile].hint-to');
  const before = await moveCount(page);
  // A face-down card (a stock's) shows no hint of its own: its pile is played by Enter below.
  if (await target.count() > 0 && await cards.count() > 0) {
    await drag(page, cards.first(), target.first());
  } else if (await cards.count() === 2) {
    await drag(page, cards.first(), cards.last());
  } else {
    await page.locator('.table [data-pile].hint-from').first().focus();
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(
    (count) => Number(document.querySelector('[data-testid="move-count"]').innerText.match(/\d+/)[0]) > count,
    before, { timeout: 5000 }).catch(() => {});
  assert.ok(await moveCount(page) > before, `the hint "${words}" played by a player's gesture made no move`);
  return words;
}

test('the registry: the navigation and the home page list the same solitaires', async () => {
  assert.ok(games.length >= 3, `only ${games.length} solitaires found: ${JSON.stringify(games)}`);
  assert.equal(new Set(games.map((game) => game.key)).size, games.length);
  const page = await site.freshPage('#/', DESKTOP);
  await page.locator('ul.games li').first().waitFor();
  for (const game of games) {
    assert.match(game.key, /^[a-z0-9-]+$/);
    assert.ok(game.name.length > 0);
    assert.equal(await page.locator(`ul.games a[href="#/${game.key}"]`).innerText(), game.name);
    assert.ok(await page.getByRole('link', { name: `${game.name} deal of the day` }).first().isVisible());
  }
  await page.close();
});

for (const game of games) {
  describe(`${game.name} (#/${game.key})`, () => {
    let deals;
    const known = async () => { deals ??= await gameDeals(site, game); return deals; };

    test('its own link names its deal number, and opens the deal; a deal the solver wins is found', async () => {
      const { link, winnable } = await known();
      assert.ok(winnable >= 1);
      assert.match(link(7), new RegExp(`^#/${game.key}/(.*/)?7(\\?.*)?$`));
    });

    test('the table draws: named piles, cards by code or face down, each with its name in words', async () => {
      const { link } = await known();
      const page = await site.freshPage(link(1), DESKTOP);
      await page.locator('.table [data-pile] [data-card]').first().waitFor();
      const piles = await page.locator('.table [data-pile]').evaluateAll((all) => all.map(
        (pile) => ({ name: pile.dataset.pile, label: pile.getAttribute('aria-label') })));
      assert.ok(piles.length >= 4, `${piles.length} piles`);
      assert.equal(new Set(piles.map((pile) => pile.name)).size, piles.length, 'each pile name once');
      for (const pile of piles) {
        assert.match(pile.name, /^[a-z]+(-\d+)?$/, `pile name ${pile.name}`);
        assert.ok(pile.label?.trim(), `pile ${pile.name} has no accessible name`);
      }
      const cards = await page.locator('.table [data-card]').evaluateAll((all) => all.map(
        (card) => ({ code: card.dataset.card, label: card.getAttribute('aria-label') })));
      const up = cards.filter((card) => card.code !== 'back');
      assert.ok(up.length >= 4, `${up.length} face-up cards`);
      for (const card of up) {
        assert.ok(ALL_CARDS.includes(card.code), `data-card="${card.code}"`);
        assert.equal(card.label, inWords(card.code));
      }
      for (const card of cards.filter((c) => c.code === 'back')) assert.ok(card.label?.trim(), 'a face-down card has a name');
      // No card more often than the deal holds it (once for one deck; two-deck games say how
      // often on the table: data-copies).
      const copies = Number(await page.locator('.table').getAttribute('data-copies'));
      assert.ok(copies >= 1, `data-copies="${copies}"`);
      const seen = new Map();
      for (const card of up) seen.set(card.code, (seen.get(card.code) ?? 0) + 1);
      for (const [code, count] of seen) assert.ok(count <= copies, `${code} shown ${count} times, at most ${copies}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    });

    test('Tab reaches the table, and the arrow keys walk its piles, each named', async (t) => {
      const { link } = await known();
      const page = await site.freshPage(link(1), DESKTOP);
      await page.locator('.table [data-pile] [data-card]').first().waitFor();
      const focused = () => page.evaluate(() => {
        const element = document.activeElement;
        return { inTable: !!element?.closest('.table'), pile: element?.dataset?.pile, label: element?.getAttribute('aria-label') };
      });
      let tabs = 0;
      while (!(await focused()).inTable) {
        assert.ok(tabs < 40, 'the table is not reached in 40 Tabs');
        await page.keyboard.press('Tab');
        tabs += 1;
      }
      t.diagnostic(`${game.name}: ${tabs} Tabs from a fresh load to the table`);
      const seen = new Set();
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
        const now = await focused();
        assert.ok(now.pile, `focus left the piles (before ${key})`);
        assert.ok(now.label?.trim(), `${now.pile} has no accessible name`);
        seen.add(now.pile);
        await page.keyboard.press(key);
      }
      assert.ok(seen.size >= 2, `the arrows stayed on ${[...seen]}`);
      await page.close();
    });

    test('a hinted move by drag or Enter, then Undo restores the same cards; the status says if it is still winnable', async () => {
      const { link, winnable } = await known();
      const page = await site.freshPage(link(winnable), DESKTOP);
      await settled(page);
      const start = await tableSnapshot(page);
      const words = await playHint(page);
      assert.match(words, /^Hint: .+\.$/);
      assert.notDeepEqual(await tableSnapshot(page), start, 'the move changed no pile');
      // The background check of the new position ("still winnable?"), in the live region.
      await page.getByRole('status').getByTestId(/^(winnable|unwinnable)$/).first().waitFor({ timeout: 60000 });
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="move-count"]').innerText.match(/\d+/)[0] === '0');
      assert.deepEqual(await tableSnapshot(page), start);
      assert.deepEqual(page.errors, []);
      await page.close();
    });

    test('Solve, Pause and Play replay the solver\'s line to a won game', async () => {
      const { link, winnable } = await known();
      const page = await site.freshPage(link(winnable), DESKTOP);
      await settled(page);
      await page.getByRole('button', { name: 'Solve' }).click();
      await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
      const pause = page.getByRole('button', { name: 'Pause' });
      if (await pause.isEnabled()) await pause.click();
      await page.getByRole('button', { name: 'Play' }).click();
      await page.getByTestId('won').waitFor({ timeout: 120000 });
      assert.deepEqual(page.errors, []);
      await page.close();
    });

    test('the share link reopens the same position in a fresh page, and a reload keeps the game', async () => {
      const { link, winnable } = await known();
      const page = await site.freshPage(link(winnable), DESKTOP);
      await settled(page);
      await playHint(page);
      const position = await tableSnapshot(page);
      const shared = await shareLink(page);
      assert.match(shared, /moves=/);
      const other = await site.freshPage(shared, DESKTOP);
      await other.locator('.table [data-pile] [data-card]').first().waitFor();
      await other.waitForFunction(() => document.querySelector('[data-testid="move-count"]')?.innerText === 'Moves: 1');
      assert.deepEqual(await tableSnapshot(other), position);
      assert.equal(await other.getByTestId('link-error').count(), 0);
      await other.close();
      await page.reload();
      await page.locator('.table [data-pile] [data-card]').first().waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="move-count"]')?.innerText === 'Moves: 1');
      assert.deepEqual(await tableSnapshot(page), position);
      assert.deepEqual(page.errors, []);
      await page.close();
    });

    test('a bad link explains itself and opens a fresh table', async () => {
      const page = await site.freshPage(`#/${game.key}/notanumber`, DESKTOP);
      await page.getByTestId('link-error').waitFor();
      assert.match(await page.getByTestId('link-error').textContent(), /notanumber/);
      await page.locator('.table [data-pile] [data-card]').first().waitFor();
      await page.waitForFunction((key) => location.hash.startsWith(`#/${key}/`) && !location.hash.includes('notanumber'), game.key);
      assert.equal(await moveCount(page), 0);
      assert.deepEqual(page.errors, []);
      await page.close();
    });

    test('the deal-number box opens the deal it is given', async () => {
      const { link } = await known();
      const page = await site.freshPage(link(1), DESKTOP);
      await settled(page);
      const box = page.getByRole('textbox', { name: 'Deal number' });
      await box.fill('5');
      // As a person types: what is typed stays in the box until Enter (a redraw of the table
      // must not put back the deal on the table; on today's build it does within a second).
      await page.waitForTimeout(1000);
      assert.equal(await box.inputValue(), '5', 'the number typed was replaced before Enter');
      await box.press('Enter');
      await page.waitForFunction(() => /#5\b/.test(document.querySelector('h1').innerText), null, { timeout: 5000 })
        .catch(() => {});
      const status = await page.getByRole('status').innerText();
      assert.equal(await titleNumber(page), '5', `deal 5 was not opened; the status says: ${status}`);
      assert.equal(await page.evaluate(() => location.hash), link(5));
      await page.close();
    });

    test('the paste panel refuses a deck with a card missing, names the card and marks the box invalid', async (t) => {
      const { link } = await known();
      const page = await site.freshPage(link(1), DESKTOP);
      await page.locator('.table [data-pile] [data-card]').first().waitFor();
      const panel = page.locator('details', { hasText: 'Deal your own deck' });
      if (await panel.count() === 0) {
        t.skip(`${game.name} has no "Deal your own deck" panel`);
        await page.close();
        return;
      }
      await panel.locator('summary').click();
      const box = page.getByRole('textbox', { name: 'Custom deck' });
      const deck = await box.inputValue();
      const tokens = deck.split(/\s+/).filter(Boolean);
      assert.equal(tokens.length, 52, `the box shows the deal's deck: "${deck}"`);
      const missing = tokens[10].toUpperCase();
      await box.fill(tokens.filter((_, i) => i !== 10).join(' '));
      await page.getByRole('button', { name: 'Deal this deck' }).click();
      const error = page.getByTestId('deck-error');
      await error.waitFor();
      assert.match(await error.innerText(), new RegExp(missing));
      assert.equal(await box.getAttribute('aria-invalid'), 'true');
      assert.equal(await box.getAttribute('aria-describedby'), await error.getAttribute('id'));
      assert.equal(await titleNumber(page), '1', 'the game stays');
      // The whole deck deals again, and the error goes.
      await box.fill(deck);
      await page.getByRole('button', { name: 'Deal this deck' }).click();
      await error.waitFor({ state: 'detached' });
      assert.notEqual(await box.getAttribute('aria-invalid'), 'true');
      await page.close();
    });
  });
}
