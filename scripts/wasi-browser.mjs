// Runs a wasm32-wasip1 build of a Deckhand binary inside headless Chromium (Debian's, the
// browser the app is tested in), so solver benchmarks time the same Rust code in the wasm
// engine a player's tab uses, not only in Node's older V8. Prints the program's output and,
// on stderr, the CPU time the browser's processes used for the run.
//
// usage: node scripts/wasi-browser.mjs FILE.wasm ARGS...
// Any argument naming an existing file is handed to the program (read-only, by its absolute
// path): `bench pyramid --decks tests/data/pyramid_decks.txt` works as it does natively.
//
// The program runs in a dedicated worker, as the app's solvers do. Its WASI is the handful
// of calls a Deckhand binary imports: arguments, clocks, random bytes, stdout and stderr,
// and reading the files given.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright-core';

const [wasmPath, ...args] = process.argv.slice(2);
if (!wasmPath) {
  console.error('usage: node scripts/wasi-browser.mjs FILE.wasm ARGS...');
  process.exit(2);
}

// Files named on the command line, by absolute path without its leading slash (how the
// program sees them through its one preopened directory, "/").
const files = {};
const programArgs = [];
for (const arg of args) {
  const isFile = await stat(arg).then((s) => s.isFile(), () => false);
  if (isFile) {
    const path = resolve(arg);
    files[path.slice(1)] = (await readFile(path)).toString('base64');
    programArgs.push(path);
  } else {
    programArgs.push(arg);
  }
}
const wasm = (await readFile(wasmPath)).toString('base64');

// The worker's whole program: a minimal WASI preview1 over in-memory files.
function workerMain() {
  const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOENT: 44, NOSYS: 52 };
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  class Exit {
    constructor(code) {
      this.code = code;
    }
  }
  onmessage = async ({ data }) => {
    const { wasm, args, files } = data;
    const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
    const fileBytes = new Map(
      Object.entries(files).map(([p, b64]) => [p, Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))]),
    );
    const argv = ['deckhand', ...args].map((a) => encoder.encode(`${a}\0`));
    let memory;
    const view = () => new DataView(memory.buffer);
    const u8 = () => new Uint8Array(memory.buffer);
    const out = { 1: [], 2: [] };
    // fd 3 is the preopened "/", later fds are opened files: [bytes, read offset].
    const open = new Map();
    let nextFd = 4;
    const str = (ptr, len) => decoder.decode(u8().subarray(ptr, ptr + len));
    const wasi = {
      args_sizes_get(countPtr, sizePtr) {
        view().setUint32(countPtr, argv.length, true);
        view().setUint32(sizePtr, argv.reduce((n, a) => n + a.length, 0), true);
        return ERRNO.SUCCESS;
      },
      args_get(argvPtr, bufPtr) {
        for (const [i, a] of argv.entries()) {
          view().setUint32(argvPtr + 4 * i, bufPtr, true);
          u8().set(a, bufPtr);
          bufPtr += a.length;
        }
        return ERRNO.SUCCESS;
      },
      environ_sizes_get(countPtr, sizePtr) {
        view().setUint32(countPtr, 0, true);
        view().setUint32(sizePtr, 0, true);
        return ERRNO.SUCCESS;
      },
      environ_get() {
        return ERRNO.SUCCESS;
      },
      random_get(ptr, len) {
        for (let at = 0; at < len; at += 65536) {
          crypto.getRandomValues(u8().subarray(ptr + at, ptr + Math.min(len, at + 65536)));
        }
        return ERRNO.SUCCESS;
      },
      clock_time_get(id, _precision, timePtr) {
        const ms = id === 0 ? Date.now() : performance.timeOrigin + performance.now();
        view().setBigUint64(timePtr, BigInt(Math.round(ms * 1e6)), true);
        return ERRNO.SUCCESS;
      },
      fd_write(fd, iovs, count, writtenPtr) {
        if (!out[fd]) return ERRNO.BADF;
        let written = 0;
        for (let i = 0; i < count; i++) {
          const ptr = view().getUint32(iovs + 8 * i, true);
          const len = view().getUint32(iovs + 8 * i + 4, true);
          out[fd].push(u8().slice(ptr, ptr + len));
          written += len;
        }
        view().setUint32(writtenPtr, written, true);
        return ERRNO.SUCCESS;
      },
      fd_read(fd, iovs, count, readPtr) {
        const file = open.get(fd);
        if (fd === 0) {
          view().setUint32(readPtr, 0, true);
          return ERRNO.SUCCESS;
        }
        if (!file) return ERRNO.BADF;
        let read = 0;
        for (let i = 0; i < count; i++) {
          const ptr = view().getUint32(iovs + 8 * i, true);
          const len = view().getUint32(iovs + 8 * i + 4, true);
          const chunk = file.bytes.subarray(file.at, file.at + len);
          u8().set(chunk, ptr);
          file.at += chunk.length;
          read += chunk.length;
        }
        view().setUint32(readPtr, read, true);
        return ERRNO.SUCCESS;
      },
      fd_close(fd) {
        return open.delete(fd) ? ERRNO.SUCCESS : ERRNO.BADF;
      },
      fd_fdstat_get(fd, ptr) {
        // filetype: 2 character device (stdio), 3 directory, 4 regular file.
        const type = fd <= 2 ? 2 : fd === 3 ? 3 : open.has(fd) ? 4 : -1;
        if (type < 0) return ERRNO.BADF;
        u8().fill(0, ptr, ptr + 24);
        view().setUint8(ptr, type);
        view().setBigUint64(ptr + 8, 0xffffffffn, true);
        view().setBigUint64(ptr + 16, 0xffffffffn, true);
        return ERRNO.SUCCESS;
      },
      fd_prestat_get(fd, ptr) {
        if (fd !== 3) return ERRNO.BADF;
        view().setUint32(ptr, 0, true);
        view().setUint32(ptr + 4, 1, true);
        return ERRNO.SUCCESS;
      },
      fd_prestat_dir_name(fd, ptr, len) {
        if (fd !== 3 || len < 1) return ERRNO.BADF;
        u8()[ptr] = '/'.charCodeAt(0);
        return ERRNO.SUCCESS;
      },
      path_filestat_get(fd, _flags, pathPtr, pathLen, ptr) {
        const bytes = fileBytes.get(str(pathPtr, pathLen));
        if (fd !== 3 || !bytes) return ERRNO.NOENT;
        u8().fill(0, ptr, ptr + 64);
        view().setUint8(ptr + 16, 4);
        view().setBigUint64(ptr + 24, 1n, true);
        view().setBigUint64(ptr + 32, BigInt(bytes.length), true);
        return ERRNO.SUCCESS;
      },
      path_open(fd, _dirflags, pathPtr, pathLen, _oflags, _base, _inheriting, _fdflags, fdPtr) {
        const bytes = fileBytes.get(str(pathPtr, pathLen));
        if (fd !== 3 || !bytes) return ERRNO.NOENT;
        open.set(nextFd, { bytes, at: 0 });
        view().setUint32(fdPtr, nextFd++, true);
        return ERRNO.SUCCESS;
      },
      proc_exit(code) {
        throw new Exit(code);
      },
    };
    const started = performance.now();
    const { instance } = await WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: wasi });
    memory = instance.exports.memory;
    let code = 0;
    try {
      instance.exports._start();
    } catch (e) {
      if (e instanceof Exit) code = e.code;
      else {
        out[2].push(encoder.encode(`wasm trap: ${e}\n`));
        code = 134;
      }
    }
    const text = (chunks) => decoder.decode(new Uint8Array(chunks.flatMap((c) => [...c])));
    postMessage({ code, stdout: text(out[1]), stderr: text(out[2]), ms: performance.now() - started });
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
});
try {
  const cdp = await browser.newBrowserCDPSession();
  const cpu = async () => {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return Object.fromEntries(processInfo.map((p) => [`${p.type} ${p.id}`, p.cpuTime]));
  };
  const page = await browser.newPage();
  await page.goto('about:blank');
  const before = await cpu();
  const result = await page.evaluate(
    ({ source, message }) =>
      new Promise((resolveRun) => {
        const url = URL.createObjectURL(new Blob([`(${source})()`], { type: 'text/javascript' }));
        const worker = new Worker(url);
        worker.onmessage = ({ data }) => resolveRun(data);
        worker.onerror = (e) => resolveRun({ code: 134, stdout: '', stderr: `worker error: ${e.message}\n`, ms: 0 });
        worker.postMessage(message);
      }),
    { source: workerMain.toString(), message: { wasm, args: programArgs, files } },
  );
  const after = await cpu();
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  // The worker's renderer is the one that worked: the others idle.
  const used = Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]);
  const renderer = Math.max(...used.filter(([k]) => k.startsWith('renderer')).map(([, v]) => v));
  const all = used.reduce((s, [, v]) => s + v, 0);
  process.stderr.write(
    `chromium: ${renderer.toFixed(2)} s CPU in the worker's renderer (${all.toFixed(2)} s in all processes), ` +
      `${(result.ms / 1000).toFixed(2)} s wall in the worker\n`,
  );
  process.exitCode = result.code;
} finally {
  await browser.close();
}
