// Tic-Tac-Toe and Fox and Hounds against the perfect opponent, in a real browser: play a few
// moves, the opponent answers, the move values shown match the solver, undo, new game, links.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, startSite } from './harness.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

/** Tic-Tac-Toe marks, top-left to bottom-right ('' for an empty square). */
async function marks(page) {
  return page.locator('.ttt-square').evaluateAll((squares) => squares.map((s) => s.dataset.mark));
}

/** The shown move values as { move: "win 1" | "draw" | "loss 2" }. */
async function shownValues(page) {
  const items = await page.getByTestId('move-evaluations').locator('li').evaluateAll((lis) =>
    lis.map((li) => [li.dataset.move, li.dataset.plies ? `${li.dataset.value} ${li.dataset.plies}` : li.dataset.value]));
  return Object.fromEntries(items);
}

/** Fox and Hounds pieces: { fox: 'd8', hounds: ['a1', ...] } in board order. */
async function pieces(page) {
  const squares = await page.locator('.fh-square[data-piece]').evaluateAll((buttons) =>
    buttons.map((b) => [b.dataset.square, b.dataset.piece]));
  const fox = squares.find(([, piece]) => piece === 'fox')?.[0];
  const hounds = squares.filter(([, piece]) => piece === 'hound').map(([square]) => square).sort();
  return { fox, hounds };
}

async function waitForYourMove(page) {
  await page.getByRole('status').filter({ hasText: 'Your move' }).waitFor();
}

test('Tic-Tac-Toe: X plays the centre, O answers in a corner, values match the solver, undo', async () => {
  const page = await site.newPage('#/tictactoe');
  await waitForYourMove(page);
  assert.match(await page.getByRole('status').innerText(), /you play X/);
  await page.getByRole('button', { name: 'centre, empty' }).click();
  // The opponent answers at once; against the centre only a corner holds the draw.
  await page.waitForFunction(() => document.querySelectorAll('.ttt-square[data-mark="O"]').length === 1);
  const board = await marks(page);
  assert.equal(board[4], 'X');
  assert.ok([0, 2, 6, 8].includes(board.indexOf('O')), `O answered on ${board.indexOf('O') + 1}`);
  await waitForYourMove(page);

  await page.getByRole('button', { name: 'Show move values' }).click();
  await page.getByTestId('move-evaluations').waitFor();
  const values = await shownValues(page);
  assert.equal(Object.keys(values).length, 7);
  // With the centre against a corner every X move draws (deckhand tictactoe evaluate).
  assert.ok(Object.values(values).every((v) => v === 'draw'), JSON.stringify(values));
  assert.equal(await page.getByTestId('position-value').getAttribute('data-value'), 'draw');
  await page.screenshot({ path: `${ARTIFACTS}tictactoe.png` });

  await page.getByRole('button', { name: 'Undo' }).click();
  assert.deepEqual(await marks(page), ['', '', '', '', '', '', '', '', '']);
  assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled());
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Tic-Tac-Toe: a linked position shows the solver\'s values and the share link reopens it', async () => {
  // XX./OO./... with X to move (code AQDc): deckhand tictactoe evaluate "XX./OO./..." says
  // 3 wins in 1 ply, 6 draws (it blocks O), 7, 8 and 9 lose in 2 plies.
  const page = await site.newPage('#/tictactoe?position=AQDc');
  await waitForYourMove(page);
  await page.getByRole('button', { name: 'Show move values' }).click();
  await page.getByTestId('move-evaluations').waitFor();
  assert.deepEqual(await shownValues(page),
    { 3: 'win 1', 6: 'draw', 7: 'loss 2', 8: 'loss 2', 9: 'loss 2' });
  assert.equal(await page.locator('.ttt-square[data-square="2"] .square-value').innerText(), 'W1');
  assert.equal(await page.getByTestId('position-value').getAttribute('data-value'), 'win');
  await page.getByRole('button', { name: 'top-right corner, empty' }).click();
  await page.getByTestId('won').waitFor();
  assert.match(await page.getByRole('status').innerText(), /X wins: you won!/);
  assert.equal(await page.locator('.ttt-square.in-line').count(), 3);
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  assert.match(link, /#\/tictactoe\?position=/);
  await page.goto(link);
  await page.reload();
  await page.getByTestId('won').waitFor();
  assert.deepEqual(await marks(page), ['X', 'X', 'X', 'O', 'O', '', '', '', '']);
  await page.close();
});

test('Tic-Tac-Toe: playing O, X opens; perfect play on both sides draws', async () => {
  const page = await site.newPage('#/tictactoe');
  await waitForYourMove(page);
  await page.getByRole('combobox', { name: 'Your side' }).selectOption('O');
  await page.waitForFunction(() => document.querySelectorAll('.ttt-square[data-mark="X"]').length === 1);
  await waitForYourMove(page);
  await page.getByRole('button', { name: 'Show move values' }).click();
  // Always play the first listed move (the list is best first): the game ends in a draw.
  for (let turn = 0; turn < 4; turn += 1) {
    if (await page.getByTestId('draw').count()) break;
    await page.getByTestId('move-evaluations').waitFor();
    const best = await page.getByTestId('move-evaluations').locator('li').first();
    assert.equal(await best.getAttribute('data-value'), 'draw');
    const square = Number(await best.getAttribute('data-move')) - 1;
    const before = (await marks(page)).filter((m) => m).length;
    await page.locator(`.ttt-square[data-square="${square}"]`).click();
    await page.waitForFunction((n) =>
      document.querySelectorAll('.ttt-square[data-mark="X"], .ttt-square[data-mark="O"]').length >= n
      || document.querySelector('[data-testid="draw"]'), before + 2);
  }
  await page.getByTestId('draw').waitFor();
  assert.equal((await marks(page)).filter((m) => m).length, 9);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.ttt-square[data-mark="X"]').length === 1
    && document.querySelectorAll('.ttt-square[data-mark="O"]').length === 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Tic-Tac-Toe: a bad position link explains itself and opens a fresh board', async () => {
  const page = await site.newPage('#/tictactoe?position=zz*');
  await page.getByTestId('link-error').waitFor();
  assert.match(await page.getByTestId('link-error').innerText(), /Tic-Tac-Toe position/);
  await waitForYourMove(page);
  assert.deepEqual(await marks(page), ['', '', '', '', '', '', '', '', '']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Fox and Hounds: the fox moves, the hounds answer, values match the solved game, undo', async () => {
  const page = await site.newPage('#/foxhounds');
  await waitForYourMove(page);
  assert.deepEqual(await pieces(page), { fox: 'd8', hounds: ['a1', 'c1', 'e1', 'g1'] });
  await page.getByRole('button', { name: 'Show move values' }).click();
  await page.getByTestId('move-evaluations').waitFor();
  // The hounds win in 44 plies with the fox first: both fox moves lose in 44.
  assert.deepEqual(await shownValues(page), { 'd8-c7': 'loss 44', 'd8-e7': 'loss 44' });
  assert.match(await page.getByTestId('position-value').innerText(), /loss in 44 plies/);

  await page.getByRole('button', { name: 'square d8, fox' }).click();
  await page.getByRole('button', { name: 'square c7, empty' }).click();
  // The hounds answer with one of their best moves: the fox now loses in 42.
  await page.waitForFunction(() => document.querySelectorAll('.fh-square[data-piece="hound"]:not([data-square$="1"])').length === 1);
  await waitForYourMove(page);
  const after = await pieces(page);
  assert.equal(after.fox, 'c7');
  assert.equal(after.hounds.filter((h) => h.endsWith('2')).length, 1);
  await page.getByTestId('position-value').filter({ hasText: 'loss in 42 plies' }).waitFor();
  const values = await shownValues(page);
  const best = Math.max(...Object.values(values).map((v) => Number(v.split(' ')[1])));
  assert.equal(best, 42, JSON.stringify(values));
  assert.ok(Object.values(values).every((v) => v.startsWith('loss')));
  // A picked-up fox shows each target square's value.
  await page.getByRole('button', { name: 'square c7, fox' }).click();
  assert.ok(await page.locator('.fh-square.target .square-value').count() >= 1);
  await page.screenshot({ path: `${ARTIFACTS}foxhounds.png` });

  await page.getByRole('button', { name: 'Undo' }).click();
  assert.deepEqual(await pieces(page), { fox: 'd8', hounds: ['a1', 'c1', 'e1', 'g1'] });
  await page.getByTestId('move-evaluations').waitFor();
  assert.deepEqual(await shownValues(page), { 'd8-c7': 'loss 44', 'd8-e7': 'loss 44' });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Fox and Hounds: playing the hounds, the fox opens and answers; links reopen the position', async () => {
  const page = await site.newPage('#/foxhounds');
  await waitForYourMove(page);
  await page.getByRole('combobox', { name: 'Your side' }).selectOption('hounds');
  await page.waitForFunction(() => !document.querySelector('.fh-square[data-square="d8"][data-piece="fox"]'));
  await waitForYourMove(page);
  const opened = await pieces(page);
  assert.ok(['c7', 'e7'].includes(opened.fox), opened.fox);
  await page.getByRole('button', { name: 'Show move values' }).click();
  await page.getByTestId('move-evaluations').waitFor();
  const values = await shownValues(page);
  // After the fox's first move the hounds win in 43; their best moves say so.
  assert.equal(await page.getByTestId('position-value').getAttribute('data-value'), 'win');
  const best = Object.entries(values).filter(([, v]) => v === 'win 43').map(([m]) => m);
  assert.ok(best.length >= 1, JSON.stringify(values));
  const [from, to] = best[0].split('-');
  await page.getByRole('button', { name: `square ${from}, hound` }).click();
  await page.getByRole('button', { name: `square ${to}, empty` }).click();
  await page.waitForFunction((fox) => !document.querySelector(`.fh-square[data-square="${fox}"][data-piece="fox"]`), opened.fox);
  await waitForYourMove(page);
  await page.getByTestId('position-value').filter({ hasText: 'win in 41 plies' }).waitFor();

  const position = await pieces(page);
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  assert.match(link, /#\/foxhounds\?position=[A-Za-z0-9_-]{8}$/);
  const other = await site.newPage(link.slice(link.indexOf('#')));
  await waitForYourMove(other);
  assert.deepEqual(await pieces(other), position);
  assert.match(await other.getByRole('status').innerText(), /you play the hounds/);
  await other.close();

  await page.getByRole('button', { name: 'New game' }).click();
  await page.waitForFunction(() => !document.querySelector('.fh-square[data-square="d8"][data-piece="fox"]')
    && document.querySelectorAll('.fh-square[data-piece="hound"][data-square$="1"]').length === 4);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Fox and Hounds: a bad position link explains itself and opens a fresh game', async () => {
  const page = await site.newPage('#/foxhounds?position=AQAAAAAA');
  await page.getByTestId('link-error').waitFor();
  assert.match(await page.getByTestId('link-error').innerText(), /Fox and Hounds position/);
  await waitForYourMove(page);
  assert.deepEqual(await pieces(page), { fox: 'd8', hounds: ['a1', 'c1', 'e1', 'g1'] });
  assert.deepEqual(page.errors, []);
  await page.close();
});
