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
// Each open repository holds its index in the engine's memory (capped at 320 MiB): a few at most.
export const MAX_OPEN_REPOSITORIES = 2;

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
export function createEngineHost(instantiate, warmUpSteps = [], { maxOpenRepositories = MAX_OPEN_REPOSITORIES } = {}) {
  let enginePromise = null;
  let warmingUp = null; // the module promise being warmed up, until a review reaches its module
  // The repositories opened in the module that has them (a new module has none): snapshot key ->
  // {id, about}, least recently used first.
  let opened = { module: null, byKey: new Map() };

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

  function review(diffBytes, meta, headFiles = null, repositoryKey = null) {
    return onEngine((module) => {
      const limits = JSON.parse(module.inputLimits());
      const files = headFiles?.map((file) => ({ path: file.path, bytes: atMost(file.bytes, limits.maxHeadFileBytes) })) ?? null;
      const args = [atMost(diffBytes, limits.maxDiffBytes), JSON.stringify(meta), files];
      if (repositoryKey === null) return module.review(...args);
      const repository = openedIn(module).get(repositoryKey);
      if (!repository) throw new TypeError(`the repository ${repositoryKey} is not open in the engine`);
      return module.review(...args, repository.id);
    }, { endsWarmUp: true });
  }

  function openedIn(module) {
    if (opened.module !== module) opened = { module, byKey: new Map() };
    return opened.byKey;
  }

  /**
   * The repository `key` (a snapshot key) opened in the engine, indexing it from `files()` ([{path,
   * bytes}], asked for only then) unless this engine has it open; resolves to what `about` was when it
   * was opened. Past `maxOpenRepositories` the least recently used is closed (each holds the
   * engine's memory).
   */
  function openRepository(key, files, about = null) {
    return onEngine((module) => {
      const byKey = openedIn(module);
      const kept = byKey.get(key);
      if (kept) {
        byKey.delete(key);
        byKey.set(key, kept);
        return { opened: false, about: kept.about };
      }
      byKey.set(key, { id: module.openRepository(files()), about });
      for (const [oldKey, { id }] of byKey) {
        if (byKey.size <= maxOpenRepositories) break;
        byKey.delete(oldKey);
        module.closeRepository(id);
      }
      return { opened: true, about };
    });
  }

  /** Whether this engine has the repository `key` open (false before the engine is there). */
  const isRepositoryOpen = (key) => opened.module !== null && enginePromise !== null && opened.byKey.has(key);

  /** Closes the repositories whose key `drop(key)` is true (e.g. the snapshots no longer kept). */
  function closeRepositories(drop) {
    const { module, byKey } = opened;
    for (const [key, { id }] of byKey) {
      if (!drop(key)) continue;
      byKey.delete(key);
      try {
        module.closeRepository(id);
      } catch {
        // A module that failed is dropped on its next call; its repositories went with it.
      }
    }
  }

  const openRepositoryKeys = () => [...opened.byKey.keys()];

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

  return {
    prepare, review, headPathsToRead, validatePack, rules, openRepository, isRepositoryOpen, closeRepositories, openRepositoryKeys,
  };
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
 * Reviews diff bytes, with the touched files at the head ([{path, bytes}]) when given, and checked
 * against the repository `repositoryKey` when given (opened by engineHost.openRepository); resolves
 * to the result JSON text exactly as the engine produced it, or rejects with an EngineFailure.
 */
export function reviewDiff(diffBytes, meta, headFiles = null, repositoryKey = null) {
  return host.review(diffBytes, meta, headFiles, repositoryKey);
}

/** The engine host itself, for the repository reviews (repository-review.js). */
export const engineHost = host;

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
