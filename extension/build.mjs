// Builds the extension: dist/extension/ (load unpacked in Chrome or Firefox) and the store
// packages dist/atom-review-chrome.zip and dist/atom-review-firefox.zip.
//   node extension/build.mjs
// Needs the WebAssembly engine built first: build/wasm/atom_engine.{mjs,wasm}
// (ATOM_WASM_DIR=<dir> takes the engine from another build folder).
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { builtInReposPlugin } from './pack-repos.mjs';
import { zipEntries } from './zip-writer.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = join(root, 'extension');
const wasmDir = process.env.ATOM_WASM_DIR ? resolve(process.env.ATOM_WASM_DIR) : join(root, 'build', 'wasm');
const distDir = join(root, 'dist');
const outDir = join(distDir, 'extension');
const ENGINE_FILES = ['atom_engine.mjs', 'atom_engine.wasm'];

for (const file of ENGINE_FILES) {
  if (!existsSync(join(wasmDir, file))) {
    console.error(`extension/build.mjs: ${relative(root, join(wasmDir, file))} is missing; build the WebAssembly engine first`);
    process.exit(2);
  }
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(join(outDir, 'wasm'), { recursive: true });

// The commit the extension is built from, named by the reviewer's exported verdicts
// (content/field-labels.js) so their labels know which rules they judged; `-dirty` when the tree
// has changes, `unknown` outside a git checkout.
function builtFrom() {
  const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return `${git('rev-parse', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

const common = {
  define: { __ATOM_REVIEW_COMMIT__: JSON.stringify(builtFrom()) },
  bundle: true,
  minify: false, // readable bundles for store review; the size is dominated by the .wasm
  legalComments: 'none',
  target: ['chrome120', 'firefox128'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  logLevel: 'warning',
  // The Emscripten glue probes import.meta.url; the engine host always passes locateFile.
  logOverride: { 'empty-import-meta': 'silent' },
  alias: { 'atom-engine-glue': join(wasmDir, 'atom_engine.mjs') },
  plugins: [builtInReposPlugin(join(root, 'core', 'packs'))],
};
await Promise.all([
  esbuild.build({ ...common, entryPoints: [join(sourceDir, 'background', 'main.js')],
                  format: 'esm', outfile: join(outDir, 'background.js') }),
  // Content scripts cannot be ES modules.
  esbuild.build({ ...common, entryPoints: [join(sourceDir, 'content', 'main.js')],
                  format: 'iife', outfile: join(outDir, 'content.js') }),
  esbuild.build({ ...common, entryPoints: [join(sourceDir, 'options', 'main.jsx')],
                  format: 'esm', outfile: join(outDir, 'options.js') }),
]);
copyFileSync(join(sourceDir, 'content', 'content.css'), join(outDir, 'content.css'));
copyFileSync(join(sourceDir, 'options', 'options.html'), join(outDir, 'options.html'));
copyFileSync(join(sourceDir, 'options', 'options.css'), join(outDir, 'options.css'));
copyFileSync(join(wasmDir, 'atom_engine.wasm'), join(outDir, 'wasm', 'atom_engine.wasm'));

const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// The unpacked folder carries both background keys (each browser uses its own); each store
// package carries only what its browser reads.
function chromeManifest() {
  const { browser_specific_settings: _gecko, ...rest } = manifest;
  const { scripts: _scripts, ...background } = manifest.background;
  return { ...rest, background };
}
function firefoxManifest() {
  const { service_worker: _worker, ...background } = manifest.background;
  return { ...manifest, background };
}

function listFiles(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
function writePackage(zipName, packageManifest) {
  const entries = listFiles(outDir).map((path) => {
    const name = relative(outDir, path).split(sep).join('/');
    const data = name === 'manifest.json'
      ? Buffer.from(`${JSON.stringify(packageManifest, null, 2)}\n`)
      : readFileSync(path);
    return { name, data };
  });
  writeFileSync(join(distDir, zipName), zipEntries(entries));
}
writePackage('atom-review-chrome.zip', chromeManifest());
writePackage('atom-review-firefox.zip', firefoxManifest());
console.log(`extension: ${relative(root, outDir)}/, dist/atom-review-chrome.zip, dist/atom-review-firefox.zip`);
