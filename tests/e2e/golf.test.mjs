// Golf in a real browser: PySolFC's game #2 is drawn as `deckhand golf deal 2` prints it
// (tests/data/golf-deals.txt), cards go to the waste by click, a refused card says why, the
// stock deals, Solve wins the deal on the table, and game #1 is called lost at once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, moveCount, settled, startSite } from './harness.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

const cards = (page, pile) => page.locator(`.table [data-pile="${pile}"] [data-card]`)
  .evaluateAll((all) => all.map((card) => card.dataset.card));
const wasteTop = async (page) => (await cards(page, 'waste')).at(-1);

// Game #2's piles, first dealt first, and its waste (tests/data/golf-deals.txt).
const PILES = ['QD 5C 2D 4S 6S', 'QC 4D 9C 5D 4H', 'KC JD TD QH AC', '3C JS JC 7S 8H', '4C 6H 8C 9D AH',
  '2C QS 6C KS 9S', 'KD 6D 8S 7C TC'];

test('game #2 is drawn as PySolFC deals it; clicks play to the waste, refuse with reasons, and deal', async () => {
  const page = await site.freshPage('#/golf/2');
  await settled(page);
  for (const [index, pile] of PILES.entries()) {
    assert.deepEqual(await cards(page, `tableau-${index + 1}`), pile.split(' '), `tableau-${index + 1}`);
  }
  assert.equal(await wasteTop(page), '2S');
  assert.deepEqual(await cards(page, 'stock'), ['back']);
  assert.equal(await page.locator('[data-pile="stock"]').getAttribute('aria-label'), 'stock, 16 cards');
  // The ace of clubs goes on the two of spades.
  await page.locator('[data-pile="tableau-3"] [data-card="AC"]').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-pile="waste"] [data-card]')].at(-1)?.dataset.card === 'AC');
  assert.equal(await moveCount(page), 1);
  // The six of spades does not: the refusal names both cards.
  await page.locator('[data-pile="tableau-1"] [data-card="6S"]').click();
  const refusal = page.getByTestId('refusal');
  await refusal.waitFor();
  assert.match(await refusal.innerText(), /six of spades.*ace of clubs/);
  // A covered card says it is covered.
  await page.locator('[data-pile="tableau-1"] [data-card="QD"]').click({ position: { x: 8, y: 6 } });
  await page.waitForFunction(() => /has cards on it/.test(document.querySelector('[data-testid="refusal"]')?.innerText));
  // The stock deals its next card, the three of spades.
  await page.locator('[data-pile="stock"] [data-card]').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-pile="waste"] [data-card]')].at(-1)?.dataset.card === '3S');
  assert.equal(await page.locator('[data-pile="stock"]').getAttribute('aria-label'), 'stock, 15 cards');
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="move-count"]').innerText.match(/\d+/)[0] === '0');
  assert.equal(await wasteTop(page), '2S');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Solve wins game #2 on the table: the seven piles are cleared', async () => {
  const page = await site.freshPage('#/golf/2');
  await settled(page);
  await page.getByRole('status').getByTestId('winnable').first().waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  await page.getByTestId('won').waitFor({ timeout: 120000 });
  assert.equal(await page.locator('.table [data-pile^="tableau-"] [data-card]').count(), 0);
  assert.match(await page.getByTestId('won').innerText(), /\d+ moves/);
  await page.screenshot({ path: `${ARTIFACTS}golf-won.png` });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('game #1 is proven lost before the first card is played', async () => {
  const page = await site.freshPage('#/golf/1');
  await settled(page);
  await page.getByRole('status').getByTestId('unwinnable').first().waitFor({ timeout: 60000 });
  assert.match(await page.getByRole('status').getByTestId('unwinnable').first().innerText(), /cannot be won/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
