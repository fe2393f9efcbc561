// The corpus PRs' head files for the whole-file benchmarks (scripts/corpus-trees builds them from
// the window bundles in ../shared).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, sharedDir } from '../../tests/wasm/support/engine.mjs';

/** The folder of the corpus trees, or null when they cannot be had (no ../shared). */
export function corpusTrees() {
  try {
    return execFileSync(path.join(repoRoot, 'scripts/corpus-trees'), { env: { ...process.env, ATOM_SHARED_DIR: sharedDir } })
      .toString().trim();
  } catch {
    return null;
  }
}

/** Every regular file under dir, as {path (relative, with /), bytes}. */
export function headFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((relative) => statSync(path.join(dir, relative)).isFile())
    .sort()
    .map((relative) => ({ path: relative.split(path.sep).join('/'), bytes: readFileSync(path.join(dir, relative)) }));
}
