// Playing FreeCell in a real browser: drag and drop, undo/redo, hints, the solver's replay to
// the win, the "still winnable?" check, persistence across a reload and bad links.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, pileCards, startSite } from './harness.mjs';

// The first 26 moves of a solution of deal 1; the 27th moves the run 7S 6H? from cascade 7 to 1.
const DEAL_1_PREFIX = '6a.6b.6h.6h.7c.7d.bh.7b.7h.3h.67.16.32.a3.8a.d7.8d.82.8h.12.8h.86.18.16.1h.8h';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + Math.min(12, a.height / 2));
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 20, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

async function freshPage(hash) {
  const page = await site.newPage('#/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(site.base + hash);
  await page.locator('[data-pile^="cascade-"] [data-card]').nth(10).waitFor();
  return page;
}

test('drag a card to a free cell, then undo and redo', async () => {
  const page = await freshPage('#/freecell/1');
  await drag(page, page.locator('[data-pile="cascade-8"] [data-card="TC"]'), page.locator('[data-pile="freecell-1"]'));
  assert.deepEqual(await pileCards(page, 'freecell-1'), ['TC']);
  assert.deepEqual(await pileCards(page, 'cascade-8'), '5H 3H 3C 7S 7D'.split(' '));
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 1/);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.deepEqual(await pileCards(page, 'freecell-1'), []);
  assert.deepEqual(await pileCards(page, 'cascade-8'), '5H 3H 3C 7S 7D TC'.split(' '));
  await page.keyboard.press('Control+y');
  assert.deepEqual(await pileCards(page, 'freecell-1'), ['TC']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an illegal drop snaps back and says why', async () => {
  const page = await freshPage('#/freecell/1');
  await drag(page, page.locator('[data-pile="cascade-8"] [data-card="TC"]'), page.locator('[data-pile="cascade-1"]'));
  assert.deepEqual(await pileCards(page, 'cascade-8'), '5H 3H 3C 7S 7D TC'.split(' '));
  assert.match(await page.getByRole('status').innerText(), /Not allowed/);
  await page.close();
});

test('drag a sequence onto a cascade', async () => {
  const page = await freshPage(`#/freecell/1?moves=${DEAL_1_PREFIX}`);
  const before7 = await pileCards(page, 'cascade-7');
  const before1 = await pileCards(page, 'cascade-1');
  const runTop = before7[before7.length - 2];
  await drag(page, page.locator(`[data-pile="cascade-7"] [data-card="${runTop}"]`), page.locator('[data-pile="cascade-1"]'));
  const after1 = await pileCards(page, 'cascade-1');
  assert.deepEqual(after1.slice(0, before1.length), before1);
  assert.deepEqual(after1.slice(before1.length, before1.length + 2), before7.slice(-2));
  await page.close();
});

test('keyboard play in standard notation', async () => {
  const page = await freshPage('#/freecell/1');
  await page.keyboard.press('8');
  await page.keyboard.press('b');
  assert.deepEqual(await pileCards(page, 'freecell-2'), ['TC']);
  await page.close();
});

test('a hint highlights a legal move', async () => {
  const page = await freshPage('#/freecell/5');
  await page.getByTestId('winnable').waitFor({ timeout: 30000 });
  await page.getByRole('button', { name: 'Hint' }).click();
  const hint = page.getByTestId('hint');
  await hint.waitFor();
  assert.match(await hint.innerText(), /Hint: Move the .+ from .+ to .+/);
  assert.equal(await page.locator('.card.hint').count(), 1);
  await page.close();
});

for (const deal of [1, 617]) {
  test(`solve and replay deal ${deal} to the won state`, async () => {
    const page = await freshPage(`#/freecell/${deal}`);
    await page.getByTestId('winnable').waitFor({ timeout: 30000 });
    await page.getByRole('button', { name: 'Solve' }).click();
    await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('120');
    await page.getByTestId('won').waitFor({ timeout: 90000 });
    for (let i = 1; i <= 4; i++) {
      assert.equal((await pileCards(page, `foundation-${i}`)).length, 1);
      assert.match((await pileCards(page, `foundation-${i}`))[0], /^K/);
    }
    if (deal === 1) await page.screenshot({ path: `${ARTIFACTS}freecell-1-won.png` });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('deal 11982 is reported unwinnable', async () => {
  const page = await freshPage('#/freecell/11982');
  await page.getByTestId('unwinnable').waitFor({ timeout: 60000 });
  await page.close();
});

test('a reload restores the game in progress', async () => {
  const page = await freshPage('#/freecell/1');
  await page.keyboard.press('8');
  await page.keyboard.press('a');
  assert.deepEqual(await pileCards(page, 'freecell-1'), ['TC']);
  await page.reload();
  await page.locator('[data-pile="freecell-1"] [data-card="TC"]').waitFor();
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 1/);
  await page.close();
});

test('a link with bad moves explains itself and opens the deal', async () => {
  const page = await freshPage('#/freecell/1?moves=8a.zz');
  await page.getByTestId('link-error').waitFor();
  assert.match(await page.getByTestId('link-error').innerText(), /move 2 `zz`/);
  assert.equal(await page.locator('[data-card]').count(), 52);
  await page.close();
});
