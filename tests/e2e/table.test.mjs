// The one table every solitaire shares: click-then-click onto empty piles, the losing move of
// a linked game, the paste box that keeps a bad paste, keyboard play and screen-reader names,
// refusals said in words beside the verdict, and a table that fits the screen (every game the
// app lists) and stays put between deals.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ARTIFACTS, gameDeals, longTasksBetween, pageTime, pageWatchingLongTasks, pileCards, registeredGames, settled, startSite,
} from './harness.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function freecell(hash, viewport = DESKTOP) {
  const page = await site.freshPage(hash, viewport);
  await page.locator('[data-pile^="cascade-"] [data-card]').nth(10).waitFor();
  return page;
}

/** The pile whose last card is `card`. */
async function pileOf(page, card) {
  return page.locator(`[data-card="${card}"]`).evaluate((el) => el.closest('[data-pile]').dataset.pile);
}

for (const [name, viewport] of [['a mouse', DESKTOP], ['a phone', PHONE]]) {
  test(`FreeCell with ${name}: click a card, then an empty free cell or foundation`, async () => {
    const page = await freecell('#/freecell/617', viewport);
    const from = await pileOf(page, 'JD');
    const cards = await pileCards(page, from);
    assert.equal(cards[cards.length - 1], 'JD', 'the jack of diamonds is exposed in deal 617');
    await page.locator('[data-card="JD"]').click();
    await page.locator('[data-pile="freecell-2"]').click();
    assert.deepEqual(await pileCards(page, 'freecell-2'), ['JD']);
    // An exposed ace clicked, then an empty foundation (even another suit's): it goes home.
    await page.getByRole('combobox', { name: 'Autoplay' }).selectOption('off');
    const page2 = page;
    await page2.goto(`${site.base}#/freecell/1?moves=6a.6b.6h`);
    await page2.waitForFunction(() => document.querySelectorAll('[data-pile^="foundation-"] [data-card]').length > 0);
    const home = await page2.locator('[data-pile^="foundation-"] [data-card]').count();
    await page2.getByRole('button', { name: 'Undo' }).click();
    assert.equal(await page2.locator('[data-pile^="foundation-"] [data-card]').count(), home - 1);
    const ace = await page2.locator('[data-pile^="cascade-"] .card-slot:last-child [data-card^="A"]').first();
    await ace.click();
    await page2.locator('[data-pile="foundation-4"]').click();
    assert.equal(await page2.locator('[data-pile^="foundation-"] [data-card]').count(), home);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('the losing move of a linked game is the move that lost it', async () => {
  const page = await freecell('#/freecell/1?moves=1a.2b.3c.4d');
  const lost = page.getByTestId('unwinnable');
  await lost.waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Undo to before it' }).waitFor({ timeout: 60000 });
  const text = await lost.innerText();
  assert.match(text, /The losing move: Move the \w+ of \w+ from cascade 4 to free cell d/);
  await page.getByRole('button', { name: 'Undo to before it' }).click();
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 3/);
  // After a reload too.
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Undo to before it' }).waitFor({ timeout: 60000 });
  assert.match(await page.getByTestId('unwinnable').innerText(), /from cascade 4 to free cell d/);
  await page.close();
});

test('a link with a bad move names it once', async () => {
  const page = await freecell('#/freecell/1?moves=zz');
  const problem = page.getByTestId('link-error');
  await problem.waitFor();
  const text = await problem.textContent();
  assert.equal(text.split('`zz`').length - 1, 1, text);
  await page.close();
});

test('refusals name the cards in words, beside the verdict', async () => {
  const page = await freecell('#/freecell/1');
  await page.getByTestId('winnable').waitFor({ timeout: 60000 });
  await page.locator('[data-card="TC"]').click();
  await page.locator('[data-pile="cascade-1"]').click();
  const status = await page.getByRole('status').innerText();
  assert.match(status, /the ten of clubs does not go on the six of spades/);
  assert.equal(await page.getByTestId('winnable').count(), 1, 'the verdict stays');
  await page.close();
});

const DECK_2 = 'TD JD AS 8H 9C 4H TH 6H AC 2D QD AH 3S 5S 8S TC 3D QS 6S 2S 5C JS JC 8D 4D 7C QC 9D 8C 6D '
  + '5H KD TS 2C 3H 7H 4C 7S 2H JH 3C 9S 5D KC KH KS QH 7D 4S AD 6C 9H';

test('Pyramid: a bad paste stays in the box to be mended, and the box stays open', async () => {
  const page = await site.freshPage('#/pyramid/deal/3', DESKTOP);
  await page.getByTestId('deal-result').waitFor({ timeout: 30000 });
  await page.getByText('Paste a deck').click();
  const box = page.getByRole('textbox', { name: 'Pyramid deck' });
  const bad = DECK_2.replace('QD', 'QX');
  await box.fill(bad);
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByTestId('deck-error').waitFor();
  assert.equal(await box.inputValue(), bad, 'the typo is still there to fix');
  await box.fill(DECK_2);
  await page.getByRole('button', { name: 'Check' }).click();
  await page.waitForFunction(() => document.querySelector('[data-pile="pyramid-0"] [data-card]')?.dataset.card === 'TD');
  assert.ok(await box.isVisible(), 'the paste box stays open for the next deck');
  assert.equal(await page.getByTestId('deck-error').count(), 0);
  await page.close();
});

test('Pyramid: refusals say why beside the verdict, and the covered card says it is covered', async () => {
  const page = await site.freshPage('#/pyramid/deal/3', DESKTOP);
  await page.getByTestId('deal-result').waitFor({ timeout: 30000 });
  // Deal 3's bottom row is 9D AS 7S 2S 8S 6C QH: 9D and 2S make 11.
  await page.locator('[data-pile="pyramid-21"] [data-card]').click();
  await page.locator('[data-pile="pyramid-24"] [data-card]').click();
  await page.getByTestId('refusal').waitFor();
  assert.match(await page.getByTestId('refusal').innerText(), /nine of diamonds and the two of spades add up to 11, not 13/);
  await page.locator('[data-pile="pyramid-0"] [data-card]').click();
  assert.match(await page.getByTestId('refusal').innerText(), /four of diamonds is covered by the/);
  assert.equal(await page.locator('[data-pile="pyramid-0"]').getAttribute('aria-label'), 'four of diamonds, covered');
  assert.match(await page.locator('[data-pile="pyramid-21"]').getAttribute('aria-label'), /^nine of diamonds, free$/);
  // One line on the deal's answer at the start, not two.
  const status = await page.getByRole('status').innerText();
  assert.match(status, /clears in 28 steps/);
  assert.doesNotMatch(status, /Still winnable/);
  // A covered card shows its corner only.
  const pip = await page.locator('[data-pile="pyramid-0"] .pip').evaluate((el) => getComputedStyle(el).visibility);
  assert.equal(pip, 'hidden');
  await page.close();
});

test('Pyramid: after the last recycle there is no Recycle button', async () => {
  const draws = Array(24).fill('d').join('.');
  const page = await site.freshPage(`#/pyramid/deal/3?moves=${draws}.r.${draws}.r.${draws}`, DESKTOP);
  await page.getByTestId('move-count').waitFor();
  assert.match(await page.getByTestId('move-count').innerText(), /Moves: 74/);
  assert.equal(await page.getByRole('button', { name: 'Recycle' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Draw' }).count(), 0);
  await page.close();
});

test('Pyramid by keyboard: arrows walk the rows, Enter pairs two cards', async () => {
  const page = await site.freshPage('#/pyramid/deal/3', DESKTOP);
  await page.getByTestId('deal-result').waitFor({ timeout: 30000 });
  await page.locator('[data-pile="pyramid-0"]').focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  // The bottom row's leftmost card, then one to the right: AS (slot 22).
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.pile), 'pyramid-22');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.pile), 'pyramid-27');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('[data-pile="pyramid-22"] [data-card]').count(), 0);
  assert.match(await page.getByTestId('last-move').innerText(), /ace of spades/);
  await page.close();
});

test('Klondike by keyboard: the stock takes focus and Enter draws; a column card picks up', async () => {
  const page = await site.freshPage('#/klondike/7', DESKTOP);
  await page.locator('[data-pile="tableau-7"] [data-card]').nth(6).waitFor();
  const stock = page.locator('[data-pile="stock"]');
  await stock.focus();
  assert.match(await stock.getAttribute('aria-label'), /stock, 24 cards/);
  await page.keyboard.press('Enter');
  // The draw is drawn on Yew's next render: wait for it rather than read the count at once.
  await page.waitForFunction(() => document.querySelectorAll('[data-pile="waste"] [data-card]').length > 0);
  assert.equal(await page.locator('[data-pile="waste"] [data-card]').count(), 1);
  await page.keyboard.press('ArrowDown');
  const focused = page.locator(':focus');
  assert.equal(await focused.getAttribute('data-pile'), 'tableau-1');
  assert.match(await focused.getAttribute('aria-label'), /column 1, 1 cards, the .+ on top; the .+ is free/);
  await page.close();
});

test('Klondike: a hint names its card', async () => {
  const page = await site.freshPage('#/klondike/7', DESKTOP);
  await page.getByTestId('winnable').waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByTestId('hint').waitFor();
  assert.match(await page.getByTestId('hint').innerText(), /Hint: (Move the (ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of|Draw)/);
  await page.close();
});

test('#/pyramid/garbage opens a fresh deal under its explanation', async () => {
  const page = await site.freshPage('#/pyramid/garbage', DESKTOP);
  await page.getByTestId('link-error').waitFor();
  await page.locator('[data-pile^="pyramid-"] [data-card]').nth(27).waitFor();
  assert.equal(await page.locator('[data-pile^="pyramid-"] [data-card]').count(), 28);
  await page.close();
});

async function scrolls(page) {
  return page.evaluate(() => ({
    vertical: document.scrollingElement.scrollHeight - window.innerHeight,
    horizontal: document.scrollingElement.scrollWidth - window.innerWidth,
  }));
}

test('every table fits 1280x800 before and after Solve, and a phone\'s width', async () => {
  const home = await site.freshPage('#/', DESKTOP);
  const games = await registeredGames(home);
  await home.close();
  for (const game of games) {
    const { link, winnable } = await gameDeals(site, game);
    const hash = link(winnable);
    const page = await site.freshPage(hash, DESKTOP);
    await settled(page);
    assert.ok((await scrolls(page)).vertical <= 0, `${hash} scrolls before Solve`);
    await page.getByRole('button', { name: 'Solve' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    assert.ok((await scrolls(page)).vertical <= 0, `${hash} scrolls after Solve`);
    await page.screenshot({ path: `${ARTIFACTS}fit-${hash.replace(/[#/]/g, '_')}.png` });
    await page.close();
    const phone = await site.freshPage(hash, PHONE);
    await phone.locator('[data-card]').nth(20).waitFor();
    assert.ok((await scrolls(phone)).horizontal <= 0, `${hash} is wider than a phone`);
    // The score line wraps without a gap: at most two tight lines.
    const line = await phone.locator('.scoreline').boundingBox();
    assert.ok(line.height <= 44, `${hash}: the score line is ${line.height}px high on a phone`);
    await phone.close();
  }
});

test('a card shows its rank and suit in both corners and its suit in the centre', async () => {
  const page = await site.freshPage('#/freecell/1', DESKTOP);
  const ten = page.locator('[data-card="TD"]');
  await ten.waitFor();
  const parts = await ten.evaluate((card) => [...card.children].map(
    (part) => [part.className, part.textContent, part.getAttribute('aria-hidden')]));
  assert.deepEqual(parts, [['index top', '10♦', 'true'], ['pip', '♦', 'true'], ['index bottom', '10♦', 'true']]);
  assert.equal(await ten.getAttribute('aria-label'), 'ten of diamonds');
  await page.close();
});

test('the table does not move between deals', async () => {
  const page = await freecell('#/freecell/1');
  const first = await page.locator('.table').boundingBox();
  await page.goto(`${site.base}#/freecell/8589934591`);
  await page.waitForFunction(() => document.querySelector('h1').textContent.includes('8589934591'));
  const second = await page.locator('.table').boundingBox();
  assert.deepEqual(second, first);
  await page.close();
});

test('Fox and Hounds: a square says its value, and the hounds\' reply is announced', async () => {
  const page = await site.newPage('#/foxhounds', DESKTOP);
  await page.getByRole('status').filter({ hasText: 'Your move' }).waitFor();
  await page.getByRole('button', { name: 'Show move values' }).click();
  await page.getByTestId('move-evaluations').waitFor();
  await page.getByRole('button', { name: 'square d8, fox' }).click();
  // Both fox moves lose in 44 plies (the solved game): the target squares say so.
  assert.equal(await page.locator('[data-square="c7"]').getAttribute('aria-label'), 'square c7, empty, loss in 44');
  await page.locator('[data-square="c7"]').click();
  const reply = page.getByTestId('reply');
  await reply.waitFor();
  assert.match(await reply.innerText(), /^The hounds played: .+\.$/);
  assert.ok(await page.getByRole('status').getByTestId('reply').isVisible(), 'in the live region');
  await page.close();
});

test('Tic-Tac-Toe: the opponent\'s reply is announced, and empty squares say their value', async () => {
  const page = await site.newPage('#/tictactoe', DESKTOP);
  await page.getByRole('status').filter({ hasText: 'Your move' }).waitFor();
  await page.getByRole('button', { name: 'Show move values' }).click();
  await page.getByTestId('move-evaluations').waitFor();
  assert.equal(await page.locator('.ttt-square[data-square="4"]').getAttribute('aria-label'), 'centre, empty, draw');
  await page.locator('.ttt-square[data-square="4"]').click();
  await page.getByTestId('reply').waitFor();
  assert.match(await page.getByTestId('reply').innerText(), /^O played the .+\.$/);
  await page.close();
});

test('a 1 MB paste is refused at once, without blocking the page', async () => {
  const page = await pageWatchingLongTasks(site);
  await page.setViewportSize(DESKTOP);
  await page.goto(`${site.base}#/pyramid/deal/3`);
  await page.getByTestId('deal-result').waitFor({ timeout: 30000 });
  await page.getByText('Paste a deck').click();
  const box = page.getByRole('textbox', { name: 'Pyramid deck' });
  const huge = 'Th 2h 4d '.repeat(Math.ceil(1_048_576 / 9)).slice(0, 1_048_576);
  // The browser's own work of taking the paste is not the page's: count from the Check on.
  await box.evaluate((area, text) => {
    area.value = text;
    area.dispatchEvent(new InputEvent('input', { bubbles: true }));
  }, huge);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200))));
  const before = await pageTime(page);
  await page.getByRole('button', { name: 'Check' }).click();
  const refusal = page.getByTestId('deck-error');
  await refusal.waitFor();
  assert.match(await refusal.innerText(), /1,?048,?576 characters long; a deck is read from at most 8,?192/);
  assert.equal(await page.locator('[data-pile="pyramid-0"] [data-card]').getAttribute('data-card'), '4D', 'the game stays');
  assert.equal(await box.evaluate((area) => area.value.length), 1_048_576, 'the paste stays in the box');
  const longTasks = await longTasksBetween(page, before);
  assert.ok(longTasks.every((ms) => ms <= 50), `long tasks: ${JSON.stringify(longTasks)}`);
  await page.close();
});
