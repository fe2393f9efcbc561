// shared/scope.js and pack-repos.mjs: which repositories are in scope.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { builtInRepos } from '../../extension/pack-repos.mjs';
import { inScope, normalizeRepoPattern, parseRepoPattern, scopePatterns } from '../../extension/shared/scope.js';

const root = join(import.meta.dirname, '..', '..');

test('OWNER/REPO and OWNER/* patterns', () => {
  assert.deepEqual(parseRepoPattern('ROCm/ATOM'), { owner: 'ROCm', repo: 'ATOM' });
  assert.deepEqual(parseRepoPattern(' octo/* '), { owner: 'octo', repo: '*' });
  for (const bad of ['ROCm', '*/*', 'ROCm/AT*M', 'a/b/c', '../x', 'a/..', 'a b/c', null, 7]) assert.equal(parseRepoPattern(bad), null, String(bad));
  assert.equal(normalizeRepoPattern('  octo/demo'), 'octo/demo');
});

test('in scope: exact repositories and owner wildcards, case-insensitively; nothing else', () => {
  const patterns = ['ROCm/ATOM', 'octo/*'];
  assert.equal(inScope({ owner: 'ROCm', repo: 'ATOM' }, patterns), true);
  assert.equal(inScope({ owner: 'rocm', repo: 'atom' }, patterns), true);
  assert.equal(inScope({ owner: 'octo', repo: 'anything' }, patterns), true);
  assert.equal(inScope({ owner: 'ROCm', repo: 'aiter-fork' }, patterns), false);
  assert.equal(inScope({ owner: 'ROCm', repo: 'ATOMS' }, patterns), false);
  assert.equal(inScope({ owner: 'octopus', repo: 'x' }, patterns), false);
  assert.equal(inScope({ owner: 'ROCm', repo: '*' }, patterns), false, 'a request never names a wildcard');
  assert.equal(inScope({ owner: undefined, repo: 'ATOM' }, patterns), false);
  assert.equal(inScope({ owner: 'ROCm', repo: 'ATOM' }, []), false);
});

test('HOST/OWNER/REPO holds on that Enterprise host alone; OWNER/REPO on every host', () => {
  assert.deepEqual(parseRepoPattern('GHE.example.com/acme/*'), { host: 'ghe.example.com', owner: 'acme', repo: '*' });
  assert.equal(normalizeRepoPattern(' GHE.example.com/acme/widgets '), 'ghe.example.com/acme/widgets');
  for (const bad of ['github.com/ROCm/ATOM', 'localhost/a/b', '10.0.0.1/a/b', 'ghe.example.com/a/b/c', 'ghe.example.com//b']) {
    assert.equal(parseRepoPattern(bad), null, bad);
  }
  const patterns = ['ghe.example.com/acme/*', 'ROCm/ATOM'];
  assert.equal(inScope({ host: 'ghe.example.com', owner: 'acme', repo: 'widgets' }, patterns), true);
  assert.equal(inScope({ owner: 'acme', repo: 'widgets' }, patterns), false, 'github.com is not ghe.example.com');
  assert.equal(inScope({ host: 'git.other.example', owner: 'acme', repo: 'widgets' }, patterns), false);
  assert.equal(inScope({ host: 'ghe.example.com', owner: 'ROCm', repo: 'ATOM' }, patterns), true);
  assert.equal(inScope({ host: 'github.com', owner: 'ROCm', repo: 'ATOM' }, patterns), true);
});

test('the scope is the built-in packs\' repositories, the user\'s, then those of the user\'s enabled packs', () => {
  assert.deepEqual(scopePatterns(['ROCm/ATOM'], { repos: ['octo/*'] }), ['ROCm/ATOM', 'octo/*']);
  const packs = { userPacks: [{ name: 'on', enabled: true, pack: { repos: ['me/one', 'ROCm/*'] } },
    { name: 'off', enabled: false, pack: { repos: ['me/two'] } }] };
  assert.deepEqual(scopePatterns(['ROCm/ATOM'], { repos: ['octo/*'] }, packs), ['ROCm/ATOM', 'octo/*', 'me/one', 'ROCm/*']);
});

test('a pack\'s repositories may glob either part', () => {
  const patterns = ['ROC*/at*', '*/demo'];
  assert.equal(inScope({ owner: 'ROCm', repo: 'aTom' }, patterns), true);
  assert.equal(inScope({ owner: 'anyone', repo: 'demo' }, patterns), true);
  assert.equal(inScope({ owner: 'ROCm', repo: 'aiter' }, patterns), false);
  assert.equal(inScope({ owner: 'anyone', repo: 'demos' }, patterns), false);
  assert.equal(inScope({ owner: 'a', repo: 'b' }, ['a.b/c', 'a/(b)']), false, 'only * is special');
});

test('built-in repositories are read from every pack in core/packs', () => {
  const expected = readdirSync(join(root, 'core', 'packs')).filter((name) => name.endsWith('.json') && name !== 'pack.schema.json')
    .flatMap((name) => JSON.parse(readFileSync(join(root, 'core', 'packs', name), 'utf8')).repos);
  assert.ok(expected.length > 0);
  assert.deepEqual(builtInRepos(join(root, 'core', 'packs')), [...new Set(expected)]);
  for (const repo of expected) assert.notEqual(parseRepoPattern(repo), null, `${repo} is a valid pattern`);

  const dir = mkdtempSync(join(tmpdir(), 'packs-'));
  writeFileSync(join(dir, 'a.json'), JSON.stringify({ name: 'A', repos: ['o/a', 'o/shared'] }));
  writeFileSync(join(dir, 'b.json'), JSON.stringify({ name: 'B', repos: ['o/shared', 'o/b'] }));
  writeFileSync(join(dir, 'README.md'), '# not a pack');
  writeFileSync(join(dir, 'pack.schema.json'), JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema' }));
  assert.deepEqual(builtInRepos(dir), ['o/a', 'o/shared', 'o/b']);
  writeFileSync(join(dir, 'c.json'), JSON.stringify({ name: 'C' }));
  assert.throws(() => builtInRepos(dir), /must be a list/);
});

// Issue #42: a pack naming every owner (`*/*`) would have list badges download every row's diff.
test('a stored pack\'s pattern whose owner is only stars stays out of the scope', () => {
  const packs = { userPacks: [{ name: 'wide', enabled: true, pack: { repos: ['*/*', '**/demo', ' */x', 'me/one', 'ROC*/*'] } }] };
  assert.deepEqual(scopePatterns([], { repos: [] }, packs), ['me/one', 'ROC*/*']);
  assert.equal(inScope({ owner: 'anyone', repo: 'anything' }, scopePatterns([], { repos: [] }, packs)), false);
});
