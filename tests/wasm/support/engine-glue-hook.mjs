// A module resolve hook for Node: `atom-engine-glue` (the bare name esbuild maps to the Emscripten
// glue when it bundles the extension) resolves to the shipped build/wasm/atom_engine.mjs, so the
// tests import extension/background/engine-host.js itself.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const glue = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../build/wasm/atom_engine.mjs');

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'atom-engine-glue') return { url: pathToFileURL(glue).href, shortCircuit: true };
  return nextResolve(specifier, context);
}
