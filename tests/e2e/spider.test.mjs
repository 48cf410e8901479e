// Playing Spider in a real browser: the deal's shape, the stock dealing a row, long piles that
// fit 1280x800 without scrolling, and the solver's replay to the win in one suit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, pileCards, startSite } from './harness.mjs';

const DESKTOP = { width: 1280, height: 800 };

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

async function freshPage(hash, viewport = DESKTOP) {
  const page = await site.freshPage(hash, viewport);
  await page.locator('[data-pile="tableau-10"] [data-card]').nth(5).waitFor();
  return page;
}

async function tableauCount(page) {
  let count = 0;
  for (let pile = 1; pile <= 10; pile++) count += (await pileCards(page, `tableau-${pile}`)).length;
  return count;
}

test('the deal: 54 cards in ten piles, one face up on each, and a stock that deals a row', async () => {
  const page = await freshPage('#/spider/11?suits=4');
  for (let pile = 1; pile <= 10; pile++) {
    const cards = await pileCards(page, `tableau-${pile}`);
    assert.equal(cards.length, [1, 4, 7, 10].includes(pile) ? 6 : 5, `tableau-${pile}`);
    assert.ok(cards.slice(0, -1).every((card) => card === 'back'), `tableau-${pile} face down under its top`);
    assert.notEqual(cards[cards.length - 1], 'back');
  }
  assert.equal(await page.locator('[data-pile^="foundation-"]').count(), 8);
  await page.locator('[data-pile="stock"]').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-pile^="tableau-"] [data-card]').length === 64);
  assert.equal(await tableauCount(page), 64);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('long piles fit 1280x800 without scrolling', async () => {
  const page = await freshPage('#/spider/11?suits=4');
  for (let row = 1; row <= 5; row++) {
    await page.locator('[data-pile="stock"]').click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-pile^="tableau-"] [data-card]').length === n,
      54 + 10 * row);
  }
  const overflow = await page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
  assert.ok(overflow.x <= 0, `the page is ${overflow.x}px too wide`);
  // Every card of every pile lies on screen.
  for (let pile = 1; pile <= 10; pile++) {
    const last = page.locator(`[data-pile="tableau-${pile}"] .card-slot`).last();
    const box = await last.boundingBox();
    assert.ok(box.y + box.height <= DESKTOP.height + 1, `tableau-${pile}'s top card ends at ${box.y + box.height}px`);
  }
  await page.screenshot({ path: `${ARTIFACTS}spider-dealt-out.png` });
  await page.close();
});

// Deals the solver wins in a few milliseconds natively (docs/BENCHMARKS.md, Spider).
for (const [suits, deal] of [[1, 3], [4, 72]]) {
  test(`solve and replay a ${suits}-suit deal to the won state`, async () => {
    const page = await freshPage(`#/spider/${deal}?suits=${suits}`);
    await page.getByTestId('winnable').waitFor({ timeout: 120000 });
    await page.getByRole('button', { name: 'Solve' }).click();
    await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
    await page.getByTestId('won').waitFor({ timeout: 240000 });
    for (let i = 1; i <= 8; i++) {
      assert.match((await pileCards(page, `foundation-${i}`))[0], /^K/, `foundation-${i}`);
    }
    await page.screenshot({ path: `${ARTIFACTS}spider-${suits}-won.png` });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
