// Loads the SHIPPED web build (build/wasm/atom_engine.mjs) in Node. The bytes are handed over as
// wasmBinary: Emscripten 3.1.6's web glue would otherwise call Node's global fetch() on a file path.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const wasmDir = path.join(repoRoot, 'build/wasm');
export const cliPath = path.join(repoRoot, 'build/native/atom-review');
export const sharedDir = process.env.ATOM_SHARED_DIR ?? path.resolve(repoRoot, '../shared');

export async function loadEngine() {
  const { default: createAtomEngine } = await import(pathToFileURL(path.join(wasmDir, 'atom_engine.mjs')).href);
  return createAtomEngine({ wasmBinary: readFileSync(path.join(wasmDir, 'atom_engine.wasm')) });
}
