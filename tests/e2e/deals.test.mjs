// Deals that know themselves (issue 23): winnable-only new games found by the worker without
// blocking the page, each won on the table by Solve and its replay; the difficulty on every
// table; the deal of the day, the same in two fresh browsers, with the days played and won.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gameDeals, longTasksBetween, pageTime, pageWatchingLongTasks, registeredGames, startSite,
} from './harness.mjs';

const DESKTOP = { width: 1280, height: 800 };
const TIERS = /^(Easy|Medium|Hard|Expert)$/;

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

/** Today's date in UTC, as the deal-of-the-day links name it. */
function today() {
  return new Date().toISOString().slice(0, 10);
}

/** A page at `hash` with nothing saved, recording each main-thread task over 50 ms. */
async function freshWatchedPage(hash) {
  const page = await pageWatchingLongTasks(site);
  await page.setViewportSize(DESKTOP);
  await page.goto(site.base + '#/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(site.base + hash);
  return page;
}

/**
 * Chooses winnable deals, then three times: New game, wait for the deal found, Solve, replay
 * to the win. Returns the three titles; checks that no main-thread task took over 200 ms
 * while each deal was being found.
 */
async function threeWinnableDeals(page, ready, link) {
  await page.locator(ready).waitFor();
  await page.getByRole('checkbox', { name: 'Winnable deal' }).check();
  const titles = [];
  for (let round = 0; round < 3; round += 1) {
    const before = await page.locator('h1').innerText();
    const clicked = await pageTime(page);
    await page.getByRole('button', { name: 'New game' }).click();
    await page.waitForFunction((old) => document.querySelector('h1').innerText !== old, before, { timeout: 120000 });
    const found = await pageTime(page);
    // Let the last reports arrive.
    await page.waitForTimeout(200);
    const longest = Math.max(0, ...await longTasksBetween(page, clicked, found));
    assert.ok(longest < 200, `a ${longest} ms task while a winnable deal was found`);
    const title = await page.locator('h1').innerText();
    // The deal found is an ordinary deal link.
    assert.match(await page.evaluate(() => location.hash), link);
    await page.getByTestId(/^(winnable|deal-result)$/).first().waitFor({ timeout: 60000 });
    await page.getByRole('button', { name: 'Solve' }).click();
    await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
    await page.getByTestId('won').waitFor({ timeout: 120000 });
    titles.push(title);
  }
  assert.equal(new Set(titles).size, 3, `the same deal twice: ${titles}`);
  return titles;
}

test('three winnable Klondike draw-3 deals in a row, each won by Solve and its replay', async () => {
  const page = await freshWatchedPage('#/klondike/1?draw=3');
  await threeWinnableDeals(page, '[data-pile="tableau-7"] [data-card] >> nth=6', /^#\/klondike\/\d+\?draw=3$/);
  assert.deepEqual(page.errors ?? [], []);
  await page.close();
});

test('three winnable Pyramid deals in a row, each won by Solve and its replay', async () => {
  const page = await freshWatchedPage('#/pyramid/deal/1');
  await threeWinnableDeals(page, '[data-pile="pyramid-27"] [data-card]', /^#\/pyramid\/deal\/\d+$/);
  await page.close();
});

test('the difficulty and why are shown on every table the app lists', async () => {
  const home = await site.freshPage('#/', DESKTOP);
  const games = await registeredGames(home);
  await home.close();
  assert.ok(games.length >= 3);
  for (const game of games) {
    const { link, winnable } = await gameDeals(site, game);
    const hash = link(winnable);
    const page = await site.freshPage(hash, DESKTOP);
    const word = page.getByTestId('difficulty');
    await word.waitFor({ timeout: 60000 });
    assert.match(await word.innerText(), TIERS, hash);
    const line = await page.locator('.grade').innerText();
    assert.ok(line.length > 'Easy: .'.length + 10, `${hash}: no reason in "${line}"`);
    // The line fits the row; the whole reason is in its tooltip.
    assert.equal(await page.locator('.grade').getAttribute('title') !== null, true);
    await page.close();
  }
});

test('a difficulty chosen for new deals is the difficulty of the deal dealt', async () => {
  const page = await site.freshPage('#/freecell/1', DESKTOP);
  await page.locator('[data-pile^="cascade-"] [data-card] >> nth=51').waitFor();
  await page.getByRole('checkbox', { name: 'Winnable deal' }).check();
  await page.getByRole('combobox', { name: 'Difficulty of new deals' }).selectOption('Hard');
  const before = await page.locator('h1').innerText();
  await page.getByRole('button', { name: 'New game' }).click();
  // Not "no longer contains #1": deal #138460 contains it too.
  await page.waitForFunction((old) => document.querySelector('h1').innerText !== old, before, { timeout: 120000 });
  assert.equal(await page.getByTestId('difficulty').innerText(), 'Hard');
  // The choice is remembered.
  await page.reload();
  await page.locator('[data-pile^="cascade-"] [data-card] >> nth=51').waitFor();
  assert.ok(await page.getByRole('checkbox', { name: 'Winnable deal' }).isChecked());
  assert.equal(await page.getByRole('combobox', { name: 'Difficulty of new deals' }).inputValue(), 'Hard');
  await page.close();
});

/**
 * Clicks New game, then `label` (Skip or Cancel) in the search's progress line the moment it
 * shows, in the page itself: a search may end within a fraction of a second.
 */
async function newGameThen(page, label) {
  await page.evaluate((label) => new Promise((done) => {
    const observer = new MutationObserver(() => {
      const button = [...document.querySelectorAll('[data-testid="finding-deal"] button')]
        .find((b) => b.textContent === label);
      if (button) {
        observer.disconnect();
        button.click();
        done();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'New game').click();
  }), label);
}

test('a search for a deal can be cancelled (the game stays) or skipped (an unchecked deal)', async () => {
  const page = await site.freshPage('#/klondike/5?draw=3', DESKTOP);
  await page.locator('[data-pile="tableau-7"] [data-card] >> nth=6').waitFor();
  await page.getByRole('checkbox', { name: 'Winnable deal' }).check();
  await page.getByRole('combobox', { name: 'Difficulty of new deals' }).selectOption('Expert');
  const finding = page.getByTestId('finding-deal');
  await newGameThen(page, 'Cancel');
  await finding.waitFor({ state: 'detached' });
  // Long enough for a search that was not stopped to have dealt.
  await page.waitForTimeout(3000);
  assert.equal(await page.locator('h1').innerText(), 'Klondike #5');
  await newGameThen(page, 'Skip');
  await page.waitForFunction(() => document.querySelector('h1').innerText !== 'Klondike #5');
  await finding.waitFor({ state: 'detached' });
  assert.match(await page.evaluate(() => location.hash), /^#\/klondike\/\d+\?draw=3$/);
  await page.close();
});

test('the deal of the day is the same in two fresh browsers, and counts the days played', async () => {
  const other = await startSite();
  try {
    const deals = [];
    for (const browser of [site, other]) {
      const page = await browser.freshPage('#/', DESKTOP);
      await page.getByRole('link', { name: 'FreeCell deal of the day' }).click();
      await page.waitForFunction(() => /^#\/freecell\/\d+$/.test(location.hash), null, { timeout: 60000 });
      await page.getByText(`deal of the day ${today()}`).waitFor();
      deals.push(await page.evaluate(() => location.hash));
      if (browser === site) {
        // A move on the day's deal counts the day as played.
        await page.locator('[data-pile^="cascade-"] [data-card] >> nth=51').waitFor();
        await page.keyboard.press('1');
        await page.keyboard.press('a');
        // The count is drawn on the next render: wait for it (a make test run under load once
        // read it before), then check it.
        await page.waitForFunction(
          () => document.querySelector('[data-testid="days"]')?.innerText === 'Days played 1, won 0',
          null, { timeout: 10000 }).catch(() => {});
        assert.equal(await page.getByTestId('days').innerText(), 'Days played 1, won 0');
      }
      await page.close();
    }
    assert.equal(deals[0], deals[1]);
    // Each table links to its game's deal of the day.
    const page = await site.newPage('#/pyramid/deal/5', DESKTOP);
    await page.getByRole('link', { name: 'Deal of the day' }).click();
    await page.waitForFunction(() => /^#\/pyramid\/deal\/\d+$/.test(location.hash) && location.hash !== '#/pyramid/deal/5',
      null, { timeout: 60000 });
    await page.getByText(`deal of the day ${today()}`).waitFor();
    await page.close();
  } finally {
    await other.close();
  }
});

test('a bad day in a link is explained', async () => {
  const page = await site.freshPage('#/klondike/day/2023-02-29', DESKTOP);
  const problem = page.getByTestId('link-error');
  await problem.waitFor();
  assert.match(await problem.textContent(), /2023-02-29 is not a day/);
  await page.close();
});
