// options/pack-export.js: an exported pack carries the user's overrides in its rules, stays valid
// (the committed JSON Schema and the engine's validatePack), and, imported elsewhere with no
// overrides, reviews as the pack with the overrides does here. The engine checks skip when the
// WebAssembly build is absent (ATOM_WASM_DIR, else build/wasm).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { builtInPacks as readBuiltInPacks } from '../../extension/pack-repos.mjs';
import { exportFileName, exportFileText, exportedPack } from '../../extension/options/pack-export.js';
import { reviewPack } from '../../extension/shared/pack-choice.js';
import { packsFromStorage, userPackId } from '../../extension/shared/pack-store.js';

const ROOT = join(import.meta.dirname, '..', '..');
const PACKS_DIR = join(ROOT, 'core', 'packs');
const WASM_DIR = process.env.ATOM_WASM_DIR ? resolve(process.env.ATOM_WASM_DIR) : join(ROOT, 'build', 'wasm');
const engineMissing = !existsSync(join(WASM_DIR, 'atom_engine.wasm')) && `no WebAssembly engine in ${WASM_DIR}`;

const BUILT_IN = readBuiltInPacks(PACKS_DIR);
const ATOM = BUILT_IN.find(({ id }) => id === 'built-in:atom');
const REPO = { owner: 'ROCm', repo: 'ATOM' };
const MINE = {
  name: 'mine', version: '3', repos: ['ROCm/ATOM'], rules: { B2: { severity: 'warn' } },
  custom_rules: [
    { id: 'X-sync', pattern: 'torch\\.cuda\\.synchronize\\(\\)', severity: 'warn', problem: '{match} added', impact: 'i', action: 'a' },
    { id: 'X-todo', pattern: 'TODO', severity: 'note', problem: 'a TODO', impact: 'i', action: 'a' },
  ],
};
const ATOM_OVERRIDES = { HK4: 'off', D1: 'warn' };
const MINE_OVERRIDES = { 'X-sync': 'note', 'X-todo': 'off', B2: 'off' };
const packsState = (userPacks, ruleOverrides = {}, packChoices = {}) => ({ ...packsFromStorage({}), userPacks, ruleOverrides, packChoices });
const here = packsState([{ name: 'mine', enabled: true, pack: MINE }],
  { [ATOM.id]: ATOM_OVERRIDES, [userPackId('mine')]: MINE_OVERRIDES });

const validateWithSchema = new Ajv2020({ strict: false, allErrors: true })
  .compile(JSON.parse(readFileSync(join(PACKS_DIR, 'pack.schema.json'), 'utf8')));

async function loadEngine() {
  const { default: createAtomEngine } = await import(pathToFileURL(join(WASM_DIR, 'atom_engine.mjs')).href);
  return createAtomEngine({ wasmBinary: readFileSync(join(WASM_DIR, 'atom_engine.wasm')) });
}

test('the export of a built-in pack carries the overrides in its rules; the built-in pack itself is unchanged', () => {
  const exported = exportedPack(ATOM, here);
  assert.deepEqual(exported.rules, { HK4: { enabled: false }, D1: { severity: 'warn' } });
  assert.deepEqual({ ...exported, rules: undefined }, { ...ATOM.pack, rules: undefined }, 'everything else as built in');
  assert.equal(ATOM.pack.rules, undefined);
  assert.deepEqual(exportedPack(ATOM, packsState([])), ATOM.pack, 'no override, the pack as it is');
});

test('the export of an imported pack: its custom rules overridden (off removes one) and its built-in rule settings', () => {
  const exported = exportedPack({ id: userPackId('mine'), pack: MINE }, here);
  assert.deepEqual(exported.custom_rules.map(({ id, severity }) => `${id} ${severity}`), ['X-sync note']);
  assert.deepEqual(exported.rules, { B2: { enabled: false } });
  assert.equal(exported.version, '3');
});

test('the exported file is the pack as JSON, named after it', () => {
  const exported = exportedPack(ATOM, here);
  assert.deepEqual(JSON.parse(exportFileText(exported)), exported);
  assert.equal(exportFileName('e2e pack: v2/x'), 'e2e-pack-v2-x.json');
});

test('every export is valid against the committed JSON Schema', () => {
  for (const entry of [ATOM, { id: userPackId('mine'), pack: MINE }]) {
    assert.ok(validateWithSchema(exportedPack(entry, here)), JSON.stringify(validateWithSchema.errors));
  }
});

test('every export passes the engine\'s validatePack, and imported elsewhere it reviews as it does here', { skip: engineMissing }, async () => {
  const engine = await loadEngine();
  const diff = new Uint8Array(readFileSync(join(ROOT, 'tests', 'e2e', 'fixtures', 'atom-demo.diff')));
  const review = (pack) => JSON.parse(engine.review(diff, JSON.stringify({ repo: 'ROCm/ATOM', number: 1, ...(pack && { pack }) })));
  const rules = (result) => result.findings.map((finding) => `${finding.rule} ${finding.severity}`).sort();
  for (const entry of [ATOM, { id: userPackId('mine'), pack: MINE }]) {
    const exported = exportedPack(entry, here);
    assert.deepEqual(JSON.parse(engine.validatePack(exportFileText(exported))), { ok: true, errors: [] });
    // Here: this pack chosen, with its overrides. Elsewhere: the export imported and chosen, no overrides.
    const chosenHere = { ...here, packChoices: { 'rocm/atom': entry.id } };
    const elsewhere = packsState([{ name: 'exported', enabled: true, pack: exported }], {}, { 'rocm/atom': userPackId('exported') });
    const resultHere = review(reviewPack(BUILT_IN, chosenHere, REPO));
    assert.deepEqual(rules(review(reviewPack(BUILT_IN, elsewhere, REPO))), rules(resultHere));
    assert.notDeepEqual(rules(review(entry.pack)), rules(resultHere), 'the overrides change what the demo diff gets');
  }
});
