// The labelled PRs outside the corpus (../shared/labeled/{checklist,szz}) that labels may name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labelledHead, labelledPrs } from '../../scripts/lib/precision/labelled_prs.mjs';

function sharedWith(files) {
  const shared = mkdtempSync(join(tmpdir(), 'labelled-prs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(shared, path, '..'), { recursive: true });
    writeFileSync(join(shared, path), typeof text === 'string' ? text : JSON.stringify(text));
  }
  return shared;
}

test('checklist PRs by their squash sha, SZZ PRs by the introducing and the fixing sha, each with its meta', () => {
  const shared = sharedWith({
    'labeled/checklist/ATOM-12/meta.json': { repo: 'ATOM', number: 12, sha: '0123456789abcdef', title: 'T', body: 'B', findings: [] },
    'labeled/checklist/ATOM-12/pr.diff': 'diff',
    'labeled/szz/aiter-7/meta.json': { repo: 'ROCm/aiter', intro_number: '7', intro_sha: 'fedcba98765432', intro_title: 'I', intro_body: '',
      fix_number: 9, fix_sha: '1111111111aa', fix_title: 'F', fix_body: 'why' },
    'labeled/szz/aiter-7/intro.diff': 'diff',
    'labeled/szz/aiter-7/fix.diff': 'diff',
  });
  try {
    const prs = labelledPrs(shared);
    assert.deepEqual(prs.map(({ repo, commit, set, name }) => ({ repo, commit, set, name })), [
      { repo: 'ROCm/ATOM', commit: '0123456789', set: 'checklist', name: 'ATOM-12' },
      { repo: 'ROCm/aiter', commit: 'fedcba9876', set: 'szz', name: 'aiter-7' },
      { repo: 'ROCm/aiter', commit: '1111111111', set: 'szz', name: 'aiter-7' },
    ]);
    assert.deepEqual(prs[0].meta, { repo: 'ROCm/ATOM', title: 'T', body: 'B', number: 12 });
    assert.deepEqual(prs[1].meta, { repo: 'ROCm/aiter', title: 'I', body: '', number: 7 });
    assert.equal(prs[1].diff, join(shared, 'labeled/szz/aiter-7/intro.diff'));
    assert.deepEqual(prs[2].meta, { repo: 'ROCm/aiter', title: 'F', body: 'why', number: 9 });
    assert.equal(prs[2].diff, join(shared, 'labeled/szz/aiter-7/fix.diff'));
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
});

test('a case that is also a corpus diff, or lacks its diff or a sha, is left out', () => {
  const shared = sharedWith({
    'corpus/atom/aaaaaaaaaa.diff': 'diff',
    'labeled/szz/ATOM-1/meta.json': { repo: 'ROCm/ATOM', intro_sha: 'aaaaaaaaaabbbb' },
    'labeled/szz/ATOM-1/intro.diff': 'diff',
    'labeled/szz/ATOM-2/meta.json': { repo: 'ROCm/ATOM', intro_sha: 'cccccccccccc' },
    'labeled/checklist/ATOM-3/meta.json': { repo: 'ATOM', title: 'no sha' },
    'labeled/checklist/ATOM-3/pr.diff': 'diff',
  });
  try {
    assert.deepEqual(labelledPrs(shared), []);
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
});

test('no labeled folder: no PRs', () => {
  const shared = sharedWith({});
  try {
    assert.deepEqual(labelledPrs(shared), []);
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
});

test('a labelled PR has head files when the corpus trees hold its case and diff stem', () => {
  const shared = sharedWith({
    'labeled/szz/aiter-7/meta.json': { repo: 'ROCm/aiter', intro_sha: 'fedcba98765432', fix_sha: '1111111111aa' },
    'labeled/szz/aiter-7/intro.diff': 'diff',
    'labeled/szz/aiter-7/fix.diff': 'diff',
    'trees/labelled/szz/aiter-7/fix/head/aiter/ops.py': 'x = 1\n',
  });
  try {
    const [intro, fix] = labelledPrs(shared);
    assert.equal(intro.stem, 'intro');
    assert.equal(labelledHead(join(shared, 'trees'), intro), null);
    assert.equal(labelledHead(join(shared, 'trees'), fix), join(shared, 'trees/labelled/szz/aiter-7/fix/head'));
    assert.equal(labelledHead(null, fix), null);
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
});

test('a field PR (scripts/import-labels) is named by its head commit and brings its GitHub labels and its own head files', () => {
  const shared = sharedWith({
    'labeled/field/ROCm-ATOM-42-abcdef0123/meta.json': { repo: 'ROCm/ATOM', number: 42, sha: 'abcdef0123456789abcdef0123456789abcdef01',
      title: 'T', body: 'B', labels: ['MI308'], head_sha: 'abcdef0123456789abcdef0123456789abcdef01', base_ref: 'main' },
    'labeled/field/ROCm-ATOM-42-abcdef0123/pr.diff': 'diff',
    'labeled/field/ROCm-ATOM-42-abcdef0123/head/atom/a.py': 'x = 1\n',
    'labeled/field/ROCm-ATOM-43-1234567890/meta.json': { repo: 'ROCm/ATOM', number: 43, sha: '1234567890123456789012345678901234567890' },
    'labeled/field/ROCm-ATOM-43-1234567890/pr.diff': 'diff',
  });
  try {
    const [withHead, hunksOnly] = labelledPrs(shared);
    assert.deepEqual([withHead.set, withHead.commit, withHead.name], ['field', 'abcdef0123', 'ROCm-ATOM-42-abcdef0123']);
    assert.deepEqual(withHead.meta, { repo: 'ROCm/ATOM', title: 'T', body: 'B', number: 42, labels: ['MI308'],
      head_sha: 'abcdef0123456789abcdef0123456789abcdef01', base_ref: 'main' });
    assert.equal(labelledHead(null, withHead), join(shared, 'labeled/field/ROCm-ATOM-42-abcdef0123/head'));
    assert.equal(labelledHead(null, hunksOnly), null, 'no head folder: hunks only');
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
});
