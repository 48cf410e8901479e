// How the table feels (issue 41), checked on every registered solitaire where an item is the
// game's: focus that stays on the table, a short way to it from the keyboard, piles that keep
// still during a replay, the win dialog, words for people, auto-complete, the paste box, and
// the phone layout. The games are read from the running app, so a game added later is covered.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gameDeals, moveCount, registeredGames, settled, startSite } from './harness.mjs';

const DESKTOP = { width: 1280, height: 800 };

const site = await startSite();
after(async () => { await site.close(); });

// FEEL_GAMES=key,key runs the per-game tests on those games only (while working on one).
const only = process.env.FEEL_GAMES?.split(',');
const games = await (async () => {
  const page = await site.freshPage('#/', DESKTOP);
  try {
    return (await registeredGames(page)).filter((game) => !only || only.includes(game.key));
  } finally {
    await page.close();
  }
})();

/** The `data-pile` of the focused element's pile on the table, or null off the table. */
function focusedPile(page) {
  return page.evaluate(() => document.activeElement?.closest('.table [data-pile]')?.dataset.pile ?? null);
}

/**
 * Plays the hinted move with the keyboard alone: each pile the move starts from is focused,
 * its focus walked up to the hinted card with ArrowUp, and picked with Enter; then its
 * destination is focused and Enter puts the cards down. Returns the piles it went through.
 */
async function playHintByKeyboard(page) {
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByTestId('hint').waitFor({ timeout: 60000 });
  const plan = await page.evaluate(() => {
    const from = [...document.querySelectorAll('.table [data-pile].hint-from')].map((pile) => {
      const slots = [...pile.querySelectorAll('.card-slot')];
      const hinted = slots.findIndex((slot) => slot.querySelector('.hint'));
      return { pile: pile.dataset.pile, up: hinted < 0 ? 0 : slots.length - 1 - hinted };
    });
    const to = document.querySelector('.table [data-pile].hint-to')?.dataset.pile ?? null;
    return { from, to };
  });
  const before = await moveCount(page);
  for (const { pile, up } of plan.from) {
    await page.locator(`.table [data-pile="${pile}"]`).focus();
    for (let i = 0; i < up; i += 1) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
  }
  if (plan.to) {
    await page.locator(`.table [data-pile="${plan.to}"]`).focus();
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(
    (count) => Number(document.querySelector('[data-testid="move-count"]').innerText.match(/\d+/)[0]) > count,
    before, { timeout: 10000 }).catch(() => {});
  assert.ok(await moveCount(page) > before,
    `the keyboard made no move for ${JSON.stringify(plan)}: ${await page.getByRole('status').innerText()}`);
  return plan;
}

for (const game of games) {
  describe(`${game.name} (#/${game.key})`, () => {
    let deals;
    const known = async () => { deals ??= await gameDeals(site, game); return deals; };

    test('from a fresh load, the table is reached in at most 3 key presses', async () => {
      const page = await site.freshPage(`#/${game.key}`, DESKTOP);
      await page.locator('.table [data-pile] [data-card]').first().waitFor();
      const pressed = [];
      while (pressed.length < 3 && !(await focusedPile(page))) {
        const onSkip = await page.evaluate(() => document.activeElement?.textContent === 'Skip to the table');
        const key = onSkip ? 'Enter' : 'Tab';
        await page.keyboard.press(key);
        pressed.push(key);
      }
      assert.ok(await focusedPile(page), `not on the table after ${pressed.join(', ')}`);
      await page.close();
    });

    test('after moves made with the keyboard, the focus is still on a pile of the table', async () => {
      const { link, winnable } = await known();
      const page = await site.freshPage(link(winnable), DESKTOP);
      await settled(page);
      for (let move = 0; move < 3; move += 1) {
        const plan = await playHintByKeyboard(page);
        // Yew draws after the move; the focus is put back in the same turn of the event loop.
        await page.waitForFunction(() => document.activeElement?.closest('.table [data-pile]'), null, { timeout: 2000 })
          .catch(() => {});
        const pile = await focusedPile(page);
        assert.ok(pile, `after the keyboard move ${JSON.stringify(plan)} the focus is on ${await page.evaluate(
          () => document.activeElement?.outerHTML.slice(0, 80))}`);
        await settled(page);
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  });
}

/** Every pile's top-left corner, as `{ pile: [x, y] }`, in whole pixels. */
function pileCorners(page) {
  return page.locator('.table [data-pile]').evaluateAll((piles) => Object.fromEntries(piles.map((pile) => {
    const box = pile.getBoundingClientRect();
    return [pile.dataset.pile, [Math.round(box.x), Math.round(box.y)]];
  })));
}

/** The piles of `after` whose corner is not where `before` had it. */
function movedPiles(before, after) {
  return Object.keys(after).filter((pile) => pile in before
    && (before[pile][0] !== after[pile][0] || before[pile][1] !== after[pile][1]));
}

for (const game of games) {
  test(`${game.name}: no pile moves while Solve starts and its replay runs`, async () => {
    const { link, winnable } = await gameDeals(site, game);
    const page = await site.freshPage(link(winnable), DESKTOP);
    await settled(page);
    const before = await pileCorners(page);
    await page.getByRole('button', { name: 'Solve' }).click();
    const replay = page.locator('.replay');
    await replay.waitFor({ timeout: 60000 });
    assert.deepEqual(movedPiles(before, await pileCorners(page)), [], 'piles moved as the replay started');
    await page.waitForFunction(() => /move ([3-9]|\d\d+) of/.test(document.querySelector('.replay')?.innerText ?? ''),
      null, { timeout: 30000 });
    assert.deepEqual(movedPiles(before, await pileCorners(page)), [], 'piles moved while the replay ran');
    // Moves and time stay in sight during the replay.
    assert.ok(await page.getByTestId('move-count').isVisible());
    assert.ok(await page.getByTestId('timer').isVisible());
    await page.getByRole('button', { name: 'Pause' }).click();
    assert.deepEqual(movedPiles(before, await pileCorners(page)), [], 'piles moved as the replay paused');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('status messages replace each other: a refusal, then the hint, then the last move', async () => {
  const page = await site.freshPage('#/freecell/1', DESKTOP);
  await settled(page);
  const messages = () => page.locator('.status .message > *').count();
  // Deal 1's cascade 8 ends with the ten of clubs, which does not go on cascade 1's card.
  await page.locator('[data-pile="cascade-8"] [data-card]').last().click();
  await page.locator('[data-pile="cascade-1"] [data-card]').last().click();
  await page.getByTestId('refusal').waitFor();
  assert.equal(await messages(), 1);
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByTestId('hint').waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('refusal').count(), 0, 'the hint replaced the refusal');
  assert.equal(await messages(), 1);
  await playHintByKeyboard(page);
  await page.getByTestId('last-move').waitFor();
  assert.equal(await page.getByTestId('hint').count(), 0, 'the last move replaced the hint');
  assert.equal(await messages(), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a win opens a dialog: focus inside, a summary, New game, Winnable deal, Replay this deal', async () => {
  const game = games[0];
  const { link, winnable } = await gameDeals(site, game);
  const page = await site.freshPage(link(winnable), DESKTOP);
  await settled(page);
  const title = await page.locator('h1').innerText();
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  await page.getByTestId('won').waitFor({ timeout: 120000 });
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.equal(await dialog.getAttribute('aria-modal'), 'true');
  const heading = await page.locator(`#${await dialog.getAttribute('aria-labelledby')}`).innerText();
  assert.match(heading, /Won|won/);
  assert.ok(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    'the focus is not in the dialog');
  assert.equal(Number(await page.getByTestId('win-moves').innerText()), await moveCount(page));
  assert.match(await page.getByTestId('win-time').innerText(), /^\d+:\d\d$/);
  assert.match(await page.getByTestId('win-solver').innerText(), /^\d+ moves$/);
  assert.match(await page.getByTestId('win-streak').innerText(), /^\d+$/);
  assert.match(await page.getByTestId('win-record').innerText(), /^\d+$/);
  for (const name of ['New game', 'Winnable deal', 'Replay this deal']) {
    assert.ok(await dialog.getByRole('button', { name }).isVisible(), `no ${name} button`);
  }
  // The celebration is there, and a click skips it.
  const celebration = page.getByTestId('celebration');
  assert.ok(await celebration.isVisible());
  await celebration.click({ position: { x: 5, y: 5 } });
  assert.equal(await celebration.count(), 0);
  // Replay this deal: the same deal from its start, the dialog gone.
  await dialog.getByRole('button', { name: 'Replay this deal' }).click();
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  assert.equal(await page.locator('h1').innerText(), title);
  assert.equal(await moveCount(page), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('with motion reduced, a win has no celebration; Escape closes the dialog', async () => {
  const game = games[0];
  const { link, winnable } = await gameDeals(site, game);
  const page = await site.freshPage(link(winnable), DESKTOP);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await settled(page);
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  await page.getByRole('dialog').waitFor({ timeout: 120000 });
  assert.equal(await page.getByTestId('celebration').isVisible(), false);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  assert.ok(await page.getByTestId('won').isVisible(), 'the status still says won');
  await page.close();
});

for (const game of games) {
  test(`${game.name}: a bad link is explained in words, its details folded`, async () => {
    const page = await site.freshPage(`#/${game.key}/abc`, DESKTOP);
    const problem = page.getByTestId('link-error');
    await problem.waitFor();
    const shown = await problem.innerText();
    assert.doesNotMatch(shown, /18446744073709551615|version/, shown);
    assert.match(shown, new RegExp(`This link doesn't name a ${game.name.replace(/[^\w ]/g, '.')} deal\\. Here is a new one\\.`));
    assert.match(await page.getByTestId('link-error-details').textContent(), /abc/);
    assert.equal(await page.getByTestId('link-error-details').isVisible(), false, 'the details are folded');
    await page.getByText('Details', { exact: true }).click();
    assert.ok(await page.getByTestId('link-error-details').isVisible());
    await page.close();
  });
}

test('a bad list of moves in a link and an unknown page are explained in words', async () => {
  const page = await site.freshPage('#/klondike/1?moves=garbage', DESKTOP);
  const problem = page.getByTestId('link-error');
  await problem.waitFor();
  const shown = await problem.innerText();
  assert.doesNotMatch(shown, /18446744073709551615|version/, shown);
  assert.match(shown, /moves in this link don't play on this Klondike deal\. Here is the deal from its start\./);
  await page.goto(`${site.base}#/nosuchgame`);
  await page.getByTestId('link-error').waitFor();
  const unknown = await page.getByTestId('link-error').innerText();
  assert.doesNotMatch(unknown, /game in progress/, unknown);
  assert.match(unknown, /doesn't name a game/);
  await page.close();
});

test('a six-digit deal number and the difficulty reason are shown whole', async () => {
  const page = await site.freshPage('#/freecell/617', DESKTOP);
  await page.getByTestId('difficulty').waitFor({ timeout: 60000 });
  const cut = await page.evaluate(() => [...document.querySelectorAll('.toolbar h1, .deal-facts .grade')]
    .filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.innerText));
  assert.deepEqual(cut, []);
  // The header's count and the status's say what they count.
  assert.match(await page.locator('.deal-facts .grade').innerText(), /moves counted card by card/);
  await page.goto(`${site.base}#/freecell/123456`);
  await page.waitForFunction(() => /#123456/.test(document.querySelector('h1')?.innerText ?? ''));
  const title = page.locator('.toolbar h1');
  assert.ok(await title.evaluate((h1) => h1.scrollWidth <= h1.clientWidth + 1), 'the title is cut');
  await page.close();
});

test('Klondike offers auto-complete once every tableau card is face up, cards left in the stock', async () => {
  const { link, winnable } = await gameDeals(site, { key: 'klondike', name: 'Klondike' });
  const page = await site.freshPage(link(winnable), DESKTOP);
  await settled(page);
  assert.equal(await page.getByRole('button', { name: 'Auto-complete' }).count(), 0, 'offered with cards face down');
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.locator('.replay').waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Pause' }).click();
  const reached = () => page.evaluate(() => ({
    down: document.querySelectorAll('[data-pile^="tableau-"] [data-card="back"]').length,
    stock: document.querySelectorAll('[data-pile="stock"] [data-card]').length,
    left: document.querySelectorAll('[data-pile="stock"] [data-card], [data-pile="waste"] [data-card]').length,
  }));
  let now = await reached();
  const step = page.getByRole('button', { name: 'Step', exact: true });
  while (now.down > 0 && await step.isEnabled()) {
    await step.click();
    now = await reached();
  }
  assert.equal(now.down, 0, 'the solver\'s line never turned every tableau card');
  assert.ok(now.left > 0, 'the stock and waste were empty by the time every tableau card was up');
  // The position reopened from its link in a new page, outside the replay.
  const shared = new URL(await page.locator('input[aria-label="Share link"]').inputValue()).hash;
  await page.close();
  const reopened = await site.freshPage(shared, DESKTOP);
  await settled(reopened);
  assert.ok(await reopened.locator('[data-pile="stock"] [data-card], [data-pile="waste"] [data-card]').count() > 0);
  const finish = reopened.getByRole('button', { name: 'Auto-complete' });
  await finish.waitFor({ timeout: 30000 });
  await finish.click();
  // It plays at the replay's speed, one move a tick, to the win.
  await reopened.locator('.replay').waitFor();
  await reopened.getByTestId('won').waitFor({ timeout: 120000 });
  assert.deepEqual(reopened.errors, []);
  await reopened.close();
});

test('a bad paste marks the box invalid and names its error', async () => {
  let checked = 0;
  for (const game of games) {
    const page = await site.freshPage(`#/${game.key}`, DESKTOP);
    await page.locator('.table [data-pile] [data-card]').first().waitFor();
    const panel = page.locator('details.deck-panel');
    if (await panel.count() === 0) { await page.close(); continue; }
    await panel.locator('summary').click();
    const box = panel.locator('textarea');
    await box.fill('garbage');
    await panel.getByRole('button', { name: 'Deal this deck' }).click();
    await page.getByTestId('deck-error').waitFor();
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    const described = await box.getAttribute('aria-describedby');
    assert.ok(described, `${game.name}: the box names no description`);
    assert.equal(await page.locator(`#${described}`).innerText(), await page.getByTestId('deck-error').innerText());
    checked += 1;
    await page.close();
  }
  assert.ok(checked > 0, 'no game has a paste box');
});

const PHONE = { width: 390, height: 844 };
for (const game of games) {
  test(`${game.name} on a phone (390x844): two rows of controls, the table high, cards wide enough`, async () => {
    const page = await site.freshPage(`#/${game.key}`, PHONE);
    await page.locator('.table [data-pile] [data-card]').first().waitFor();
    const figures = await page.evaluate(() => {
      // Rows of controls: a control starting below the bottom of the row so far starts a new one.
      const boxes = [...document.querySelectorAll('.toolbar .controls > *')]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => element.getBoundingClientRect()).sort((a, b) => a.top - b.top);
      let rows = 0;
      let bottom = -Infinity;
      for (const box of boxes) {
        if (box.top >= bottom - 2) rows += 1;
        bottom = box.top >= bottom - 2 ? box.bottom : Math.max(bottom, box.bottom);
      }
      const hidden = boxes.filter((box) => box.right > innerWidth + 1 || box.left < -1).length;
      const tableTop = document.querySelector('.table').getBoundingClientRect().top;
      const cardBox = document.querySelector('.table [data-card]').getBoundingClientRect();
      const card = cardBox.width;
      const ratio = cardBox.height / cardBox.width;
      const tops = {};
      for (const pile of document.querySelectorAll('.table [data-pile]')) {
        const top = Math.round(pile.getBoundingClientRect().top);
        tops[top] = (tops[top] ?? 0) + 1;
      }
      return { rows, hidden, tableTop, card, ratio, across: Math.max(...Object.values(tops)) };
    });
    assert.ok(figures.rows <= 2, `${figures.rows} rows of controls`);
    assert.equal(figures.hidden, 0, 'controls off the screen');
    assert.ok(figures.tableTop <= 0.2 * PHONE.height, `the table starts at ${figures.tableTop} px`);
    // 44 px cards where the widest row of piles allows them (3 px gaps); otherwise the row fills the width.
    if (figures.across * 44 + (figures.across + 1) * 3 <= PHONE.width) {
      assert.ok(figures.card >= 44, `cards ${figures.card} px wide, ${figures.across} across`);
    } else {
      assert.ok(figures.card * figures.across >= 0.8 * PHONE.width, `cards ${figures.card} px wide, ${figures.across} across`);
    }
    // A portrait screen has height to spare: its cards stand taller than a desktop's 1.4.
    assert.ok(figures.ratio >= 1.5, `cards ${figures.ratio.toFixed(2)} times as tall as wide`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
