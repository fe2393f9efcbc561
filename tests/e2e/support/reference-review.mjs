// The review the extension must agree with, computed outside the browser: by the native CLI
// when it is built, else by the same WebAssembly module run under Node. With `headFiles`
// ({path: bytes}) the files are reviewed whole, as `review --repo DIR` reviews a checkout.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI_PATH, WASM_DIR } from './paths.mjs';

/** → {source: 'native CLI' | 'WebAssembly under Node', result} */
export async function referenceReview(diffBytes, meta, { headFiles = null } = {}) {
  if (existsSync(CLI_PATH)) {
    const dir = mkdtempSync(join(tmpdir(), 'atom-review-ref-'));
    try {
      writeFileSync(join(dir, 'pr.diff'), diffBytes);
      writeFileSync(join(dir, 'meta.json'), JSON.stringify(meta));
      const repoArgs = [];
      if (headFiles) {
        for (const [path, bytes] of Object.entries(headFiles)) {
          mkdirSync(dirname(join(dir, 'head', path)), { recursive: true });
          writeFileSync(join(dir, 'head', path), bytes);
        }
        mkdirSync(join(dir, 'head'), { recursive: true });
        repoArgs.push('--repo', join(dir, 'head'));
      }
      const stdout = execFileSync(CLI_PATH, ['review', '--format', 'json', '--meta', join(dir, 'meta.json'), ...repoArgs,
        join(dir, 'pr.diff')], { maxBuffer: 64 << 20 });
      return { source: 'native CLI', result: JSON.parse(stdout) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const { default: createAtomEngine } = await import(pathToFileURL(join(WASM_DIR, 'atom_engine.mjs')).href);
  // Passing the bytes keeps the web-targeted glue from trying to fetch() a file path.
  const engine = await createAtomEngine({ wasmBinary: readFileSync(join(WASM_DIR, 'atom_engine.wasm')) });
  const args = [new Uint8Array(diffBytes), JSON.stringify(meta)];
  if (headFiles) args.push(Object.entries(headFiles).map(([path, bytes]) => ({ path, bytes: new Uint8Array(bytes) })));
  return { source: 'WebAssembly under Node', result: JSON.parse(engine.review(...args)) };
}
