// Trunk's post_build hook (Trunk.toml): finishes the build in Trunk's staging directory.
//   1. Trunk's inline module loader moves into a file, boot-<hash>.js: the CSP allows no inline script.
//   2. The solver worker gets content-hashed names like the app's files (Trunk names it worker.js and
//      worker_bg.wasm, unhashed), with a loader, worker-loader-<hash>.js, that the app finds in
//      <meta name="deckhand-worker">. So a page of one build can never load another build's worker.
//   3. The Content-Security-Policy meta tag (scripts/csp.mjs) goes first in <head>.
//   4. sw.js: the service worker (www/sw.js) with this build's version and file list.
// The build fails if index.html still holds an inline script, a <style> element or a style attribute,
// or if www/layout.css is not what scripts/layout-css.mjs writes.
//
// usage: node scripts/postbuild.mjs [DIR]   (default: $TRUNK_STAGING_DIR)
import { createHash } from 'node:crypto';
import { readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { META_POLICY } from './csp.mjs';
import { checkLayoutCss } from './layout-css.mjs';

const SW_SOURCE = new URL('../www/sw.js', import.meta.url);
const PLACEHOLDER = '__DECKHAND_BUILD__';

const digest = (bytes, encoding) => createHash('sha256').update(bytes).digest(encoding);
const shortHash = (bytes) => digest(bytes, 'hex').slice(0, 16);
const escapeAttribute = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * Moves every inline script of `html` (Trunk's module loader; under `trunk serve`, also its
 * reload script) into a file of `dir`, named by its content; returns the new html.
 */
async function moveInlineScripts(dir, html) {
  const inline = /<script\b((?:(?!\ssrc=)[^>])*)>([\s\S]*?)<\/script>/g;
  const moved = [];
  for (const [, attributes, code] of html.matchAll(inline)) {
    const name = `boot-${shortHash(code)}.js`;
    await writeFile(join(dir, name), `${code.trim()}\n`);
    const kept = attributes.replace(/\snonce="[^"]*"/, '');
    moved.push(`<script${kept} src="./${name}"></script>`);
  }
  let index = 0;
  return html.replace(inline, () => moved[index++]);
}

/** Renames the worker's files to content-hashed names and writes its loader; returns the loader's name. */
async function hashWorker(dir) {
  const js = await readFile(join(dir, 'worker.js'));
  const wasm = await readFile(join(dir, 'worker_bg.wasm'));
  const jsName = `worker-${shortHash(js)}.js`;
  const wasmName = `worker-${shortHash(wasm)}_bg.wasm`;
  await rename(join(dir, 'worker.js'), join(dir, jsName));
  await rename(join(dir, 'worker_bg.wasm'), join(dir, wasmName));
  // Trunk builds the worker for wasm-bindgen's no-modules target: a classic script that
  // defines `wasm_bindgen`, whose call loads the wasm and runs the worker's `main`.
  const loader = `importScripts("./${jsName}");\nwasm_bindgen({ module_or_path: "./${wasmName}" });\n`;
  const loaderName = `worker-loader-${shortHash(loader)}.js`;
  await writeFile(join(dir, loaderName), loader);
  await rm(join(dir, 'worker.d.ts'), { force: true });
  return loaderName;
}

/** Refuses an index.html that the CSP would break. */
function checkStrict(html) {
  const problems = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (!/\ssrc=/.test(tag)) problems.push(`an inline script: ${tag}`);
  }
  if (/<style\b/.test(html)) problems.push('a <style> element');
  if (/<[^>]+\sstyle=/.test(html)) problems.push('a style attribute');
  if (/<[^>]+\son[a-z]+=/.test(html)) problems.push('an inline event handler');
  if (problems.length > 0) throw new Error(`index.html breaks the CSP: ${problems.join('; ')}`);
}

/** Every file under `dir` (paths relative to it, with '/'), sw.js aside. */
async function siteFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => path !== 'sw.js' && !path.split('/').some((part) => part.startsWith('.')))
    .sort();
}

/**
 * Writes `dir`/sw.js: www/sw.js with this build's list of files (each with its SRI hash) and
 * its version (a hash of that list). Run again after any file of `dir` changes.
 * Returns the version.
 */
export async function writeServiceWorker(dir) {
  const files = [];
  for (const path of await siteFiles(dir)) {
    const bytes = await readFile(join(dir, path));
    files.push({ url: `./${path}`, integrity: `sha256-${digest(bytes, 'base64')}` });
  }
  const version = shortHash(JSON.stringify(files));
  const source = await readFile(SW_SOURCE, 'utf8');
  if (!source.includes(PLACEHOLDER)) throw new Error(`www/sw.js lacks ${PLACEHOLDER}`);
  await writeFile(join(dir, 'sw.js'), source.replace(PLACEHOLDER, JSON.stringify({ version, files }, null, 1)));
  return version;
}

export async function postbuild(dir) {
  await checkLayoutCss();
  const indexPath = join(dir, 'index.html');
  let html = await readFile(indexPath, 'utf8');
  html = await moveInlineScripts(dir, html);
  const loader = await hashWorker(dir);
  const head = [
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(META_POLICY)}">`,
    `<meta name="deckhand-worker" content="./${loader}">`,
  ].join('\n    ');
  // The policy must come before anything it governs: right after <meta charset>.
  html = html.replace(/<meta charset="utf-8"\s*\/?>/i, (charset) => `${charset}\n    ${head}`);
  if (!html.includes('http-equiv="Content-Security-Policy"')) throw new Error('index.html has no <meta charset="utf-8">');
  checkStrict(html);
  await writeFile(indexPath, html);
  const version = await writeServiceWorker(dir);
  console.log(`postbuild: ${loader}, service worker version ${version}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('usage: node scripts/postbuild.mjs DIR (or run from Trunk, which sets TRUNK_STAGING_DIR)');
  await postbuild(dir);
}
