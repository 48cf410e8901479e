// Offline, hardened and self-healing: after one visit the site plays and solves with the
// network gone (the service worker, sw.js); a new build replaces the cached one whole; the
// Content-Security-Policy is enforced and a whole session breaks none of it; and a solver
// worker that dies is restarted, with its request sent again and the player told.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { writeServiceWorker } from '../../scripts/postbuild.mjs';
import { HEADER_POLICY, META_POLICY } from '../../scripts/csp.mjs';
import { drag, pileCards } from './harness.mjs';

const DIST = new URL('../../dist/', import.meta.url).pathname;

let browser;
let scratch;
before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'deckhand-offline-'));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
after(async () => {
  await browser?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * A server of its own for `dir` (so that a test can take it down: really offline) and a fresh
 * browser context (its own service workers and caches). Pages record their errors and every
 * CSP violation the document reports.
 */
async function startSite(dir = DIST) {
  const server = await serve(dir, 0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const site = {
    base,
    context,
    console: [],
    async open(hash) {
      const page = await context.newPage();
      page.errors = [];
      page.on('pageerror', (error) => page.errors.push(error));
      // Workers' console messages come here too: a CSP refusal inside the worker says so there.
      page.on('console', (message) => site.console.push(message.text()));
      await page.goto(base + hash);
      return page;
    },
    /** Takes the server down and the context offline. */
    async goOffline() {
      await context.setOffline(true);
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
    async close() {
      await context.close();
      if (server.listening) {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
      }
    },
  };
  return site;
}

const violations = (page) => page.evaluate(() => window.__violations);
const cspComplaints = (site) => site.console.filter((text) => /Content Security Policy|Refused to/i.test(text));

/** Evaluates `check` in `page` (it may be async) every 200 ms until it is truthy. */
async function waitUntil(page, check, arg, timeout = 60000) {
  for (const end = Date.now() + timeout; Date.now() < end;) {
    if (await page.evaluate(check, arg)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`timed out: ${check}`);
}

/** Waits until a service worker controls `page` and has filled its cache; returns the caches' names. */
async function waitForOfflineReady(page) {
  await waitUntil(page, async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return navigator.serviceWorker.controller !== null && registration?.active?.state === 'activated';
  });
  return page.evaluate(() => caches.keys());
}

/** Deal 1's table, its first check answered (by the worker). */
async function dealOne(page) {
  await page.locator('[data-pile^="cascade-"] [data-card]').nth(51).waitFor({ timeout: 30000 });
  await page.getByTestId('winnable').waitFor({ timeout: 30000 });
}

/** Solves the table from where it stands and replays the solution at the fastest speed. */
async function solve(page) {
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('100');
  await page.getByTestId('won').waitFor({ timeout: 90000 });
}

test('after one visit, the site reloads, plays and solves offline, the worker included', async () => {
  const site = await startSite();
  try {
    const page = await site.open('#/freecell/1');
    await dealOne(page);
    const cachesOnline = await waitForOfflineReady(page);
    assert.equal(cachesOnline.length, 1, `one versioned cache: ${cachesOnline}`);
    assert.match(cachesOnline[0], /^deckhand-[0-9a-f]{16}$/);

    await site.goOffline();
    await page.reload();
    await dealOne(page);
    assert.deepEqual(page.workers().length, 1);
    await page.keyboard.press('8');
    await page.keyboard.press('b');
    assert.deepEqual(await pileCards(page, 'freecell-2'), ['TC']);
    await page.getByTestId('winnable').waitFor({ timeout: 30000 });
    await solve(page);

    // Another route, in a new tab: every route is index.html.
    const other = await site.open('#/pyramid/deal/3');
    await other.getByTestId('deal-result').waitFor({ timeout: 30000 });
    assert.match(await other.getByTestId('deal-result').innerText(), /28 steps/);
    const manifest = await other.evaluate(async () => (await fetch('manifest.webmanifest')).json());
    assert.deepEqual(manifest.icons.map((icon) => icon.sizes), ['192x192', '512x512', 'any']);
    const icon = await other.evaluate(async () => (await fetch('icon-512.png')).headers.get('content-type'));
    assert.equal(icon, 'image/png');
    assert.deepEqual(page.errors, []);
    assert.deepEqual(other.errors, []);
  } finally {
    await site.close();
  }
});

test('a new build replaces the cached one whole, and the old cache is deleted', async () => {
  const dir = join(scratch, 'site');
  await cp(DIST, dir, { recursive: true });
  const site = await startSite(dir);
  try {
    const page = await site.open('#/freecell/2');
    await page.locator('[data-pile^="cascade-"] [data-card]').nth(51).waitFor({ timeout: 30000 });
    const [first] = await waitForOfflineReady(page);

    // "Deploy" a new build: a changed page and its service worker.
    const index = join(dir, 'index.html');
    await writeFile(index, (await readFile(index, 'utf8')).replace('<title>', '<meta name="deckhand-test" content="second build">\n    <title>'));
    const version = await writeServiceWorker(dir);
    assert.notEqual(`deckhand-${version}`, first);

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await waitUntil(page, async (wanted) => {
      const keys = await caches.keys();
      const active = (await navigator.serviceWorker.getRegistration())?.active?.state;
      return keys.length === 1 && keys[0] === wanted && active === 'activated';
    }, `deckhand-${version}`);

    await site.goOffline();
    await page.reload();
    await page.locator('[data-pile^="cascade-"] [data-card]').nth(51).waitFor({ timeout: 30000 });
    assert.equal(await page.locator('meta[name="deckhand-test"]').getAttribute('content'), 'second build');
    await page.getByTestId('winnable').waitFor({ timeout: 30000 });
    assert.deepEqual(page.errors, []);
  } finally {
    await site.close();
  }
});

test('the CSP is in the page and the header, and a whole session breaks none of it', { timeout: 600000 }, async () => {
  const site = await startSite();
  try {
    const home = await site.open('#/');
    const response = await home.request.get(site.base);
    assert.equal(response.headers()['content-security-policy'], HEADER_POLICY);
    assert.match(HEADER_POLICY, /frame-ancestors 'none'/);
    const meta = await home.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.equal(meta, META_POLICY);
    assert.doesNotMatch(META_POLICY, /frame-ancestors/);
    assert.equal(await home.locator('script:not([src])').count(), 0, 'no inline script');
    await home.getByRole('link', { name: 'FreeCell' }).first().waitFor();

    // Every solitaire table: a card dragged by the mouse (it follows the pointer, then travels
    // into place), then Solve and the replay to the win (cards travelling, fans closing up).
    // FreeCell: cascade 8's last card dragged to a free cell.
    const freecell = await site.open('#/freecell/1');
    await dealOne(freecell);
    await drag(freecell, freecell.locator('[data-pile="cascade-8"] [data-card]').last(),
      freecell.locator('[data-pile="freecell-2"]'));
    assert.deepEqual(await pileCards(freecell, 'freecell-2'), ['TC']);
    await freecell.getByTestId('winnable').waitFor({ timeout: 30000 });
    await solve(freecell);

    // Klondike, draw three (the waste fans out): a draw, a card dragged onto another column
    // (refused: it snaps back), then Solve.
    const klondike = await site.open('#/klondike/4?draw=3');
    await klondike.locator('[data-pile="tableau-7"] [data-card]').nth(6).waitFor();
    await klondike.locator('[data-pile="stock"]').click();
    await klondike.locator('[data-pile="waste"] [data-card]').nth(2).waitFor();
    const column = await pileCards(klondike, 'tableau-1');
    await drag(klondike, klondike.locator('[data-pile="tableau-1"] [data-card]').last(),
      klondike.locator('[data-pile="tableau-2"]'));
    await klondike.getByRole('status').filter({ hasText: 'Not allowed' }).waitFor();
    assert.deepEqual(await pileCards(klondike, 'tableau-1'), column);
    // Draw one (a new game of the same deal): Solve.
    await klondike.getByRole('combobox', { name: 'Draw' }).selectOption('1');
    await klondike.waitForFunction(() => location.hash.includes('draw=1'));
    await klondike.getByTestId('winnable').waitFor({ timeout: 60000 });
    await solve(klondike);

    // Pyramid: a pair dragged together (the ace of spades onto the queen of hearts), undone,
    // then Solve.
    const pyramid = await site.open('#/pyramid/deal/3');
    await pyramid.getByTestId('deal-result').waitFor({ timeout: 30000 });
    await drag(pyramid, pyramid.locator('[data-pile="pyramid-22"] [data-card]'),
      pyramid.locator('[data-pile="pyramid-27"] [data-card]'));
    assert.equal(await pyramid.locator('[data-pile="pyramid-22"] [data-card]').count(), 0);
    await pyramid.getByRole('button', { name: 'Undo' }).click();
    await pyramid.locator('[data-pile="pyramid-22"] [data-card]').waitFor();
    await pyramid.getByRole('button', { name: 'Draw' }).click();
    await pyramid.locator('[data-pile="waste"] [data-card]').first().waitFor();
    await pyramid.getByRole('button', { name: 'Undo' }).click();
    await solve(pyramid);

    // Tic-Tac-Toe and Fox and Hounds: a move each, with the worker's values shown.
    const ttt = await site.open('#/tictactoe');
    await ttt.getByRole('status').filter({ hasText: 'Your move' }).waitFor();
    await ttt.getByRole('button', { name: 'centre, empty' }).click();
    await ttt.waitForFunction(() => document.querySelectorAll('.ttt-square[data-mark="O"]').length === 1);
    const fox = await site.open('#/foxhounds');
    await fox.getByRole('status').filter({ hasText: 'Your move' }).waitFor();
    await fox.getByRole('button', { name: 'Show move values' }).click();
    await fox.getByTestId('move-evaluations').waitFor({ timeout: 30000 });

    // The deal of the day, found by the worker from the home page's link, and a winnable deal.
    const day = await site.open('#/');
    await day.getByRole('link', { name: 'Pyramid deal of the day' }).click();
    await day.waitForFunction(() => /^#\/pyramid\/deal\/\d+$/.test(location.hash), null, { timeout: 60000 });
    await day.getByTestId('difficulty').waitFor({ timeout: 60000 });
    await day.getByRole('checkbox', { name: 'Winnable deal' }).check();
    const title = await day.locator('h1').innerText();
    await day.getByRole('button', { name: 'New game' }).click();
    await day.waitForFunction((old) => document.querySelector('h1').innerText !== old, title, { timeout: 60000 });

    for (const page of [home, freecell, klondike, pyramid, ttt, fox, day]) {
      assert.deepEqual(await violations(page), [], page.url());
      assert.deepEqual(page.errors, [], page.url());
    }
    assert.deepEqual(cspComplaints(site), []);

    // The policy is in force: injected markup runs nothing, a style attribute is refused (the
    // tables need none), and each refusal is reported.
    await home.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="window.__injected = 1">');
      const script = document.createElement('script');
      script.textContent = 'window.__injected = 2';
      document.body.append(script);
      document.body.insertAdjacentHTML('beforeend', '<p id="styled" style="color: red">styled</p>');
    });
    await home.waitForFunction(() => window.__violations.length >= 3);
    assert.equal(await home.evaluate(() => window.__injected), undefined);
    assert.notEqual(await home.locator('#styled').evaluate((p) => getComputedStyle(p).color), 'rgb(255, 0, 0)');
    const refused = await violations(home);
    assert.ok(refused.every((v) => /^(script-src|style-src-attr)/.test(v)), String(refused));
    assert.ok(refused.some((v) => v.startsWith('style-src-attr')), String(refused));
  } finally {
    await site.close();
  }
});

test('a solver worker that closes is restarted, the request in flight sent again, and the player told', async () => {
  const site = await startSite();
  try {
    const page = await site.open('#/freecell/1');
    await dealOne(page);
    const [worker] = page.workers();
    assert.match(worker.url(), /\/worker-loader-[0-9a-f]{16}\.js$/);
    await worker.evaluate(() => self.close());

    // The move's check goes to a worker that no longer answers; the app notices the silence.
    await page.keyboard.press('8');
    await page.keyboard.press('b');
    const notice = page.getByTestId('solver-notice');
    await notice.waitFor({ timeout: 30000 });
    assert.equal(await notice.innerText(), 'The solver stopped and was restarted.');
    await page.getByTestId('winnable').waitFor({ timeout: 30000 });
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.getByTestId('hint').waitFor({ timeout: 30000 });
    assert.match(await page.getByTestId('hint').innerText(), /Hint: Move the .+ from .+ to .+/);
    assert.equal(page.workers().length, 1);
    assert.deepEqual(page.errors, []);
  } finally {
    await site.close();
  }
});

test('a solver worker that crashes is restarted at once', async () => {
  const site = await startSite();
  try {
    const page = await site.open('#/freecell/3');
    await dealOne(page);
    const [worker] = page.workers();
    const replaced = page.waitForEvent('worker');
    // An uncaught error in the worker, as a panic in its wasm would throw.
    await worker.evaluate(() => { setTimeout(() => { throw new Error('the solver broke'); }); });
    await replaced;
    await page.getByTestId('solver-notice').waitFor({ timeout: 10000 });
    await page.keyboard.press('8');
    await page.keyboard.press('b');
    await page.getByTestId('winnable').waitFor({ timeout: 30000 });
    await page.getByRole('button', { name: 'Dismiss' }).click();
    assert.equal(await page.getByTestId('solver-notice').count(), 0);
  } finally {
    await site.close();
  }
});

test('a solver worker that cannot start is retried a few times, then the player is told to reload', async () => {
  const site = await startSite();
  try {
    // The worker's script never arrives (no service worker to answer from its cache).
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.route('**/worker-loader-*.js', (route) => route.abort());
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (error) => page.errors.push(error));
    await page.goto(`${site.base}#/freecell/1`);
    await page.locator('[data-pile^="cascade-"] [data-card]').nth(51).waitFor({ timeout: 30000 });
    const notice = page.getByTestId('solver-notice');
    await notice.filter({ hasText: 'could not be restarted' }).waitFor({ timeout: 30000 });
    assert.equal(await notice.innerText(), 'The solver stopped and could not be restarted. Reload the page to try again.');
    // The table keeps working without the solver.
    await page.keyboard.press('8');
    await page.keyboard.press('b');
    assert.deepEqual(await pileCards(page, 'freecell-2'), ['TC']);
    assert.deepEqual(page.errors, []);
    await context.close();
  } finally {
    await site.close();
  }
});
