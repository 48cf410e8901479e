// Registers the service worker (sw.js, written by scripts/postbuild.mjs) that lets Deckhand
// work offline. It waits for the page's load, so that its download of the whole build does
// not compete with the first view.
function register() {
  navigator.serviceWorker.register('./sw.js')
    .catch((error) => console.warn('Deckhand will not work offline:', error));
}

if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
