# Deckhand: `make serve` runs the app, `make test` runs every test. Both set up what is
# missing first (scripts/setup.sh: pinned tools from crates.io, npm and Debian only).
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export CHROMEDRIVER := /usr/bin/chromedriver
PORT ?= 8080

.PHONY: setup build serve test test-native test-wasm test-e2e test-fuzz fuzz clean

setup:
	@bash scripts/setup.sh

build: setup
	trunk build --release

serve: build
	node scripts/serve.mjs dist $(PORT)

test: setup test-native test-fuzz test-wasm build test-e2e
	@echo "make test: all suites passed"

test-native:
	cargo test --locked

test-wasm:
	cargo test --locked --target wasm32-unknown-unknown --test wasm

test-e2e:
	node --test --test-concurrency=1 tests/e2e/

# The fuzzer (src/bin/fuzz.rs): a short run in the test build (overflow checks on) for
# `make test`, a long one (FUZZ_INPUTS, default ten million) in the `fuzz` profile.
test-fuzz:
	FUZZ_INPUTS=$${FUZZ_INPUTS:-500000} cargo run --locked --bin fuzz

fuzz:
	FUZZ_INPUTS=$${FUZZ_INPUTS:-10000000} cargo run --locked --profile fuzz --bin fuzz

clean:
	rm -rf dist target node_modules
