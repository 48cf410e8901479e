// The walking skeleton in a real browser: deal links, bad links, the worker round-trip,
// and a table that fits a phone and a 4K screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, pileCards, registeredGames, startSite } from './harness.mjs';

// Microsoft deal 1 as published (cascade 1 first, each top card first).
const DEAL_1 = [
  'JD KD 2S 4C 3S 6D 6S', '2D KC KS 5C TD 8S 9C', '9H 9S 9D TS 4S 8D 2H', 'JC 5S QD QH TH QS 6H',
  '5D AD JS 4H 8H 6C', '7H QC AS AC 2C 3D', '7C KH AH 4D JH 8C', '5H 3H 3C 7S 7D TC',
];

let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

test('#/freecell/1 deals Microsoft deal 1 into the right piles', async () => {
  const page = await site.newPage('#/freecell/1');
  await page.locator('[data-pile^="cascade-"] [data-card]').nth(51).waitFor();
  assert.equal(await page.locator('[data-card]').count(), 52);
  for (let i = 0; i < 8; i++) {
    assert.deepEqual(await pileCards(page, `cascade-${i + 1}`), DEAL_1[i].split(' '), `cascade ${i + 1}`);
  }
  for (const pile of ['freecell-1', 'freecell-4', 'foundation-1', 'foundation-4']) {
    assert.equal(await page.locator(`[data-pile="${pile}"]`).count(), 1, pile);
  }
  assert.equal(await page.locator('[data-card="TH"]').getAttribute('aria-label'), 'ten of hearts');
  assert.ok(await page.getByRole('img', { name: 'jack of diamonds' }).isVisible());
  await page.screenshot({ path: `${ARTIFACTS}freecell-1.png` });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a bad deal link explains itself and opens a fresh deal', async () => {
  const page = await site.newPage('#/freecell/0');
  const problem = page.getByTestId('link-error');
  await problem.waitFor();
  assert.match(await problem.textContent(), /deal 0 is out of range/);
  await page.locator('[data-pile^="cascade-"] [data-card]').nth(51).waitFor();
  assert.match(new URL(page.url()).hash, /^#\/freecell\/\d+$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an unknown page explains itself and shows the games', async () => {
  const page = await site.newPage('#/no-such-game/3');
  await page.getByTestId('link-error').waitFor();
  assert.match(await page.getByTestId('link-error').textContent(), /unknown page/);
  // Every solitaire the navigation lists is on the page offered, with its deal of the day.
  const shown = await page.locator('ul.games li').evaluateAll((entries) => entries
    .filter((entry) => entry.querySelector('a.day-link'))
    .map((entry) => entry.querySelector('a').getAttribute('href')));
  const games = await registeredGames(page);
  assert.ok(games.length >= 3, JSON.stringify(games));
  assert.deepEqual(shown, games.map((game) => `#/${game.key}`));
  await page.close();
});

test('the worker checks a pasted deck and names what is missing', async () => {
  const page = await site.freshPage('#/pyramid');
  await page.getByText('Paste a deck').click();
  const deck = page.getByRole('textbox', { name: 'Pyramid deck' });
  const full = 'Th 2h 4d 3h Qd 8h 9h 5d Jc Td 7c 4c Ts Ac 9c 8d 5s 2s 7h 6s 7s 2c 9d Qs 3d 5c '
    + '5h Ad 8s Js 6c 9s 4h Kh Jd 4s 2d 6d Ks Qc 3s 3c Kc 7d Tc Ah 6h Qh Kd 8c As Jh';
  await deck.fill(full.replace('Qc', 'Xq'));
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByTestId('missing').waitFor();
  const problems = await page.getByTestId('deck-error').innerText();
  assert.match(problems, /Missing: QC/);
  assert.match(problems, /Xq/);
  await deck.fill(full);
  await page.getByRole('button', { name: 'Check' }).click();
  // The slowest published deck: the worker proves it cannot be cleared.
  await page.getByTestId('deal-result').waitFor({ timeout: 30000 });
  assert.match(await page.getByRole('status').innerText(), /cannot be cleared/);
  assert.equal(await page.locator('[data-pile^="pyramid-"] [data-card]').count(), 28);
  assert.deepEqual(page.errors, []);
  await page.close();
});

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['4k', { width: 3840, height: 2160 }]]) {
  test(`the table fits a ${name} screen`, async () => {
    const page = await site.newPage('#/freecell/617', viewport);
    await page.locator('[data-pile^="cascade-"] [data-card]').nth(51).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the ${name} screen`);
    const box = await page.locator('[data-pile="cascade-8"]').boundingBox();
    assert.ok(box.x + box.width <= viewport.width, 'the last cascade is on screen');
    const card = await page.locator('[data-card="7D"]').boundingBox();
    assert.ok(card.width >= (name === 'phone' ? 38 : 150), `card width ${card.width}`);
    await page.screenshot({ path: `${ARTIFACTS}freecell-617-${name}.png` });
    await page.close();
  });
}
