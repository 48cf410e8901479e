// Playing TriPeaks in a real browser: the deal as PySolFC lays it out, a click that plays a
// card to the waste and one that deals the stock, a refused face-down card, and the solver's
// replay of a deal to the won, cleared table.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, pileCards, startSite } from './harness.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

async function freshPage(hash) {
  const page = await site.freshPage(hash);
  await page.locator('[data-pile="peak-27"] [data-card]').waitFor();
  return page;
}

/** The cards the 28 peak slots show (`back` face down, undefined when played). */
async function peaks(page) {
  const result = [];
  for (let slot = 0; slot < 28; slot++) result.push((await pileCards(page, `peak-${slot}`))[0]);
  return result;
}

test('the deal: PySolFC game 1, three rows face down, the bottom row up', async () => {
  const page = await freshPage('#/tripeaks/1');
  const shown = await peaks(page);
  assert.deepEqual(shown.slice(0, 18), Array(18).fill('back'));
  // `deckhand tripeaks deal 1`: Row 4: 9D QD JS AS AH 3C 4C 5C TS QH; Waste: 4H.
  assert.deepEqual(shown.slice(18), ['9D', 'QD', 'JS', 'AS', 'AH', '3C', '4C', '5C', 'TS', 'QH']);
  assert.deepEqual(await pileCards(page, 'waste'), ['4H']);
  assert.match(await page.locator('[data-pile="stock"]').getAttribute('aria-label'), /23 cards/);
  // The bottom row's cards overlap the row above: each lies lower and half a card aside.
  const above = await page.locator('[data-pile="peak-9"]').boundingBox();
  const below = await page.locator('[data-pile="peak-18"]').boundingBox();
  assert.ok(below.y > above.y && below.y < above.y + above.height, 'rows overlap');
  assert.ok(Math.abs(below.x + below.width / 2 - above.x) < 0.2 * above.width, 'half a card aside');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a click plays a fitting card, refuses a face-down one, and deals the stock', async () => {
  const page = await freshPage('#/tripeaks/1');
  // 3C and 5C fit the waste's 4H; the face-down peak-0 does not move.
  await page.locator('[data-pile="peak-0"] [data-card]').click();
  assert.match(await page.getByRole('status').innerText(), /face down/);
  await page.locator('[data-pile="peak-23"] [data-card]').click();
  await page.locator('[data-pile="waste"] [data-card="3C"]').waitFor();
  assert.equal((await pileCards(page, 'peak-23')).length, 0);
  await page.locator('[data-pile="stock"] [data-card]').click();
  // The stock's next card (Talon: AC ...) lands on the waste.
  await page.locator('[data-pile="waste"] [data-card="AC"]').waitFor();
  assert.match(await page.locator('[data-pile="stock"]').getAttribute('aria-label'), /22 cards/);
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 2/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.locator('[data-pile="waste"] [data-card="3C"]').waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Solve replays a deal to the won state with the peaks cleared', async () => {
  const page = await freshPage('#/tripeaks/1');
  await page.getByTestId('winnable').waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  await page.getByTestId('won').waitFor({ timeout: 120000 });
  assert.deepEqual((await peaks(page)).filter(Boolean), []);
  await page.screenshot({ path: `${ARTIFACTS}tripeaks-won.png` });
  assert.deepEqual(page.errors, []);
  await page.close();
});
