// Deckhand's service worker: after one visit the whole app (its script and wasm, the solver
// worker, styles, icons, manifest) works offline, every route included (routes are hash
// routes of index.html).
//
// Versions. scripts/postbuild.mjs writes BUILD below at each build: every file of dist/ with
// its SRI hash, and a version made from them. The cache is named after the version, so two
// builds never share one. It is filled whole at install, each file fetched past the HTTP
// cache and checked against its hash: a file of another build (a deployment in between) fails
// the install, and the worker already in charge stays. A new build changes this script, which
// is how the browser notices it (on a visit, or the page's update check); the new worker takes
// over at once (skipWaiting, clients.claim) and deletes every other version's cache.
//
// Serving. The page itself (a navigation) comes from the network when it answers within
// NETWORK_WAIT_MS, else from this version's cache. Every script, wasm file and style sheet has
// a content-hashed name, so whichever page is served loads the files of its own build, never a
// mix. Other requests are answered from the cache first, then the network.
const BUILD = __DECKHAND_BUILD__;
const CACHE = `deckhand-${BUILD.version}`;
const INDEX = './index.html';
const NETWORK_WAIT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((name) => name.startsWith('deckhand-') && name !== CACHE);
    await Promise.all(old.map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === 'navigate' ? page(request) : file(request));
});

/** Fetches and checks every file of the build into this version's cache, or nothing. */
async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(BUILD.files.map(async ({ url, integrity }) => {
      let response = await fetch(new Request(url, { cache: 'no-cache', integrity }));
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      // A redirected response cannot answer a navigation: keep its body and headers only.
      if (response.redirected) {
        const { status, statusText, headers } = response;
        response = new Response(await response.blob(), { status, statusText, headers });
      }
      await cache.put(url, response);
    }));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

/** index.html: the network's if it answers in time, else this version's. */
async function page(request) {
  const network = fetch(request);
  const late = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, null));
  const fresh = await Promise.race([network.catch(() => null), late]);
  if (fresh?.ok) return fresh;
  const cached = await (await caches.open(CACHE)).match(INDEX);
  return cached ?? fresh ?? network;
}

/** Any other file of the site: this version's copy, else the network's. */
async function file(request) {
  const cached = await (await caches.open(CACHE)).match(request, { ignoreSearch: true });
  return cached ?? fetch(request);
}
