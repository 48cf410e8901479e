#!/usr/bin/env bash
# Installs what Deckhand's build and tests need, at pinned versions, from the
# package registries only (crates.io, npm, Debian apt, rustup's target download).
# Idempotent: every tool already present at its pinned version is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.22.1
WASM_BINDGEN_VERSION=0.2.130   # must equal the `wasm-bindgen` pin in Cargo.toml

log() { printf '[setup] %s\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  log "installing trunk $TRUNK_VERSION (several minutes)"
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install trunk --version "$TRUNK_VERSION" --locked --ignore-rust-version \
    --no-default-features --features rustls --force
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ] \
  || ! command -v wasm-bindgen-test-runner >/dev/null; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # Not --locked: its lock file names a crate version the registry here lacks.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  log "installing Debian chromium and chromium-driver"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium chromium-driver
fi

# npm: playwright-core (driver only, never a browser download) and binaryen's wasm-opt.
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.deckhand-lock; then
  log "installing npm packages"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.deckhand-lock
fi
log "tools ready"
