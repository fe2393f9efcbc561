// What a labeller reads beside a finding: the diff hunk around its line and the enclosing function
// of the file it sits in. Display only: no rule logic, so rough edges cost readability, not findings.

// The section of `diffText` for `path` (matched on the +++/--- names), or null.
function fileSection(diffText, path) {
  const sections = diffText.split(/^(?=diff --git )/m);
  return sections.find((section) => {
    const names = [...section.matchAll(/^(?:\+\+\+|---) (?:[ab]\/)?(.+)$/gm)].map((m) => m[1].trim());
    return names.includes(path);
  }) ?? null;
}

function parseHunks(section) {
  const hunks = [];
  for (const line of section.split('\n')) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (header) {
      hunks.push({ header: line, oldStart: +header[1], newStart: +header[3], lines: [] });
      continue;
    }
    const hunk = hunks.at(-1);
    if (hunk && /^[ +\-\\]/.test(line)) hunk.lines.push(line);
  }
  for (const hunk of hunks) {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    hunk.numbered = hunk.lines.map((text) => {
      const kind = text[0];
      const entry = { text, old: kind === '+' || kind === '\\' ? null : oldLine, new: kind === '-' || kind === '\\' ? null : newLine };
      if (entry.old !== null) oldLine += 1;
      if (entry.new !== null) newLine += 1;
      return entry;
    });
  }
  return hunks;
}

// The hunk holding `line` on `side` ('new' | 'old'), cut to `context` lines either side, the line
// marked with ▶. A file-level finding (line 0/null) gets the file's first hunk. '' when not found.
export function hunkExcerpt(diffText, path, line, side, context = 12) {
  const section = path ? fileSection(diffText, path) : null;
  if (!section) return '';
  const hunks = parseHunks(section);
  if (!hunks.length) return '';
  const target = Number(line) || 0;
  const hunk = target ? hunks.find((h) => h.numbered.some((e) => e[side === 'old' ? 'old' : 'new'] === target)) : hunks[0];
  if (!hunk) return '';
  const at = target ? hunk.numbered.findIndex((e) => e[side === 'old' ? 'old' : 'new'] === target) : 0;
  const from = Math.max(0, at - context);
  const to = Math.min(hunk.numbered.length, at + context + 1);
  const body = hunk.numbered.slice(from, to).map((e, i) => `${target && from + i === at ? '▶' : ' '}${e.text}`);
  return [hunk.header, ...(from > 0 ? [' …'] : []), ...body, ...(to < hunk.numbered.length ? [' …'] : [])].join('\n');
}

const indentOf = (text) => text.length - text.trimStart().length;
const isBlank = (text) => text.trim() === '';

// 1-based [first, last] of the Python function around `line`: the nearest `def` above it that is
// less indented (or the line itself), to the last line before code at or left of the def's indent.
function pythonFunction(lines, line) {
  const at = line - 1;
  let bound = isBlank(lines[at] ?? '') ? Infinity : indentOf(lines[at]);
  for (let i = at; i >= 0; i--) {
    if (isBlank(lines[i])) continue;
    const indent = indentOf(lines[i]);
    const isDef = /^\s*(?:async\s+)?def\s/.test(lines[i]);
    if (isDef && (i === at || indent < bound)) {
      let end = i + 1;
      for (let j = i + 1; j < lines.length; j++) {
        if (isBlank(lines[j])) continue;
        if (indentOf(lines[j]) <= indent && !/^\s*[)\]}]/.test(lines[j])) break;
        end = j + 1;
      }
      return [i + 1, end];
    }
    bound = Math.min(bound, indent);
  }
  return null;
}

// C/C++/HIP: from the nearest line above that opens a definition at column 0, to the next "}" at
// column 0 (clang-formatted code puts both there).
function braceFunction(lines, line) {
  for (let i = line - 1; i >= 0; i--) {
    const text = lines[i];
    if (i < line - 1 && /^}/.test(text)) return null;
    if (/^[A-Za-z_][^;]*$/.test(text) && !/^(?:namespace|#|\/\/|public:|private:|protected:)/.test(text)) {
      for (let j = Math.max(i, line - 1); j < lines.length; j++) if (/^}/.test(lines[j])) return [i + 1, j + 1];
      return null;
    }
  }
  return null;
}

// The enclosing function of `line` in `fileText`, numbered, at most `maxLines` (a window around the
// line when longer); else `fallback` lines either side. Returns { first, last, text } or null.
export function enclosingFunction(fileText, path, line, { maxLines = 80, fallback = 15 } = {}) {
  const lines = fileText.split('\n');
  const target = Number(line) || 0;
  if (!target || target > lines.length) return null;
  const span = /\.py$/.test(path) ? pythonFunction(lines, target) : /\.(?:cc|cpp|cxx|c|h|hpp|cu|cuh|hip)$/.test(path) ? braceFunction(lines, target) : null;
  let [first, last] = span ?? [Math.max(1, target - fallback), Math.min(lines.length, target + fallback)];
  if (last - first + 1 > maxLines) {
    const half = Math.floor(maxLines / 2);
    first = Math.max(first, target - half);
    last = Math.min(last, first + maxLines - 1);
  }
  const width = String(last).length;
  const text = lines.slice(first - 1, last).map((t, i) => `${first + i === target ? '▶' : ' '}${String(first + i).padStart(width)}  ${t}`).join('\n');
  return { first, last, text, whole: Boolean(span) };
}
