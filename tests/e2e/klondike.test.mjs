// Playing Klondike in a real browser: drawing, dragging, hints, the solver's replay to the
// win, the "still winnable?" check, persistence across a reload, custom decks and bad links.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, drag, pileCards, startSite } from './harness.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

async function freshPage(hash) {
  const page = await site.freshPage(hash);
  await page.locator('[data-pile="tableau-7"] [data-card]').nth(6).waitFor();
  return page;
}

const RANKS = 'A23456789TJQK';
const red = (card) => card[1] === 'H' || card[1] === 'D';
/** Whether `card` may go on `target` in the tableau: one lower, the other colour. */
const buildsOn = (card, target) =>
  RANKS.indexOf(card[0]) + 1 === RANKS.indexOf(target[0]) && red(card) !== red(target);

/** The top card of each column (`back` when face down, undefined when empty). */
async function tops(page) {
  const result = [];
  for (let column = 1; column <= 7; column++) {
    const cards = await pileCards(page, `tableau-${column}`);
    result.push(cards[cards.length - 1]);
  }
  return result;
}

test('the deal: 28 cards in seven columns, one face up in each, 24 in the stock', async () => {
  const page = await freshPage('#/klondike/1?draw=1');
  for (let column = 1; column <= 7; column++) {
    const cards = await pileCards(page, `tableau-${column}`);
    assert.equal(cards.length, column);
    assert.equal(cards.filter((card) => card === 'back').length, column - 1);
  }
  assert.match(await page.locator('[data-pile="stock"]').getAttribute('aria-label'), /24 cards/);
  await page.screenshot({ path: `${ARTIFACTS}klondike-1.png` });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('clicking the stock draws one card (draw 1) or three (draw 3), and undo puts them back', async () => {
  const page = await freshPage('#/klondike/1?draw=1');
  await page.locator('[data-pile="stock"]').click();
  assert.equal((await pileCards(page, 'waste')).length, 1);
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 1/);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal((await pileCards(page, 'waste')).length, 0);
  await page.getByRole('combobox', { name: 'Draw' }).selectOption('3');
  await page.waitForFunction(() => location.hash.includes('draw=3'));
  await page.locator('[data-pile="stock"]').click();
  assert.equal((await pileCards(page, 'waste')).length, 3);
  assert.match(await page.locator('[data-pile="stock"]').getAttribute('aria-label'), /21 cards/);
  await page.close();
});

test('drag a card onto another column, and an illegal drop snaps back', async () => {
  // The first deal whose opening columns offer a move between them.
  let page;
  let move;
  for (let seed = 1; seed < 40 && !move; seed++) {
    page = await freshPage(`#/klondike/${seed}?draw=1`);
    const top = await tops(page);
    for (let from = 0; from < 7 && !move; from++) {
      for (let to = 0; to < 7 && !move; to++) {
        if (from !== to && buildsOn(top[from], top[to])) move = { from: from + 1, to: to + 1, card: top[from] };
      }
    }
    if (!move) await page.close();
  }
  assert.ok(move, 'some deal in 1..40 opens with a move between columns');
  const before = await pileCards(page, `tableau-${move.to}`);
  await drag(page, page.locator(`[data-pile="tableau-${move.from}"] [data-card="${move.card}"]`),
    page.locator(`[data-pile="tableau-${move.to}"]`));
  assert.deepEqual(await pileCards(page, `tableau-${move.to}`), [...before, move.card]);
  // The card it uncovered turned face up.
  const uncovered = await pileCards(page, `tableau-${move.from}`);
  if (uncovered.length > 0) assert.notEqual(uncovered[uncovered.length - 1], 'back');

  const top = await tops(page);
  const badTarget = top.findIndex((card, i) => card && card !== 'back' && i + 1 !== move.to && !buildsOn(move.card, card));
  await drag(page, page.locator(`[data-pile="tableau-${move.to}"] [data-card="${move.card}"]`),
    page.locator(`[data-pile="tableau-${badTarget + 1}"]`));
  assert.deepEqual((await pileCards(page, `tableau-${move.to}`)).slice(-1), [move.card]);
  assert.match(await page.getByRole('status').innerText(), /Not allowed/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a hint highlights a legal move', async () => {
  const page = await freshPage('#/klondike/4?draw=1');
  await page.getByTestId('winnable').waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Hint' }).click();
  const hint = page.getByTestId('hint');
  await hint.waitFor();
  const text = await hint.innerText();
  assert.match(text, /Hint: (Draw from the stock|Move .+)\./);
  const highlighted = await page.locator('.card.hint').count() + await page.locator('.slot.hint-from').count();
  assert.ok(highlighted >= 1, 'the hinted cards (or the stock) are highlighted');
  await page.close();
});

test('solve and replay a deal to the won state', async () => {
  const page = await freshPage('#/klondike/4?draw=1');
  await page.getByTestId('winnable').waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  await page.getByTestId('won').waitFor({ timeout: 120000 });
  for (let i = 1; i <= 4; i++) {
    assert.match((await pileCards(page, `foundation-${i}`))[0], /^K/);
  }
  await page.screenshot({ path: `${ARTIFACTS}klondike-won.png` });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a reload restores the game in progress', async () => {
  const page = await freshPage('#/klondike/1?draw=3');
  await page.locator('[data-pile="stock"]').click();
  await page.locator('[data-pile="stock"]').click();
  const waste = await pileCards(page, 'waste');
  await page.goto(site.base + '#/klondike');
  await page.reload();
  await page.locator('[data-pile="waste"] [data-card]').first().waitFor();
  assert.deepEqual(await pileCards(page, 'waste'), waste);
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 2/);
  assert.match(page.url(), /#\/klondike\/1\?draw=3/);
  await page.close();
});

test('a link with bad moves explains itself and opens the deal', async () => {
  const page = await freshPage('#/klondike/1?draw=1&moves=d.zz');
  await page.getByTestId('link-error').waitFor();
  assert.match(await page.getByTestId('link-error').textContent(), /move 2 `zz`/);
  assert.equal(await page.locator('[data-pile^="tableau-"] [data-card]').count(), 28);
  await page.close();
});

test('a link with moves reopens the game part-way', async () => {
  const page = await freshPage('#/klondike/1?draw=1&moves=d.d.d');
  await page.locator('[data-pile="waste"] [data-card]').first().waitFor();
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 3/);
  assert.match(await page.locator('[data-pile="stock"]').getAttribute('aria-label'), /21 cards/);
  await page.close();
});

test('a custom deck: a bad paste names the problem and keeps the game; a good one deals it', async () => {
  const page = await freshPage('#/klondike/1?draw=1');
  await page.locator('[data-pile="stock"]').click();
  await page.getByText('Deal your own deck').click();
  const area = page.getByRole('textbox', { name: 'Custom deck' });
  const deck = await area.inputValue();
  const cards = deck.trim().split(/\s+/);
  assert.equal(cards.length, 52);
  await area.fill(cards.slice(1).join(' '));
  await page.getByRole('button', { name: 'Deal this deck' }).click();
  await page.getByTestId('deck-error').waitFor();
  assert.match(await page.getByTestId('deck-error').innerText(), new RegExp(`missing.*${cards[0]}`, 'i'));
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 1/, 'the game in progress is kept');

  // The deck reversed, dealt as a custom deck, opens under its own link.
  await area.fill([...cards].reverse().join(' '));
  await page.getByRole('button', { name: 'Deal this deck' }).click();
  await page.waitForFunction(() => location.hash.startsWith('#/klondike/deck/'));
  assert.deepEqual((await pileCards(page, 'tableau-1')), [cards[51]]);
  const link = page.url();
  await page.goto(site.base + '#/');
  await page.goto(link);
  await page.locator('[data-pile="tableau-7"] [data-card]').nth(6).waitFor();
  assert.deepEqual((await pileCards(page, 'tableau-1')), [cards[51]]);
  await page.close();
});

test('a deal that cannot be won is reported at once', async () => {
  // Seed 340 (draw 1) is proven unwinnable by the solver in milliseconds.
  const page = await freshPage('#/klondike/340?draw=1');
  await page.getByTestId('unwinnable').waitFor({ timeout: 60000 });
  assert.match(await page.getByTestId('unwinnable').innerText(), /cannot be won/);
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByText('No hint').waitFor();
  await page.close();
});

test('double-click sends a card home, and D draws from the keyboard', async () => {
  const page = await freshPage('#/klondike/1?draw=1');
  // Deal 1 opens with the ace of diamonds on column 4.
  await page.locator('[data-pile="tableau-4"] [data-card="AD"]').dblclick();
  assert.deepEqual(await pileCards(page, 'foundation-2'), ['AD']);
  assert.notEqual((await pileCards(page, 'tableau-4')).slice(-1)[0], 'back', 'the card below turned up');
  await page.keyboard.press('d');
  assert.equal((await pileCards(page, 'waste')).length, 1);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  assert.deepEqual(await pileCards(page, 'foundation-2'), []);
  await page.close();
});

test('the Klondike table fits a phone screen', async () => {
  const viewport = { width: 390, height: 844 };
  const page = await site.newPage('#/klondike/1?draw=3', viewport);
  await page.locator('[data-pile="tableau-7"] [data-card]').nth(6).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone screen`);
  const box = await page.locator('[data-pile="tableau-7"]').boundingBox();
  assert.ok(box.x + box.width <= viewport.width, 'the last column is on screen');
  await page.screenshot({ path: `${ARTIFACTS}klondike-phone.png` });
  await page.close();
});

test('a bad deck link explains itself and keeps the game in progress', async () => {
  const page = await freshPage('#/klondike/1?draw=1');
  await page.locator('[data-pile="stock"]').click();
  await page.goto(`${site.base}#/klondike/deck/zzz`);
  await page.getByTestId('link-error').waitFor();
  assert.match(await page.getByTestId('link-error').textContent(), /version/);
  // The words shown say what happened; the code's details stay folded.
  const shown = await page.getByTestId('link-error').innerText();
  assert.doesNotMatch(shown, /version/, shown);
  assert.match(shown, /doesn't name a Klondike deal\. Here is your game in progress\./);
  await page.waitForFunction(() => location.hash === '#/klondike/1?draw=1');
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 1/);
  await page.close();
});

test('a long check shows its progress and can be stopped, then run again', async () => {
  // Deal 283 (draw 1) takes the solver its whole budget, one of its slowest undecided deals of
  // seeds 1..1000 (about 1.4 s natively, more in the browser), so Stop comes while it runs.
  const page = await freshPage('#/klondike/283?draw=1');
  const progress = page.getByTestId('solver-progress');
  await progress.waitFor();
  assert.match(await progress.innerText(), /Solver: \d{1,3}(,\d{3})* positions looked at/);
  await progress.getByRole('button', { name: 'Stop' }).click();
  const stopped = page.getByTestId('solver-stopped');
  await stopped.waitFor();
  assert.match(await page.getByRole('status').innerText(), /Not checked: the solver was stopped/);
  assert.equal(await progress.count(), 0);
  // A stopped check stays stopped until asked again.
  await page.waitForTimeout(500);
  assert.equal(await stopped.count(), 1);
  await stopped.getByRole('button', { name: 'Check again' }).click();
  await progress.waitFor();
  await page.getByRole('status').filter({ hasNotText: 'Checking whether' }).waitFor({ timeout: 60000 });
  assert.equal(await stopped.count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});
