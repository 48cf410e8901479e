// Deckhand's Content-Security-Policy, in one place: scripts/postbuild.mjs writes it into
// dist/index.html as a meta tag (so any static host applies it), and scripts/serve.mjs sends
// it as a header (adding what only a header can say).
//
// Scripts and wasm come only from the site itself; there is no inline script (the build moves
// Trunk's loader into a file). Style sheets come only from the site too, and no style
// attribute is allowed: without a style-src-attr directive, style-src 'self' governs them and
// allows none. None is needed: the tables write no `style=`. The numbers their layout needs
// are data- attributes that www/layout.css turns into CSS variables; dragged cards follow the
// pointer by CSS variables that the app's own script sets through the CSSOM
// (element.style.setProperty), and cards travel by the Web Animations API, neither of which
// the policy restricts.
export const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "style-src-elem 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The policy as the meta tag carries it. */
export const META_POLICY = DIRECTIVES.join('; ');

/** The policy as a header: the meta tag's, plus `frame-ancestors` (which a meta tag cannot set). */
export const HEADER_POLICY = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ');
