// Hosts the WebAssembly review engine. The module is instantiated on the first call or when the
// engine is asked to get ready (prepareEngine), then warmed up (engine-warm-up.js), and kept (the
// service worker may be stopped when idle and will then instantiate it again on wake).
// A module that failed is never used again: after an abort (out of memory past its cap, a failed
// check) its memory can no longer be trusted (what it was building is lost, a later call may fail),
// so the next call of any kind (review, pack check, catalogue) builds a new instance.
// `atom-engine-glue` is the Emscripten ES module (build/wasm/atom_engine.mjs), bundled in by build.mjs.
import createAtomEngine from 'atom-engine-glue';
import { WARM_UP_STEPS } from './engine-warm-up.js';

/** The error a call rejects with when the engine itself failed; the next call uses a new engine. */
export class EngineFailure extends Error {
  constructor(cause) {
    super(`The review engine failed (${String(cause?.message ?? cause).slice(0, 200)}); it was restarted for the next review.`);
    this.name = 'EngineFailure';
    this.cause = cause;
  }
}

// The engine reads at most `max` bytes and says so in its result when the input is larger
// (`skipped`); one byte more than that tells it so without copying a huge input into its memory.
const atMost = (bytes, max) => (bytes.length > max + 1 ? bytes.subarray(0, max + 1) : bytes);

/**
 * → {prepare(), review(diffBytes, meta, headFiles?), headPathsToRead(diffBytes), validatePack(packJson),
 * rules()}. review resolves to the result JSON text exactly as the engine produced it; every call
 * but prepare rejects with an EngineFailure when the engine failed. `instantiate()` → Promise of a
 * module; it is called again after any failure. `warmUpSteps`: functions of the module run after it
 * is instantiated, each on its own turn, until the first review reaches the module (what that
 * review compiles needs no warming, and it waits for one step at most; the other calls compile
 * little). A step that throws drops the module.
 */
export function createEngineHost(instantiate, warmUpSteps = []) {
  let enginePromise = null;
  let warmingUp = null; // the module promise being warmed up, until a review reaches its module

  function engine() {
    if (!enginePromise) {
      const current = Promise.resolve().then(instantiate);
      enginePromise = current;
      warmingUp = current;
      current.then((module) => warmUp(current, module), () => { if (enginePromise === current) enginePromise = null; });
    }
    return enginePromise;
  }

  async function warmUp(current, module) {
    for (const step of warmUpSteps) {
      await new Promise((resolve) => { setTimeout(resolve, 0); });
      if (warmingUp !== current || enginePromise !== current) return;
      try {
        step(module);
      } catch {
        if (enginePromise === current) enginePromise = null;
        return;
      }
    }
  }

  /** Starts instantiating and warming up the module unless it is already there; never rejects. */
  function prepare() {
    engine().catch(() => {});
  }

  // Every call into the module goes through here: after any failure but a TypeError (the binding
  // refusing the arguments' shape: the module is fine) the module is dropped, so the next call
  // (a review, a pack check or the catalogue) builds a new one, and the caller gets an EngineFailure.
  async function onEngine(use, { endsWarmUp = false } = {}) {
    const current = engine();
    const module = await current;
    if (endsWarmUp && warmingUp === current) warmingUp = null;
    try {
      return use(module);
    } catch (error) {
      if (error instanceof TypeError) throw error;
      if (enginePromise === current) enginePromise = null;
      throw new EngineFailure(error);
    }
  }

  function review(diffBytes, meta, headFiles = null) {
    return onEngine((module) => {
      const limits = JSON.parse(module.inputLimits());
      const files = headFiles?.map((file) => ({ path: file.path, bytes: atMost(file.bytes, limits.maxHeadFileBytes) })) ?? null;
      return module.review(atMost(diffBytes, limits.maxDiffBytes), JSON.stringify(meta), files);
    }, { endsWarmUp: true });
  }

  /** → the paths whose head version the review of the diff reads (a host downloads those). */
  function headPathsToRead(diffBytes) {
    return onEngine((module) => {
      const limits = JSON.parse(module.inputLimits());
      return JSON.parse(module.headPathsToRead(atMost(diffBytes, limits.maxDiffBytes)));
    });
  }

  /** → {ok, errors: [{path, message}]}, the engine's own check of a pack (core/packs/README.md). */
  function validatePack(packJson) {
    return onEngine((module) => JSON.parse(module.validatePack(packJson)));
  }

  /** → the rule catalogue: [{id, summary, status, precision, labels, …}] (atom-review rules --format json). */
  function rules() {
    return onEngine((module) => JSON.parse(module.rules()));
  }

  return { prepare, review, headPathsToRead, validatePack, rules };
}

const host = createEngineHost(() => createAtomEngine({
  // The glue cannot locate its .wasm from a bundled service worker; the build copies it here.
  locateFile: (file) => chrome.runtime.getURL(`wasm/${file}`),
}), WARM_UP_STEPS);

/** Gets the engine ready for a review soon to come (instantiated, then warmed up), unless it is. */
export function prepareEngine() {
  host.prepare();
}

/**
 * Reviews diff bytes, with the touched files at the head ([{path, bytes}]) when given; resolves
 * to the result JSON text exactly as the engine produced it, or rejects with an EngineFailure.
 */
export function reviewDiff(diffBytes, meta, headFiles = null) {
  return host.review(diffBytes, meta, headFiles);
}

/** The paths whose head version the review of these diff bytes reads; rejects with an EngineFailure. */
export function headPathsToRead(diffBytes) {
  return host.headPathsToRead(diffBytes);
}

/** The engine's check of a pack's JSON text: resolves to {ok, errors: [{path, message}]}, or rejects with an EngineFailure. */
export function validatePack(packJson) {
  return host.validatePack(packJson);
}

/** The engine's rule catalogue: resolves to [{id, summary, status, precision, labels, …}], or rejects with an EngineFailure. */
export function ruleCatalogue() {
  return host.rules();
}
