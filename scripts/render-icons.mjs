// Renders www/icon.svg to the PNG icons the web manifest lists (www/icon-192.png and
// www/icon-512.png), with Debian's Chromium. The PNGs are committed; run this again after
// changing the SVG: node scripts/render-icons.mjs
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const www = new URL('../www/', import.meta.url);
const svg = await readFile(new URL('icon.svg', www), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><body style="margin:0">${sized}</body>`);
    await page.screenshot({ path: new URL(`icon-${size}.png`, www).pathname, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
