// Pyramid in a real browser: a good deck is solved in the worker and its shortest solution
// replays to a cleared pyramid; cards are played by click and by drag; links open the same
// deck; the game survives a reload and a bad paste.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, drag, startSite } from './harness.mjs';

// Seeded deck 2 (tests/data/pyramid_decks.txt): the fewest steps are 43 (pyramid_answers.txt).
const DECK_2 = 'TD JD AS 8H 9C 4H TH 6H AC 2D QD AH 3S 5S 8S TC 3D QS 6S 2S 5C JS JC 8D 4D 7C QC 9D 8C 6D '
  + '5H KD TS 2C 3H 7H 4C 7S 2H JH 3C 9S 5D KC KH KS QH 7D 4S AD 6C 9H';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

const card = (page, pile) => page.locator(`[data-pile="${pile}"] [data-card]`);
const result = (page) => page.getByTestId('deal-result');

test('a pasted deck is solved and the solution replays to a cleared pyramid', async () => {
  const page = await site.freshPage('#/pyramid');
  await page.getByText('Paste a deck').click();
  await page.getByRole('textbox', { name: 'Pyramid deck' }).fill(DECK_2.toLowerCase());
  await page.getByRole('button', { name: 'Check' }).click();
  await page.waitForFunction(() => document.querySelector('[data-pile="pyramid-0"] [data-card]')?.dataset.card === 'TD');
  await result(page).waitFor({ timeout: 30000 });
  assert.match(await result(page).innerText(), /clears in 43 steps/);
  assert.equal(await page.locator('[data-pile^="pyramid-"] [data-card]').count(), 28);
  assert.equal(await card(page, 'pyramid-0').getAttribute('data-card'), 'TD');
  assert.match(new URL(page.url()).hash, /^#\/pyramid\/1[A-Za-z0-9_-]{38}$/);
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  await page.getByTestId('won').waitFor({ timeout: 60000 });
  assert.equal(await page.locator('[data-pile^="pyramid-"] [data-card]').count(), 0);
  assert.match(await page.getByTestId('won').innerText(), /43 moves, the last of them played by the solver/);
  await page.screenshot({ path: `${ARTIFACTS}pyramid-cleared.png` });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the deck link reopens the same deck; deal links deal seeded decks', async () => {
  const first = await site.freshPage('#/pyramid/deal/3');
  await result(first).waitFor({ timeout: 30000 });
  assert.match(await result(first).innerText(), /28 steps/);
  const link = new URL(first.url()).hash;
  assert.equal(link, '#/pyramid/deal/3');
  await first.screenshot({ path: `${ARTIFACTS}pyramid-deal-3.png` });
  await first.close();
  const second = await site.freshPage(link);
  await result(second).waitFor({ timeout: 30000 });
  // Seeded deck 3 starts 4D 4S QD …, the fewest steps are 28.
  assert.equal(await card(second, 'pyramid-0').getAttribute('data-card'), '4D');
  assert.match(await result(second).innerText(), /28 steps/);
  await second.close();
});

test('playing by hand: draw from the stock, undo, and a reload keeps the game', async () => {
  const page = await site.freshPage('#/pyramid/deal/3');
  await result(page).waitFor({ timeout: 30000 });
  const stockTop = await card(page, 'stock').getAttribute('data-card');
  await page.getByRole('button', { name: 'Draw' }).click();
  assert.equal(await card(page, 'waste').getAttribute('data-card'), stockTop);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await card(page, 'waste').count(), 0);
  await page.getByRole('button', { name: 'Redo' }).click();
  // A click on the stock turns it too (its card, JD, is no king and nothing is picked).
  const next = await card(page, 'stock').getAttribute('data-card');
  await card(page, 'stock').click();
  assert.equal(await card(page, 'waste').getAttribute('data-card'), next);
  await page.reload();
  await card(page, 'waste').waitFor();
  assert.equal(await card(page, 'waste').getAttribute('data-card'), next);
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 2/);
  assert.equal(new URL(page.url()).hash, '#/pyramid/deal/3');
  await page.close();
});

test('two cards dragged together, or clicked one after the other, are removed', async () => {
  // Deal 3's bottom row is 9D AS 7S 2S 8S 6C QH (slots 21 to 27): AS and QH make 13, so do 7S and 6C.
  const page = await site.freshPage('#/pyramid/deal/3');
  await result(page).waitFor({ timeout: 30000 });
  assert.equal(await card(page, 'pyramid-22').getAttribute('data-card'), 'AS');
  await drag(page, card(page, 'pyramid-22'), card(page, 'pyramid-27'));
  assert.equal(await card(page, 'pyramid-22').count(), 0);
  assert.equal(await card(page, 'pyramid-27').count(), 0);
  await card(page, 'pyramid-23').click();
  await card(page, 'pyramid-26').click();
  assert.equal(await card(page, 'pyramid-23').count(), 0);
  assert.equal(await card(page, 'pyramid-26').count(), 0);
  // The solver keeps up: still winnable, or the move that lost it is named.
  await page.getByTestId(/winnable|unwinnable/).waitFor({ timeout: 30000 });
  // A pair that does not make 13 is refused with the reason.
  await drag(page, card(page, 'pyramid-21'), card(page, 'pyramid-24'));
  assert.match(await page.getByRole('status').innerText(), /add up to 11, not 13/);
  assert.equal(await card(page, 'pyramid-21').count(), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a bad paste names the problems and marks them, and the game stays', async () => {
  const page = await site.freshPage('#/pyramid/deal/3?moves=d.d');
  await result(page).waitFor({ timeout: 30000 });
  const waste = await card(page, 'waste').getAttribute('data-card');
  await page.getByText('Paste a deck').click();
  await page.getByRole('textbox', { name: 'Pyramid deck' }).fill(DECK_2.replace('QD', 'QX').replace('TC', 'AS'));
  await page.getByRole('button', { name: 'Check' }).click();
  const problems = page.getByTestId('deck-error');
  await problems.waitFor();
  assert.match(await problems.innerText(), /Missing: TC, QD/);
  assert.match(await problems.innerText(), /Duplicated: AS/);
  assert.deepEqual(await page.locator('mark.bad-token').allInnerTexts(), ['AS', 'QX', 'AS']);
  assert.equal(await card(page, 'waste').getAttribute('data-card'), waste);
  assert.equal(await card(page, 'pyramid-0').getAttribute('data-card'), '4D');
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 2/);
  await page.close();
});

test('a bad list of moves in a link is explained and the deal opens from its start', async () => {
  const page = await site.freshPage('#/pyramid/deal/3?moves=d.r');
  await page.getByTestId('link-error').waitFor();
  assert.match(await page.getByTestId('link-error').textContent(), /move 2 `r` cannot be played/);
  assert.equal(await card(page, 'pyramid-0').getAttribute('data-card'), '4D');
  assert.equal(await card(page, 'waste').count(), 0);
  await page.close();
});
