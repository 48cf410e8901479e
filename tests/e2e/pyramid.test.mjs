// Pyramid in a real browser: a good deck is solved in the worker and its shortest solution
// replays to a cleared pyramid; links open the same deck.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, startSite } from './harness.mjs';

// Seeded deck 2 (tests/data/pyramid_decks.txt): the fewest steps are 43 (pyramid_answers.txt).
const DECK_2 = 'TD JD AS 8H 9C 4H TH 6H AC 2D QD AH 3S 5S 8S TC 3D QS 6S 2S 5C JS JC 8D 4D 7C QC 9D 8C 6D '
  + '5H KD TS 2C 3H 7H 4C 7S 2H JH 3C 9S 5D KC KH KS QH 7D 4S AD 6C 9H';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

test('a pasted deck is solved and the solution replays to a cleared pyramid', async () => {
  const page = await site.newPage('#/pyramid');
  await page.getByRole('textbox', { name: 'Pyramid deck' }).fill(DECK_2.toLowerCase());
  await page.getByRole('button', { name: 'Check' }).click();
  const result = page.getByTestId('pyramid-result');
  await result.waitFor({ timeout: 30000 });
  assert.match(await result.innerText(), /clears in 43 steps/);
  assert.equal(await page.locator('[data-pile^="pyramid-"] [data-card]').count(), 28);
  assert.equal(await page.locator('[data-pile="pyramid-0"] [data-card]').getAttribute('data-card'), 'TD');
  assert.match(new URL(page.url()).hash, /^#\/pyramid\/1[A-Za-z0-9_-]{38}$/);
  await page.getByRole('button', { name: 'Play' }).click();
  await page.getByTestId('won').waitFor({ timeout: 60000 });
  assert.equal(await page.locator('[data-pile^="pyramid-"] [data-card]').count(), 0);
  await page.screenshot({ path: `${ARTIFACTS}pyramid-cleared.png` });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the deck link reopens the same deck; deal links deal seeded decks', async () => {
  const first = await site.newPage('#/pyramid/deal/3');
  await first.getByTestId('pyramid-result').waitFor({ timeout: 30000 });
  assert.match(await first.getByTestId('pyramid-result').innerText(), /28 steps/);
  const link = new URL(first.url()).hash;
  await first.screenshot({ path: `${ARTIFACTS}pyramid-deal-3.png` });
  await first.close();
  const second = await site.newPage(link);
  await second.getByTestId('pyramid-result').waitFor({ timeout: 30000 });
  // Seeded deck 3 starts 4D 4S QD …, the fewest steps are 28.
  assert.equal(await second.locator('[data-pile="pyramid-0"] [data-card]').getAttribute('data-card'), '4D');
  assert.match(await second.getByTestId('pyramid-result').innerText(), /28 steps/);
  await second.close();
});

test('playing by hand: draw from the stock and undo', async () => {
  const page = await site.newPage('#/pyramid/deal/3');
  await page.getByTestId('pyramid-result').waitFor({ timeout: 30000 });
  const stockTop = await page.locator('[data-pile="stock"] [data-card]').getAttribute('data-card');
  await page.getByRole('button', { name: 'Draw' }).click();
  assert.equal(await page.locator('[data-pile="waste"] [data-card]').getAttribute('data-card'), stockTop);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await page.locator('[data-pile="waste"] [data-card]').count(), 0);
  await page.close();
});
