// Shared set-up for the end-to-end tests: the built site (dist/) served on 127.0.0.1 and
// Debian's Chromium driven headless by playwright-core (never a downloaded browser).
import { mkdtemp, mkdir } from 'node:fs/promises';
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
    async close() {
      await context.close();
      await new Promise((done) => server.close(done));
    },
  };
}

/** The cards of one pile, in DOM order, as their data-card values. */
export async function pileCards(page, pile) {
  return page.locator(`[data-pile="${pile}"] [data-card]`).evaluateAll(
    (cards) => cards.map((card) => card.dataset.card));
}
