// Registers the service worker (sw.js, written by scripts/postbuild.mjs) that lets Deckhand
// work offline. Its install downloads and hashes the whole build (about 2 MB), which took as
// much CPU as a third of the first view's main thread when it ran beside it: so it waits
// until the app has drawn its first page (the loading text is gone) and the page is idle.
const FALLBACK_MS = 10000;

function register() {
  navigator.serviceWorker.register('./sw.js')
    .catch((error) => console.warn('Deckhand will not work offline:', error));
}

/** Runs `then` once the app has replaced the loading text, or after FALLBACK_MS at most. */
function whenDrawn(then) {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      then();
    }
  };
  const root = document.getElementById('app');
  const drawn = () => !root || !root.querySelector('.loading');
  if (drawn()) {
    once();
    return;
  }
  const watcher = new MutationObserver(() => {
    if (drawn()) {
      watcher.disconnect();
      once();
    }
  });
  watcher.observe(root, { childList: true, subtree: true });
  setTimeout(() => {
    watcher.disconnect();
    once();
  }, FALLBACK_MS);
}

function whenIdle(then) {
  if ('requestIdleCallback' in window) requestIdleCallback(then, { timeout: 2000 });
  else setTimeout(then, 500);
}

if ('serviceWorker' in navigator) {
  whenDrawn(() => whenIdle(register));
}
