// Hosts the WebAssembly review engine. The module is instantiated once per background lifetime
// (the service worker may be stopped when idle and will then instantiate it again on wake).
// `atom-engine-glue` is the Emscripten ES module (build/wasm/atom_engine.mjs), bundled in by build.mjs.
import createAtomEngine from 'atom-engine-glue';

let enginePromise = null;

function loadEngine() {
  if (!enginePromise) {
    enginePromise = createAtomEngine({
      // The glue cannot locate its .wasm from a bundled service worker; the build copies it here.
      locateFile: (file) => chrome.runtime.getURL(`wasm/${file}`),
    });
    enginePromise.catch(() => { enginePromise = null; });
  }
  return enginePromise;
}

/**
 * Reviews diff bytes, with the touched files at the head ([{path, bytes}]) when given; resolves
 * to the result JSON text exactly as the engine produced it.
 */
export async function reviewDiff(diffBytes, meta, headFiles = null) {
  const engine = await loadEngine();
  return engine.review(diffBytes, JSON.stringify(meta), headFiles);
}
