// Shared set-up for the end-to-end tests: the built site (dist/) served on 127.0.0.1 and
// Debian's Chromium driven headless by playwright-core (never a downloaded browser).
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

export const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;

/** Starts the server and the browser; returns { base, browser, close }. */
export async function startSite() {
  const server = await serve(new URL('../../dist/', import.meta.url).pathname, 0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const userDataDir = await mkdtemp(join(tmpdir(), 'deckhand-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  await mkdir(ARTIFACTS, { recursive: true });
  return {
    base,
    context,
    async newPage(hash = '#/', viewport = { width: 1280, height: 900 }) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const errors = [];
      page.on('pageerror', (error) => errors.push(error));
      page.errors = errors;
      await page.goto(base + hash);
      return page;
    },
    /** A page at `hash` with nothing saved from earlier tests (localStorage cleared first). */
    async freshPage(hash, viewport) {
      const page = await this.newPage('#/', viewport);
      await page.evaluate(() => localStorage.clear());
      await page.goto(base + hash);
      return page;
    },
    async close() {
      await context.close();
      await new Promise((done) => server.close(done));
      // The browser profile is only for this run: leave nothing behind in /tmp.
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The cards of one pile, in DOM order, as their data-card values. */
export async function pileCards(page, pile) {
  return page.locator(`[data-pile="${pile}"] [data-card]`).evaluateAll(
    (cards) => cards.map((card) => card.dataset.card));
}

/** Drags with the mouse from the middle top of `from` to the middle of `to`, in small steps. */
export async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + Math.min(12, a.height / 2));
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 20, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/**
 * A page that records every main-thread task over 50 ms as [start, duration] in
 * `window.__longTasks`. Reports arrive late, so a span's tasks are found by their start
 * ([`longTasksBetween`]), not by what had been reported when the span began.
 */
export async function pageWatchingLongTasks(site) {
  const page = await site.context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  return page;
}

/** The page's clock (`performance.now()`), to mark the start and end of a span. */
export function pageTime(page) {
  return page.evaluate(() => performance.now());
}

/** The durations of the long tasks that started from `from` until `to` (or until now). */
export function longTasksBetween(page, from, to = null) {
  return page.evaluate(([first, last]) => window.__longTasks
    .filter(([start]) => start >= first && (last === null || start <= last))
    .map(([, duration]) => duration), [from, to]);
}

/**
 * The registered solitaires, read from the running app (never listed by hand): the links of
 * the navigation (`nav.top-nav`) whose home-page entry offers a deal of the day, which only a
 * solitaire has. `page` is left on the home page. Returns `[{ key, name }]` in the registry's
 * order.
 */
export async function registeredGames(page) {
  await page.goto(new URL('#/', page.url()).href);
  await page.locator('ul.games li a.day-link').first().waitFor();
  return page.evaluate(() => {
    const solitaires = new Set([...document.querySelectorAll('ul.games li')]
      .filter((entry) => entry.querySelector('a.day-link'))
      .map((entry) => entry.querySelector('a').getAttribute('href')));
    return [...document.querySelectorAll('nav.top-nav a')]
      .filter((link) => solitaires.has(link.getAttribute('href')))
      .map((link) => ({ key: link.getAttribute('href').replace(/^#\//, ''), name: link.textContent.trim() }));
  });
}

/** Every pile's cards, as `{ pile: [data-card, ...] }`. */
export async function tableSnapshot(page) {
  return page.locator('[data-pile]').evaluateAll((piles) => Object.fromEntries(piles.map(
    (pile) => [pile.dataset.pile, [...pile.querySelectorAll('[data-card]')].map((card) => card.dataset.card)])));
}

/** Waits for the table's cards and the first verdict of the solver on them. */
export async function settled(page) {
  await page.locator('.table [data-pile] [data-card]').first().waitFor();
  await page.waitForFunction(() => {
    const status = document.querySelector('[role="status"]');
    return status?.querySelector('[data-testid="winnable"], [data-testid="unwinnable"], [data-testid="deal-result"]')
      && !/Checking whether/.test(status.innerText);
  }, null, { timeout: 60000 });
}

/** The deal number in the table's title ("FreeCell #164"). */
export async function titleNumber(page) {
  const title = await page.locator('h1').innerText();
  const number = title.match(/#(\d+)/);
  assert.ok(number, `no deal number in the title "${title}"`);
  return number[1];
}

/** The share panel's link (the position with its moves), as a hash route. */
export async function shareLink(page) {
  return new URL(await page.locator('input[aria-label="Share link"]').inputValue()).hash;
}

/** The table's move count ("Moves: 3"). */
export async function moveCount(page) {
  return Number((await page.getByTestId('move-count').innerText()).match(/\d+/)[0]);
}

/**
 * What the tests learn of one registered game (`{ key, name }`) from the app: its link for
 * deal N (the share panel's link of a numbered deal, with the number put in) and a deal the
 * solver wins (the first of deals 1 to 12). Returns `{ link(n), winnable }`.
 */
export async function gameDeals(site, game) {
  const page = await site.freshPage(`#/${game.key}`);
  try {
    await page.locator('.table [data-pile] [data-card]').first().waitFor();
    const number = await titleNumber(page);
    const hash = await shareLink(page);
    assert.ok(hash.startsWith(`#/${game.key}/`), `${game.name}'s share link ${hash} is not under #/${game.key}/`);
    const [path, query = ''] = hash.split('?');
    assert.ok(path.endsWith(`/${number}`), `${game.name}'s share link ${hash} does not end in its deal number ${number}`);
    const link = (n) => path.slice(0, -number.length) + n + (query ? `?${query}` : '');
    for (let n = 1; n <= 12; n += 1) {
      // Each deal in a fresh page, as the tests open it: nothing of the deal before (its
      // verdict, its Solve button) can be read for this one's.
      const candidate = await site.freshPage(link(n));
      try {
        await settled(candidate);
        assert.equal(await titleNumber(candidate), String(n), `${link(n)} opens deal ${n}`);
        // Winnable: Solve is offered and the status does not say the deal is lost.
        const status = await candidate.getByRole('status').innerText();
        const solvable = await candidate.getByRole('button', { name: 'Solve' }).isEnabled();
        if (solvable && !/cannot be (won|cleared)/.test(status)) return { link, winnable: n };
      } finally {
        await candidate.close();
      }
    }
    throw new Error(`${game.name}: none of deals 1 to 12 is winnable for the solver`);
  } finally {
    await page.close();
  }
}
