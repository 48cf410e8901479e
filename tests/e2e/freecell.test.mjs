// Playing FreeCell in a real browser: drag and drop, undo/redo, hints, the solver's replay to
// the win, the "still winnable?" check, persistence across a reload and bad links.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, drag, pileCards, startSite } from './harness.mjs';

// The first 26 moves of a solution of deal 1; the 27th moves the run 7S 6H? from cascade 7 to 1.
const DEAL_1_PREFIX = '6a.6b.6h.6h.7c.7d.bh.7b.7h.3h.67.16.32.a3.8a.d7.8d.82.8h.12.8h.86.18.16.1h.8h';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

async function freshPage(hash) {
  const page = await site.freshPage(hash);
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
    await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
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
  assert.match(await page.getByTestId('link-error').textContent(), /move 2 `zz`/);
  assert.equal(await page.locator('[data-card]').count(), 52);
  await page.close();
});

// ---- Positions by link, keyboard focus, animated moves (issue 5) ----

const PILES = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => `cascade-${i}`),
  ...[1, 2, 3, 4].map((i) => `freecell-${i}`),
  ...[1, 2, 3, 4].map((i) => `foundation-${i}`),
];

/** Every pile's cards, as { 'cascade-1': [...], ... }. */
async function allPiles(page) {
  const piles = {};
  for (const pile of PILES) piles[pile] = await pileCards(page, pile);
  return piles;
}

/** Waits until no card is travelling any more. */
async function animationsDone(page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  await page.waitForFunction(() => document.getAnimations().filter((a) => a.playState === 'running').length === 0);
}

async function typeMoves(page, moves) {
  for (const move of moves.split(' ')) {
    await page.keyboard.press(move[0]);
    await page.keyboard.press(move[1]);
  }
}

test('a board link opens its position with every feature, and Copy link round-trips', async () => {
  const page = await freshPage('#/freecell/1');
  await typeMoves(page, '8a 8b');
  const reached = await allPiles(page);
  await page.getByText('Share and notation').click();
  const positionLink = await page.getByRole('textbox', { name: 'Position link' }).inputValue();
  assert.match(positionLink, /#\/freecell\/board\/1[A-Za-z0-9_-]+$/);

  // The link opens the position reached, as a new game at its start.
  const other = await site.newPage('#/');
  await other.evaluate(() => localStorage.clear());
  await other.goto(positionLink);
  await other.locator('[data-pile="freecell-2"] [data-card="7D"]').waitFor();
  await other.getByText('Share and notation').click();
  assert.deepEqual(await allPiles(other), reached);
  assert.match(await other.getByTestId('move-count').innerText(), /Moves: 0/);
  assert.match(await other.locator('h1').innerText(), /a position/);
  assert.equal(await other.evaluate(() => location.hash), positionLink.slice(positionLink.indexOf('#')));
  // At its start, Copy link names the same position.
  assert.equal(await other.getByRole('textbox', { name: 'Position link' }).inputValue(), positionLink);

  // The solver, hint, notation, undo and restart all work from the position.
  await other.getByTestId('winnable').waitFor({ timeout: 30000 });
  await other.getByRole('button', { name: 'Hint' }).click();
  await other.getByTestId('hint').waitFor();
  await typeMoves(other, '7c');
  assert.equal(await other.getByRole('textbox', { name: 'Game notation' }).inputValue(), '7c');
  const withMoves = await other.getByRole('textbox', { name: 'Share link' }).inputValue();
  assert.ok(withMoves.startsWith(`${positionLink}?moves=7c`), withMoves);
  await other.getByRole('button', { name: 'Restart' }).click();
  await animationsDone(other);
  assert.deepEqual(await allPiles(other), reached);

  // A reload keeps a game begun from a position.
  await typeMoves(other, '7c');
  const played = await allPiles(other);
  await other.reload();
  await other.locator('[data-pile="freecell-3"] [data-card]').waitFor();
  await animationsDone(other);
  assert.deepEqual(await allPiles(other), played);
  assert.match(await other.getByTestId('move-count').innerText(), /Moves: 1/);
  assert.deepEqual(other.errors, []);
  await other.close();
  await page.close();
});

test('a hand-written board code: four kings left, solved and replayed to the win', async () => {
  // `w x y z` are the kings of clubs, diamonds, hearts and spades; every other card is home.
  const page = await site.newPage('#/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.base}#/freecell/board/1_w_x_y_z`);
  await page.locator('[data-pile="cascade-4"] [data-card="KS"]').waitFor();
  assert.deepEqual(await pileCards(page, 'cascade-1'), ['KC']);
  assert.deepEqual(await pileCards(page, 'cascade-4'), ['KS']);
  assert.deepEqual(await pileCards(page, 'foundation-3'), ['QH']);
  await page.getByTestId('winnable').waitFor({ timeout: 30000 });
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByTestId('won').waitFor({ timeout: 30000 });
  await page.close();
});

test('a bad board code explains itself and opens the game in progress or a fresh table', async () => {
  // The king of clubs twice, in a link opened in a new tab (no game in progress: a bad link
  // opens the game in progress when there is one).
  const page = await site.newPage('#/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.base}#/freecell/board/1_ww`);
  await page.getByTestId('link-error').waitFor();
  const message = await page.getByTestId('link-error').textContent();
  assert.match(message, /position code is not valid: the KC appears twice \(characters 3 and 4\)/);
  assert.equal(await page.locator('[data-card]').count(), 52);
  await page.waitForFunction(() => /^#\/freecell\/\d+$/.test(location.hash));
  assert.deepEqual(page.errors, []);
  await page.close();
  // The same link typed into the address bar of an open table.
  const same = await freshPage('#/freecell/2');
  await same.goto(`${site.base}#/freecell/board/1_ww`);
  await same.getByTestId('link-error').waitFor();
  assert.match(await same.getByTestId('link-error').textContent(), /the KC appears twice/);
  await same.waitForFunction(() => location.hash === '#/freecell/2');
  assert.equal(await same.getByTestId('link-error').count(), 1);
  await same.close();
});

test('Position… opens typed board text, and lists what is wrong with bad text', async () => {
  const page = await freshPage('#/freecell/1');
  await page.getByRole('button', { name: 'Position…' }).click();
  const text = page.getByRole('textbox', { name: 'Position text' });
  // It starts with the position on the table, in board text.
  assert.match(await text.inputValue(), /^Foundations: H-0 C-0 D-0 S-0\nFreecells:.*\nJD KD 2S 4C 3S 6D 6S\n/);
  await text.fill('Foundations: H-Q C-Q D-Q S-Q\nFreecells: KH\nKS KS\nXX');
  await page.getByRole('button', { name: 'Open position' }).click();
  const problems = await page.getByTestId('position-problems').innerText();
  assert.match(problems, /line 4, column 1/);
  assert.match(problems, /KS appears more than once/);
  assert.match(problems, /missing cards: KC KD/);
  await text.fill('Foundations: H-Q C-Q D-Q S-J\nFreecells: - KH\nKS QS\n:\nKC KD');
  await page.getByRole('button', { name: 'Open position' }).click();
  await page.locator('[data-pile="freecell-2"] [data-card="KH"]').waitFor();
  assert.deepEqual(await pileCards(page, 'cascade-1'), ['KS', 'QS']);
  assert.deepEqual(await pileCards(page, 'cascade-3'), ['KC', 'KD']);
  assert.match(await page.evaluate(() => location.hash), /^#\/freecell\/board\//);
  // Undo goes back to the deal it replaced.
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await page.locator('[data-card]').count(), 52);
  await page.close();
});

test('arrow keys, Enter and Space play a card and a run', async () => {
  const page = await freshPage(`#/freecell/1?moves=${DEAL_1_PREFIX}`);
  const focused = () => page.evaluate(() => document.activeElement?.dataset.pile);
  await page.locator('[data-pile="cascade-1"]').focus();
  const before7 = await pileCards(page, 'cascade-7');
  const before1 = await pileCards(page, 'cascade-1');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 'cascade-7');
  // Up along the run: two cards chosen.
  await page.keyboard.press('ArrowUp');
  assert.match(await page.locator('[data-pile="cascade-7"]').getAttribute('aria-label'), /choosing the .+ and the 1 below it/);
  await page.keyboard.press('Enter');
  assert.match(await page.locator('[data-pile="cascade-7"]').getAttribute('aria-label'), /picked up/);
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), 'cascade-1');
  await page.keyboard.press(' ');
  const after1 = await pileCards(page, 'cascade-1');
  assert.deepEqual(after1, [...before1, ...before7.slice(-2)]);
  assert.deepEqual(await pileCards(page, 'cascade-7'), before7.slice(0, -2));

  assert.deepEqual(page.errors, []);
  await page.close();

  // On deal 1: left from cascade 1 wraps to cascade 8; Escape puts a picked-up card back; up to
  // the top row (foundation 4 above cascade 8), left along it to free cell d, and drop.
  const fresh = await freshPage('#/freecell/1');
  const focusedHere = () => fresh.evaluate(() => document.activeElement?.dataset.pile);
  await fresh.locator('[data-pile="cascade-1"]').focus();
  await fresh.keyboard.press('ArrowLeft');
  assert.equal(await focusedHere(), 'cascade-8');
  await fresh.keyboard.press('Enter');
  assert.equal(await fresh.locator('.card.selected').count(), 1);
  await fresh.keyboard.press('Escape');
  assert.equal(await fresh.locator('.card.selected').count(), 0);
  await fresh.keyboard.press('Enter');
  await fresh.keyboard.press('ArrowUp');
  assert.equal(await focusedHere(), 'foundation-4');
  for (let i = 0; i < 4; i++) await fresh.keyboard.press('ArrowLeft');
  assert.equal(await focusedHere(), 'freecell-4');
  await fresh.keyboard.press('Enter');
  assert.deepEqual(await pileCards(fresh, 'freecell-4'), ['TC']);
  assert.match(await fresh.locator('[data-pile="freecell-4"]').getAttribute('aria-label'), /free cell d, the ten of clubs/);
  // The notation keys still work alongside, and the focus moves on down to the cascades.
  await fresh.keyboard.press('8');
  await fresh.keyboard.press('a');
  assert.deepEqual(await pileCards(fresh, 'freecell-1'), ['7D']);
  await fresh.keyboard.press('ArrowDown');
  assert.equal(await focusedHere(), 'cascade-4');
  assert.deepEqual(fresh.errors, []);
  await fresh.close();
});

test('a move travels and ends in place; reduced motion moves at once', async () => {
  const page = await freshPage('#/freecell/1');
  await page.keyboard.press('8');
  await page.keyboard.press('a');
  await page.waitForFunction(() => document.getAnimations().length > 0);
  await animationsDone(page);
  assert.deepEqual(await pileCards(page, 'freecell-1'), ['TC']);
  // The card sits in its place in the free cell, no longer shifted.
  const [card, place] = await page.evaluate(() => {
    const card = document.querySelector('[data-pile="freecell-1"] [data-card="TC"]');
    return [card.getBoundingClientRect().toJSON(), card.closest('.card-slot').getBoundingClientRect().toJSON()];
  });
  assert.ok(Math.abs(card.x - place.x) < 1 && Math.abs(card.y - place.y) < 1, JSON.stringify({ card, place }));

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.keyboard.press('8');
  await page.keyboard.press('b');
  await page.locator('[data-pile="freecell-2"] [data-card="7D"]').waitFor();
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
  await page.close();
});

/** The shift each card starts its journey from, once some card travels: { TC: [dx, dy], ... }. */
async function journeys(page) {
  const handle = await page.waitForFunction(() => {
    const shifts = {};
    for (const animation of document.getAnimations()) {
      const card = animation.effect?.target?.dataset?.card;
      const match = /translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\)/.exec(animation.effect.getKeyframes()[0].transform);
      if (card && match) shifts[card] = [Number(match[1]), Number(match[2]), animation.effect.getTiming().delay];
    }
    return Object.keys(shifts).length > 0 && shifts;
  });
  return handle.jsonValue();
}

test('cards travel from where they were: a run as one group, a drop from the drop point, autoplay one after another', async () => {
  const page = await freshPage(`#/freecell/1?moves=${DEAL_1_PREFIX}`);
  // Slow the animations tenfold, so the test sees each journey however loaded the machine is.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
  const run = (await pileCards(page, 'cascade-7')).slice(-2);
  await page.keyboard.press('7');
  await page.keyboard.press('1');
  const moved = await journeys(page);
  assert.deepEqual(Object.keys(moved).sort(), [...run].sort());
  // Both cards of the run set off together from the same shift (cascade 7 is right of 1).
  assert.deepEqual(moved[run[0]], moved[run[1]]);
  assert.ok(moved[run[0]][0] > 100, JSON.stringify(moved));
  await animationsDone(page);

  assert.deepEqual(page.errors, []);
  await page.close();

  // Dragged to a free cell, a card starts from where it was let go (over the free cell), not
  // from its cascade far below.
  const fresh = await freshPage('#/freecell/1');
  const slow = await fresh.context().newCDPSession(fresh);
  await slow.send('Animation.enable');
  await slow.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
  await drag(fresh, fresh.locator('[data-pile="cascade-8"] [data-card="TC"]'), fresh.locator('[data-pile="freecell-1"]'));
  const dropped = await journeys(fresh);
  const [dx, dy] = dropped.TC;
  const height = await fresh.locator('[data-card="TC"]').evaluate((c) => c.getBoundingClientRect().height);
  assert.ok(Math.hypot(dx, dy) < height, JSON.stringify({ dropped, height }));
  await animationsDone(fresh);
  assert.deepEqual(await pileCards(fresh, 'freecell-1'), ['TC']);
  // Taken back by Undo, it travels the whole way home to cascade 8.
  await fresh.getByRole('button', { name: 'Undo' }).click();
  const back = await journeys(fresh);
  assert.ok(Math.hypot(...back.TC.slice(0, 2)) > 2 * height, JSON.stringify({ back, height }));
  await animationsDone(fresh);
  assert.deepEqual(await pileCards(fresh, 'cascade-8'), '5H 3H 3C 7S 7D TC'.split(' '));

  // Autoplay's cards set off one after another: 6b uncovers the aces of cascade 6, which go home.
  await typeMoves(fresh, '6a');
  await animationsDone(fresh);
  await typeMoves(fresh, '6b');
  const autoplayed = await journeys(fresh);
  const delays = Object.values(autoplayed).map(([, , delay]) => delay).sort((a, b) => a - b);
  assert.ok(delays.length >= 2 && delays[0] === 0, JSON.stringify(autoplayed));
  assert.deepEqual(new Set(delays).size, delays.length, 'each move sets off at its own time');
  assert.ok(Object.keys(autoplayed).some((card) => card.startsWith('A')), JSON.stringify(autoplayed));
  assert.deepEqual(fresh.errors, []);
  await fresh.close();
});

test('rapid undo and redo during the animations leave the right table', async () => {
  const page = await freshPage('#/freecell/1');
  await page.getByRole('combobox', { name: 'Autoplay' }).selectOption('off');
  const start = await allPiles(page);
  const moves = '6a 6b 6h 6h 7c 7d bh 7b 7h 3h'.split(' ');
  const seen = [start];
  for (const move of moves) {
    await typeMoves(page, move);
    await page.getByTestId('move-count').filter({ hasText: `Moves: ${seen.length}` }).waitFor();
    seen.push(await allPiles(page));
  }
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 10/);
  for (let i = 0; i < 10; i++) await page.keyboard.press('Control+z');
  for (let i = 0; i < 6; i++) await page.keyboard.press('Control+y');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
  await page.getByTestId('move-count').filter({ hasText: 'Moves: 3' }).waitFor();
  await animationsDone(page);
  assert.deepEqual(await allPiles(page), seen[3]);
  // Every card sits in its place once nothing travels (no transform left over).
  const misplaced = await page.evaluate(() => [...document.querySelectorAll('[data-pile] [data-card]')]
    .filter((card) => {
      const place = (card.closest('.card-slot') ?? card.parentElement).getBoundingClientRect();
      const box = card.getBoundingClientRect();
      return card.closest('.card-slot') && (Math.abs(box.x - place.x) > 1 || Math.abs(box.y - place.y) > 1);
    }).map((card) => card.dataset.card));
  assert.deepEqual(misplaced, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the FreeCell menu link reopens the game in progress', async () => {
  const page = await freshPage('#/freecell/1');
  await page.keyboard.press('8');
  await page.keyboard.press('a');
  await page.locator('[data-pile="freecell-1"] [data-card="TC"]').waitFor();
  await page.getByRole('link', { name: 'Deckhand' }).click();
  await page.getByRole('link', { name: 'FreeCell' }).first().click();
  await page.locator('[data-pile="freecell-1"] [data-card="TC"]').waitFor();
  assert.match(page.url(), /#\/freecell\/1$/);
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 1/);
  await page.close();
});
