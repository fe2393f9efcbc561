// Whole files: the WebAssembly engine given the files it names at the head, as the extension
// downloads them (headPathsToRead(diff), then review(diff, meta, headFiles, repositoryId) with the
// folder's files as the repository snapshot, openRepository), and the native CLI given the folder
// as a checkout (`review --repo DIR`, which reads the touched files whole and indexes every source
// file) give the same JSON bytes, on a sample of the real corpus diffs with their files from
// scripts/corpus-trees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { loadEngine, repoRoot, sharedDir } from './support/engine.mjs';
import { mapWithLimit, nativeReviewJson } from './support/cli.mjs';
import { filesUnder } from './support/files.mjs';

// Every SAMPLE_EVERY-th diff of each repository (by name): whole files make reviews slower, and a
// run must stay within a few minutes on 2 cores. ATOM_WHOLE_FILES_SAMPLE_EVERY=1 compares the whole
// corpus (by hand, or before a release).
const SAMPLE_EVERY = Number(process.env.ATOM_WHOLE_FILES_SAMPLE_EVERY ?? 8);
if (!Number.isInteger(SAMPLE_EVERY) || SAMPLE_EVERY < 1) throw new Error('ATOM_WHOLE_FILES_SAMPLE_EVERY takes a whole number >= 1');

// The directory scripts/corpus-trees prints, or null when ../shared (or its bundles) is absent.
function corpusTrees() {
  if (!existsSync(path.join(sharedDir, 'repos'))) return null;
  try {
    return execFileSync(path.join(repoRoot, 'scripts', 'corpus-trees'), { encoding: 'utf8',
      env: { ...process.env, ATOM_SHARED_DIR: sharedDir }, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    if (error.status === 3) return null;
    throw error;
  }
}

const withoutFinalNewline = (bytes) => (bytes.at(-1) === 0x0a ? bytes.subarray(0, -1) : bytes);

const trees = corpusTrees();
const engine = trees ? await loadEngine() : null;

for (const corpus of ['atom', 'aiter']) {
  const dir = path.join(sharedDir, 'corpus', corpus);
  const skip = !trees ? `${sharedDir} (its repos/*.bundle) is absent` : !existsSync(dir) && `${dir} is absent`;
  test(`corpus ${corpus}: with the head files, WASM and native agree byte for byte`, { skip: skip || false }, async () => {
    const diffs = readdirSync(dir).filter((name) => name.endsWith('.diff')).sort()
      .filter((_, index) => index % SAMPLE_EVERY === 0)
      .filter((name) => existsSync(path.join(trees, corpus, name.replace(/\.diff$/, ''), 'head')));
    assert.ok(diffs.length > 0, `no sampled diff in ${dir} has head files under ${trees}`);
    const outcomes = await mapWithLimit(diffs, availableParallelism(), async (name) => {
      const diffPath = path.join(dir, name);
      const metaPath = path.join(dir, name.replace(/\.diff$/, '.meta.json'));
      const headDir = path.join(trees, corpus, name.replace(/\.diff$/, ''), 'head');
      const metaText = existsSync(metaPath) ? readFileSync(metaPath, 'utf8') : '{}';
      const diffBytes = readFileSync(diffPath);
      const wanted = new Set(JSON.parse(engine.headPathsToRead(diffBytes)));
      const downloaded = filesUnder(headDir).filter((file) => wanted.has(file.path));
      const repository = engine.openRepository(filesUnder(headDir));
      const wasm = Buffer.from(engine.review(diffBytes, metaText, downloaded, repository), 'utf8');
      engine.closeRepository(repository);
      const native = withoutFinalNewline(await nativeReviewJson(diffPath, existsSync(metaPath) ? metaPath : null, headDir));
      const widened = !JSON.parse(native).errors.some((error) => error.code.startsWith('repo-file-'));
      return { name, same: Buffer.compare(wasm, native) === 0, widened };
    });
    const differing = outcomes.filter((outcome) => !outcome.same).map((outcome) => outcome.name);
    assert.deepEqual(differing, [], `${differing.length} of ${diffs.length} diffs differ between WASM and native with head files`);
    // The comparison means something only if the files were used: most diffs must be read whole.
    const widened = outcomes.filter((outcome) => outcome.widened).length;
    assert.ok(widened >= diffs.length / 2, `only ${widened} of ${diffs.length} diffs had every file read whole`);
  });
}
