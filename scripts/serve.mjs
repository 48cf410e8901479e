// A small static file server for the built site (dist/), bound to 127.0.0.1 only.
// usage: node scripts/serve.mjs [DIR] [PORT]   (defaults: dist 8080; PORT 0 picks a free one)
// Prints "serving http://127.0.0.1:PORT/" once it listens. Every answer carries the site's
// Content-Security-Policy (scripts/csp.mjs; dist/index.html has the same in a meta tag).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { HEADER_POLICY } from './csp.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain',
};

const SECURITY_HEADERS = {
  'content-security-policy': HEADER_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function serve(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) { response.writeHead(403).end(); return; }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache', ...SECURITY_HEADERS });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain', ...SECURITY_HEADERS }).end('not found');
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port = '8080'] = process.argv.slice(2);
  const server = await serve(dir, Number(port));
  console.log(`serving http://127.0.0.1:${server.address().port}/`);
}
