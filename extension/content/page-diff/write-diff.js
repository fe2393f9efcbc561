// Writes a unified diff, git-style, from files read off a rendered page. DOM-free.
//
// file: {path, oldPath (renames), status: 'modified'|'added'|'deleted'|'renamed',
//        hunks: [{oldStart, newStart, section, lines: [{kind: 'context'|'addition'|'deletion', text}]}]}

const MARKER = { context: ' ', addition: '+', deletion: '-' };

// Like git: C-style quotes around a path holding control characters, quotes or backslashes.
function quotePath(path) {
  if (!/[\u0000-\u001f"\\\u007f]/.test(path)) return path;
  const escaped = path.replace(/[\u0000-\u001f"\\\u007f]/g, (c) => {
    const named = { '\t': '\\t', '\n': '\\n', '"': '\\"', '\\': '\\\\' }[c];
    return named ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`;
  });
  return `"${escaped}"`;
}

const sidePath = (prefix, path) => quotePath(`${prefix}${path}`);

// git leaves out a count of 1: `@@ -5 +5,2 @@`.
const range = (start, count) => (count === 1 ? `${start}` : `${start},${count}`);

/** The counts of a hunk's lines on each side. */
export function hunkCounts(lines) {
  let oldCount = 0;
  let newCount = 0;
  for (const { kind } of lines) {
    if (kind !== 'addition') oldCount += 1;
    if (kind !== 'deletion') newCount += 1;
  }
  return { oldCount, newCount };
}

function fileHeader({ path, oldPath, status }) {
  const from = status === 'renamed' ? oldPath : path;
  const lines = [`diff --git ${sidePath('a/', from)} ${sidePath('b/', path)}`];
  if (status === 'renamed') lines.push(`rename from ${quotePath(oldPath)}`, `rename to ${quotePath(path)}`);
  lines.push(status === 'added' ? '--- /dev/null' : `--- ${sidePath('a/', from)}`);
  lines.push(status === 'deleted' ? '+++ /dev/null' : `+++ ${sidePath('b/', path)}`);
  return lines;
}

/** The whole diff text, files in the order given. */
export function writeUnifiedDiff(files) {
  const out = [];
  for (const file of files) {
    out.push(...fileHeader(file));
    for (const hunk of file.hunks) {
      const { oldCount, newCount } = hunkCounts(hunk.lines);
      const section = hunk.section ? ` ${hunk.section}` : '';
      out.push(`@@ -${range(hunk.oldStart, oldCount)} +${range(hunk.newStart, newCount)} @@${section}`);
      for (const line of hunk.lines) out.push(`${MARKER[line.kind]}${line.text}`);
    }
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}
