// Shared set-up for the end-to-end tests: the built site (dist/) served on 127.0.0.1 and
// Debian's Chromium driven headless by playwright-core (never a downloaded browser).
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
