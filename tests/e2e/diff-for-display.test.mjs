// The fixture pages' diff reader (test support) must show the same files the engine reviews.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filesForDisplay } from './support/diff-for-display.mjs';

test('paths, statuses, counts and line numbers', () => {
  const diff = [
    'diff --git a/x y.py b/x y.py', 'index 1..2 100644', '--- a/x y.py', '+++ b/x y.py', '@@ -10,3 +10,3 @@ def f():',
    ' a', '-b', '+c', ' d',
    'diff --git "a/caf\\303\\251.py" "b/caf\\303\\251.py"', 'new file mode 100644', '--- /dev/null', '+++ "b/caf\\303\\251.py"',
    '@@ -0,0 +1 @@', '+x',
    'diff --git a/old.py b/new.py', 'similarity index 90%', 'rename from old.py', 'rename to new.py',
    'diff --git a/gone.py b/gone.py', 'deleted file mode 100644', '--- a/gone.py', '+++ /dev/null', '@@ -1 +0,0 @@', '-y',
    'diff --git a/img.png b/img.png', 'Binary files a/img.png and b/img.png differ', '',
  ].join('\n');
  const files = filesForDisplay(diff);
  assert.deepEqual(files.map((f) => [f.path, f.status, f.additions, f.deletions, f.binary]), [
    ['x y.py', 'modified', 1, 1, false], ['café.py', 'added', 1, 0, false], ['new.py', 'renamed', 0, 0, false],
    ['gone.py', 'deleted', 0, 1, false], ['img.png', 'modified', 0, 0, true],
  ]);
  assert.deepEqual(files[0].hunks[0].rows.map((r) => [r.kind, r.oldLine, r.newLine]),
    [['context', 10, 10], ['deletion', 11, null], ['addition', null, 11], ['context', 12, 12]]);
});
