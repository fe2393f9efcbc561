// extension/background/engine-host.js with the shipped module: inputs are cut to the engine's
// limits before they are copied in, and after the module aborts (here: out of memory past its
// cap, from more head files than it can hold, or from a pack text larger than half of it) in a
// review, a pack check or anything else, the failure is reported and the next review on the same
// host runs on a new module. The host warms a new module up (engine-warm-up.js) until the first
// call reaches it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { loadEngine } from './support/engine.mjs';
import { SIMPLE_DIFF, encode } from './support/inputs.mjs';

register('./support/engine-glue-hook.mjs', import.meta.url);
const { createEngineHost, EngineFailure } = await import('../../extension/background/engine-host.js');
const { WARM_UP_STEPS, warmUpReviews } = await import('../../extension/background/engine-warm-up.js');

const META = { repo: 'ROCm/ATOM', number: 7, title: 'Tweak MoE' };

function countingHost(warmUpSteps = []) {
  const host = { instances: 0 };
  Object.assign(host, createEngineHost(() => { host.instances += 1; return loadEngine(); }, warmUpSteps));
  return host;
}

// A host whose module records the arguments of each review() it is given.
function recordingHost(warmUpSteps = []) {
  const host = { reviews: [], instances: 0 };
  Object.assign(host, createEngineHost(async () => {
    host.instances += 1;
    const engine = await loadEngine();
    const record = (...args) => { host.reviews.push(args); return engine.review(...args); };
    return Object.assign(Object.create(engine), { review: record });
  }, warmUpSteps));
  return host;
}

const nextTurns = (count) => Array.from({ length: count }).reduce(
  (previous) => previous.then(() => new Promise((resolve) => { setTimeout(resolve, 0); })), Promise.resolve());

async function until(condition) {
  for (let turn = 0; turn < 2000 && !condition(); turn += 1) await nextTurns(1);
  assert.ok(condition(), 'never came');
}

const isWarmUp = ([diffBytes]) => warmUpReviews().some((warmUp) => Buffer.from(warmUp.diffBytes).equals(Buffer.from(diffBytes)));

const isEngineFailure = (error) => {
  assert.ok(error instanceof EngineFailure, String(error));
  assert.match(error.message, /^The review engine failed \(.+\); it was restarted for the next review\.$/);
  return true;
};

test('a review after an abort runs on a new module and gives the same result', async () => {
  const host = countingHost();
  const before = await host.review(encode(SIMPLE_DIFF), META);
  assert.equal(host.instances, 1);

  // 200 head files of 2 MiB each (one buffer, many paths) need more than the module's 320 MiB.
  const twoMiB = new Uint8Array(2 << 20).fill(0x61);
  const tooMany = Array.from({ length: 200 }, (_, i) => ({ path: `atom/f${i}.py`, bytes: twoMiB }));
  await assert.rejects(host.review(encode(SIMPLE_DIFF), META, tooMany), isEngineFailure);

  const after = await host.review(encode(SIMPLE_DIFF), META);
  assert.equal(host.instances, 2);
  assert.equal(after, before);
});

test('a review after a pack check aborted runs on a new module and gives the same result', async () => {
  const host = countingHost();
  const before = await host.review(encode(SIMPLE_DIFF), META);

  // The text is copied into the module once by the binding and once more into the engine's string:
  // 170 MiB twice is more than the module's 320 MiB.
  await assert.rejects(host.validatePack('a'.repeat(170 << 20)), isEngineFailure);

  const after = await host.review(encode(SIMPLE_DIFF), META);
  assert.equal(host.instances, 2);
  assert.equal(after, before);
  assert.equal((await host.validatePack('{}')).ok, false);
  assert.equal(host.instances, 2);
});

test('a bad argument is refused without replacing the module', async () => {
  const host = countingHost();
  await assert.rejects(host.review(SIMPLE_DIFF, META), TypeError);
  JSON.parse(await host.review(encode(SIMPLE_DIFF), META));
  assert.equal(host.instances, 1);
});

test('a diff over the byte limit reaches the engine cut to one byte over, and the result says so', async () => {
  const host = countingHost();
  const limits = JSON.parse((await loadEngine()).inputLimits());
  const file = (i) => `diff --git a/f${i}.py b/f${i}.py\nnew file mode 100644\n--- /dev/null\n+++ b/f${i}.py\n@@ -0,0 +1,1 @@\n+x = ${'1'.repeat(4000)}\n`;
  const sections = Math.ceil((limits.maxDiffBytes * 1.5) / file(0).length);
  const diff = encode(Array.from({ length: sections }, (_, i) => file(i)).join(''));
  const result = JSON.parse(await host.review(diff, META));
  assert.deepEqual(result.skipped, [{ limit: 'diff-bytes', path: null, size: limits.maxDiffBytes + 1, max: limits.maxDiffBytes }]);
  assert.ok(result.files.length < sections && result.files.length > sections / 2, String(result.files.length));
  assert.match(result.draft, /✂️ Partial review: the diff is larger than 8 MiB/);
});

test('a head file over the byte limit reaches the engine cut to one byte over, and is reviewed from its hunks', async () => {
  const host = recordingHost();
  const limits = JSON.parse((await loadEngine()).inputLimits());
  const head = encode(`import torch\n${'#\n'.repeat(limits.maxHeadFileBytes)}`);
  const atLimit = new Uint8Array(limits.maxHeadFileBytes).fill(0x61);
  const result = JSON.parse(await host.review(encode(SIMPLE_DIFF), META, [
    { path: 'atom/model_ops/moe.py', bytes: head },
    { path: 'atom/other.py', bytes: atLimit },
  ]));
  const [[, , received]] = host.reviews;
  assert.deepEqual(received.map((file) => file.path), ['atom/model_ops/moe.py', 'atom/other.py']);
  assert.equal(received[0].bytes.length, limits.maxHeadFileBytes + 1);
  assert.deepEqual(received[0].bytes, head.subarray(0, limits.maxHeadFileBytes + 1));
  assert.equal(received[1].bytes, atLimit);
  assert.deepEqual(result.files.map((file) => [file.path, file.source, file.source_reason]), [['atom/model_ops/moe.py', 'hunks', 'too-large']]);
});

test('the host gives the rule catalogue as the engine lists it', async () => {
  const catalogueHost = createEngineHost(loadEngine);
  const engine = await loadEngine();
  assert.deepEqual(await catalogueHost.rules(), JSON.parse(engine.rules()));
});

test('each warm-up PR is reviewed from its whole files without an error', async () => {
  const engine = await loadEngine();
  const reviews = warmUpReviews();
  assert.deepEqual(reviews.map((review) => review.name), ['python', 'kernel']);
  for (const { name, diffBytes, metaJson, headFiles } of reviews) {
    const result = JSON.parse(engine.review(diffBytes, metaJson, headFiles));
    assert.deepEqual(result.errors, [], name);
    assert.deepEqual(result.files.map((file) => [file.path, file.source]), headFiles.map((file) => [file.path, 'whole']), name);
  }
});

test('prepare instantiates one module and warms it up; the review that follows runs on it', async () => {
  const host = recordingHost(WARM_UP_STEPS);
  host.prepare();
  host.prepare();
  await until(() => host.reviews.length === WARM_UP_STEPS.length);
  assert.ok(host.reviews.every(isWarmUp));
  const result = JSON.parse(await host.review(encode(SIMPLE_DIFF), META));
  assert.equal(result.files[0].path, 'atom/model_ops/moe.py');
  assert.equal(host.instances, 1);
  assert.equal(host.reviews.length, WARM_UP_STEPS.length + 1);
});

test('a review that reaches the module first ends its warm-up', async () => {
  const host = recordingHost(WARM_UP_STEPS);
  host.prepare();
  const before = await host.review(encode(SIMPLE_DIFF), META);
  await nextTurns(20);
  assert.equal(host.reviews.length, 1);
  assert.equal(isWarmUp(host.reviews[0]), false);
  assert.equal(await host.review(encode(SIMPLE_DIFF), META), before);
  assert.equal(host.instances, 1);
});

test('a warm-up step that fails drops the module: the next review runs on a new one', async () => {
  let stepRan = false;
  const host = countingHost([() => { stepRan = true; throw new Error('aborted while warming up'); }]);
  host.prepare();
  await until(() => stepRan);
  JSON.parse(await host.review(encode(SIMPLE_DIFF), META));
  assert.equal(host.instances, 2);
});

// A modified file, an added one, a deleted one, a binary one and a rename with changes.
const MIXED_DIFF = [
  'diff --git a/atom/changed.py b/atom/changed.py\n--- a/atom/changed.py\n+++ b/atom/changed.py\n@@ -1,2 +1,2 @@\n a = 1\n-b = 2\n+b = 3\n',
  'diff --git a/atom/new.py b/atom/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/atom/new.py\n@@ -0,0 +1 @@\n+c = 1\n',
  'diff --git a/atom/gone.py b/atom/gone.py\ndeleted file mode 100644\n--- a/atom/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-d = 1\n',
  'diff --git a/img/logo.png b/img/logo.png\nBinary files a/img/logo.png and b/img/logo.png differ\n',
  'diff --git a/atom/old_name.py b/atom/new_name.py\nsimilarity index 90%\nrename from atom/old_name.py\nrename to atom/new_name.py\n'
    + '--- a/atom/old_name.py\n+++ b/atom/new_name.py\n@@ -1 +1 @@\n-e = 1\n+e = 2\n',
].join('');

test('the engine names the files whose head version its review reads, and only those', async () => {
  const host = countingHost();
  assert.deepEqual(await host.headPathsToRead(encode(MIXED_DIFF)), ['atom/changed.py', 'atom/new_name.py']);
  await assert.rejects(host.headPathsToRead(MIXED_DIFF), TypeError);
  // Reviewed with those two files, every text file is whole: the added and deleted ones from the diff.
  const head = [{ path: 'atom/changed.py', bytes: encode('a = 1\nb = 3\n') }, { path: 'atom/new_name.py', bytes: encode('e = 2\n') }];
  const result = JSON.parse(await host.review(encode(MIXED_DIFF), META, head));
  assert.deepEqual(result.files.map((file) => [file.path, file.source]), [
    ['atom/changed.py', 'whole'], ['atom/new.py', 'whole'], ['atom/gone.py', 'whole'], ['img/logo.png', 'hunks'], ['atom/new_name.py', 'whole']]);
  assert.equal(host.instances, 1);
});

test('asking which files to read does not end the warm-up; a review does', async () => {
  const host = recordingHost(WARM_UP_STEPS);
  host.prepare();
  assert.deepEqual(await host.headPathsToRead(encode(MIXED_DIFF)), ['atom/changed.py', 'atom/new_name.py']);
  await until(() => host.reviews.length === WARM_UP_STEPS.length);
  assert.ok(host.reviews.every(isWarmUp));
});
