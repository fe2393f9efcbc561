// The DOM-free parts of reading a pull request's diff off its files page: rows → hunks → a
// git-style diff, the completeness check, the view and the head commit.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { incompleteReason } from '../../extension/content/page-diff/completeness.js';
import { fileSummariesFromEmbeddedData, shasFromEmbeddedData } from '../../extension/content/page-diff/embedded-data.js';
import { shasFromAddresses } from '../../extension/content/page-diff/head.js';
import { hunksFromRows, parseHunkHeader } from '../../extension/content/page-diff/hunks.js';
import { settlePageFile } from '../../extension/content/page-diff/page-file.js';
import { statsFromLabel } from '../../extension/content/page-diff/stats.js';
import { viewOfAddress, viewReason } from '../../extension/content/page-diff/view.js';
import { writeUnifiedDiff } from '../../extension/content/page-diff/write-diff.js';
import { pageShowable, shownFiles, withoutUnshownHeaders } from './support/page-rows.mjs';

const REPO = join(import.meta.dirname, '..', '..');
const SHARED = join(REPO, '..', 'shared');
const HEAD = '9981d1a99ef8fff1f569c2ae24b136d5a0275132';
const BASE = '8c802922609af8721bae6f954a58f1b804e7d765';

const rebuild = (diffText, view) => writeUnifiedDiff(shownFiles(diffText, view).map(settlePageFile));

describe('rebuilding the diff from the rows a page shows', () => {
  for (const name of ['tests/fixtures/demo/demo-pr.diff', 'tests/e2e/fixtures/atom-demo.diff']) {
    for (const view of ['unified', 'split']) {
      test(`${name}, ${view} view: the same diff less the headers a page does not show`, () => {
        const original = readFileSync(join(REPO, name), 'utf8');
        assert.equal(rebuild(original, view), withoutUnshownHeaders(original));
      });
    }
  }

  test('every page-showable ATOM corpus diff rebuilds to the same diff, unified and split', { skip: !existsSync(SHARED) && 'no ../shared' }, () => {
    const dir = join(SHARED, 'corpus', 'atom');
    let checked = 0;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.diff')).sort()) {
      const original = readFileSync(join(dir, name), 'utf8');
      if (!pageShowable(original)) continue;
      for (const view of ['unified', 'split']) assert.equal(rebuild(original, view), withoutUnshownHeaders(original), `${name} (${view})`);
      checked += 1;
    }
    assert.ok(checked > 100, `checked ${checked} diffs`);
  });

  test('added, deleted and renamed files get git\'s headers', () => {
    const diff = [
      'diff --git a/new.py b/new.py', 'new file mode 100644', '--- /dev/null', '+++ b/new.py', '@@ -0,0 +1,2 @@', '+a', '+b',
      'diff --git a/old.py b/old.py', 'deleted file mode 100644', '--- a/old.py', '+++ /dev/null', '@@ -1 +0,0 @@', '-gone',
      'diff --git a/x/a.py b/y/a.py', 'similarity index 90%', 'rename from x/a.py', 'rename to y/a.py', '--- a/x/a.py', '+++ b/y/a.py',
      '@@ -3,2 +3,2 @@ def f():', ' keep', '-\told  ', '+\tnew  ', '',
    ].join('\n');
    const files = shownFiles(diff).map(settlePageFile);
    assert.deepEqual(files.map((f) => f.status), ['added', 'deleted', 'renamed']);
    assert.equal(writeUnifiedDiff(files), withoutUnshownHeaders(diff));
  });

  test('a once-empty file gaining lines reads as a new file: the page draws both alike', () => {
    const diff = 'diff --git a/pkg/__init__.py b/pkg/__init__.py\n--- a/pkg/__init__.py\n+++ b/pkg/__init__.py\n@@ -0,0 +1 @@\n+x = 1\n';
    assert.equal(settlePageFile(shownFiles(diff)[0]).status, 'added');
  });

  test('paths git would quote are quoted', () => {
    const text = writeUnifiedDiff([{ path: 'a "b"\\c', oldPath: null, status: 'modified',
      hunks: [{ oldStart: 1, newStart: 1, section: '', lines: [{ kind: 'addition', text: 'x' }] }] }]);
    assert.match(text, /^diff --git "a\/a \\"b\\"\\\\c" "b\/a \\"b\\"\\\\c"$/m);
  });
});

describe('hunks from rows', () => {
  test('a hunk header is read with or without counts, keeping its section text', () => {
    assert.deepEqual(parseHunkHeader('@@ -5 +6,2 @@ int main()'), { oldStart: 5, oldCount: 1, newStart: 6, newCount: 2, section: 'int main()' });
    assert.equal(parseHunkHeader('@@ nonsense'), null);
  });

  test('starts and counts come from the rows; a side with no lines keeps the header\'s start', () => {
    const { hunks, problem } = hunksFromRows([
      { type: 'hunk', header: '@@ -9,9 +9,9 @@' }, // expanded since: the rows say otherwise
      { type: 'line', kind: 'addition', oldLine: null, newLine: 12, text: 'new' },
      { type: 'line', kind: 'context', oldLine: 11, newLine: 13, text: 'same\n' },
      { type: 'hunk', header: '   ' }, // a bare expander row
    ]);
    assert.equal(problem, null);
    assert.deepEqual(hunks, [{ oldStart: 11, newStart: 12, section: '', lines: [
      { kind: 'addition', text: 'new' }, { kind: 'context', text: 'same' }] }]);
  });

  test('split pairs give every removed line of a run before its added lines', () => {
    const { hunks } = hunksFromRows([
      { type: 'hunk', header: '@@ -1,3 +1,2 @@' },
      { type: 'pair', left: { kind: 'deletion', line: 1, text: 'a' }, right: { kind: 'addition', line: 1, text: 'A' } },
      { type: 'pair', left: { kind: 'deletion', line: 2, text: 'b' }, right: null },
      { type: 'pair', left: { kind: 'context', line: 3, text: 'c' }, right: { kind: 'context', line: 2, text: 'c' } },
    ]);
    assert.deepEqual(hunks[0].lines.map((l) => `${l.kind}:${l.text}`), ['deletion:a', 'deletion:b', 'addition:A', 'context:c']);
    assert.equal(writeUnifiedDiff([{ path: 'f', status: 'modified', hunks }]),
      'diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,3 +1,2 @@\n-a\n-b\n+A\n c\n');
  });

  test('rows the page cannot account for are a problem, not a guess', () => {
    assert.match(hunksFromRows([{ type: 'line', kind: 'context', oldLine: 1, newLine: 1, text: '' }]).problem, /outside any hunk/);
    assert.match(hunksFromRows([{ type: 'hunk', header: 'Load more' }]).problem, /unreadable hunk header "Load more"/);
  });
});

describe('is the page whole?', () => {
  const file = (path, additions, deletions, extra = {}) => ({
    path, oldPath: null, status: 'modified', stats: { additions, deletions }, problem: null,
    hunks: [{ oldStart: 1, newStart: 1, section: '', lines: [
      ...Array(additions).fill({ kind: 'addition', text: '' }), ...Array(deletions).fill({ kind: 'deletion', text: '' })] }],
    ...extra,
  });
  test('every listed file shown with its stated lines: whole', () => {
    assert.equal(incompleteReason({ files: [file('a', 2, 1), file('b', 0, 3)], fileCount: 2 }), null);
    assert.equal(incompleteReason({ files: [file('a', 2, 1)], listed: [{ path: 'a', additions: 2, deletions: 1 }] }), null);
  });
  test('each way of being partial has its reason', () => {
    assert.equal(incompleteReason({ files: [file('a', 1, 0)], pending: 'more files are still loading on the page' }),
      'more files are still loading on the page');
    assert.equal(incompleteReason({ files: [] }), 'the page shows no files');
    assert.equal(incompleteReason({ files: [file('a', 1, 0)], fileCount: 3 }), 'the page shows 1 of 3 files');
    assert.equal(incompleteReason({ files: [file('a', 1, 0)], listed: [{ path: 'a', additions: 1, deletions: 0 }, { path: 'b', additions: 1, deletions: 0 }] }),
      '1 file of 2 not rendered yet (b)');
    assert.equal(incompleteReason({ files: [file('a', 1, 0, { stats: { additions: 5, deletions: 0 } })] }),
      'a: the page shows 1+/0− of 5+/0− changed lines');
    assert.equal(incompleteReason({ files: [file('a', 1, 0, { problem: 'its diff is behind "Load diff"' })] }), 'a: its diff is behind "Load diff"');
    assert.match(incompleteReason({ files: [file('img.png', 0, 0)] }), /^img\.png: no lines to show/);
    assert.equal(incompleteReason({ files: [file('a', 1, 0, { stats: null })] }), 'a: the page does not say how many lines changed');
  });
  test('the embedded list\'s counts win over a header\'s', () => {
    assert.match(incompleteReason({ files: [file('a', 1, 0)], listed: [{ path: 'a', additions: 4, deletions: 0 }] }), /of 4\+\/0− changed lines/);
  });
});

describe('what the page names', () => {
  test('views showing part of the pull request', () => {
    assert.deepEqual(viewOfAddress('/o/r/pull/1/files', ''), { commitRange: null, whitespaceHidden: false });
    assert.equal(viewOfAddress('/o/r/pull/1/files/abc1234..def5678', '').commitRange, 'abc1234..def5678');
    assert.equal(viewOfAddress('/o/r/pull/1/changes/abc1234', '').commitRange, 'abc1234');
    assert.equal(viewOfAddress('/o/r/pull/1/files', '?w=1').whitespaceHidden, true);
    assert.equal(viewOfAddress('/o/r/pull/1/changes', '?diff=split&w=true').whitespaceHidden, true);
    assert.equal(viewOfAddress('/o/r/pull/1/files', '?w=0').whitespaceHidden, false);
    assert.equal(viewOfAddress('/o/r/pull/1/changes', '', ' All commits ').commitRange, null);
    assert.equal(viewOfAddress('/o/r/pull/1/changes', '', '2 commits').commitRange, '2 commits');
    assert.equal(viewReason({ commitRange: null, whitespaceHidden: true }), 'this view hides whitespace changes');
    assert.equal(viewReason({ commitRange: null, whitespaceHidden: false }), null);
  });

  test('head and base from the classic page\'s comparison addresses', () => {
    assert.deepEqual(shasFromAddresses([`/o/r/pull/1/show_toc?base_sha=${BASE}&sha1=${BASE}&sha2=${HEAD}`]), { head_sha: HEAD, base_sha: BASE });
    assert.deepEqual(shasFromAddresses(['/o/r/pull/1/show_toc?sha2=nothex',
      `/o/r/pull/1/show_partial_comparison?base_commit_oid=${BASE}&end_commit_oid=${HEAD.toUpperCase()}&start_commit_oid=${BASE}`]),
    { head_sha: HEAD, base_sha: BASE });
    assert.deepEqual(shasFromAddresses(['/o/r/pull/1/files']), {});
  });

  test('head, base and the file list from React embedded data', () => {
    const embedded = { payload: { pullRequestsChangesRoute: {
      comparison: { fullDiff: { headOid: HEAD, baseOid: BASE } },
      diffSummaries: [{ path: 'a.py', pathDigest: 'x', linesAdded: 3, linesDeleted: 1 }],
    } } };
    assert.deepEqual(shasFromEmbeddedData(embedded), { head_sha: HEAD, base_sha: BASE });
    assert.deepEqual(fileSummariesFromEmbeddedData(embedded), [{ path: 'a.py', additions: 3, deletions: 1 }]);
    assert.deepEqual(shasFromEmbeddedData({ payload: {} }), {});
    assert.equal(fileSummariesFromEmbeddedData({ payload: { pullRequestsChangesRoute: { diffSummaries: [{ path: 'a' }] } } }), null);
  });

  test('stated line counts', () => {
    assert.deepEqual(statsFromLabel('2 changes: 1 addition & 1 deletion'), { additions: 1, deletions: 1 });
    assert.deepEqual(statsFromLabel('Lines changed: 1,013 additions & 0 deletions'), { additions: 1013, deletions: 0 });
    assert.equal(statsFromLabel('Binary file'), null);
  });
});
