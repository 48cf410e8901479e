// Runs a wasm32-wasip1 build of a Deckhand binary under Node's WASI, so benchmarks can time
// the very same Rust code in a wasm engine (V8, as in the browser) with the same arguments.
// usage: node scripts/wasi-run.mjs target/wasm32-wasip1/release/deckhand.wasm ARGS...
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [wasmPath, ...args] = process.argv.slice(2);
if (!wasmPath) {
  console.error('usage: node scripts/wasi-run.mjs FILE.wasm ARGS...');
  process.exit(2);
}
const wasi = new WASI({
  version: 'preview1',
  args: ['deckhand', ...args],
  env: {},
  preopens: { '.': process.cwd(), '/': '/' },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
