// Splits a unified diff into what a GitHub files page shows: per file, its path and its hunks
// with old/new line numbers. Test support only, for drawing fixture pages — it decides nothing
// about the review (the engine parses the diff for that).

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

const C_ESCAPES = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

// git writes paths with unusual bytes as C strings: "a/caf\303\251.py".
function unquoteGitPath(path) {
  if (!(path.startsWith('"') && path.endsWith('"'))) return path;
  const bytes = [];
  const body = path.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== '\\') { bytes.push(...Buffer.from(body[i], 'utf8')); continue; }
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1));
    if (octal) { bytes.push(parseInt(octal[0], 8)); i += 3; } else { bytes.push(C_ESCAPES[body[i + 1]] ?? body.charCodeAt(i + 1)); i += 1; }
  }
  return Buffer.from(bytes).toString('utf8');
}

function stripPrefix(path) {
  return unquoteGitPath(path).replace(/^[ab]\//, '');
}

function pathsFromDiffGitLine(line) {
  // `diff --git a/X b/Y`; when X == Y the split point is the middle.
  const rest = line.slice('diff --git '.length);
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest.slice(0, half).replace(/^a\//, '') === rest.slice(half + 1).replace(/^b\//, '')) {
    return { oldPath: stripPrefix(rest.slice(0, half)), newPath: stripPrefix(rest.slice(half + 1)) };
  }
  const at = rest.indexOf(' b/');
  return at < 0 ? { oldPath: null, newPath: null }
    : { oldPath: stripPrefix(rest.slice(0, at)), newPath: stripPrefix(rest.slice(at + 1)) };
}

/** → [{path, oldPath, status, binary, additions, deletions, hunks: [{header, rows: [{kind, oldLine, newLine, text}]}]}] */
export function filesForDisplay(diffText) {
  const files = [];
  let file = null;
  let hunk = null;
  let oldLine = 0;
  let newLine = 0;
  for (const line of diffText.split('\n')) {
    if (line.startsWith('diff --git ')) {
      const { oldPath, newPath } = pathsFromDiffGitLine(line);
      file = { path: newPath, oldPath, status: 'modified', binary: false, additions: 0, deletions: 0, hunks: [] };
      files.push(file);
      hunk = null;
      continue;
    }
    if (!file) continue;
    if (!hunk) {
      if (line.startsWith('--- ')) {
        if (line !== '--- /dev/null') file.oldPath = stripPrefix(line.slice(4).split('\t')[0]);
        else file.status = 'added';
      } else if (line.startsWith('+++ ')) {
        if (line === '+++ /dev/null') { file.status = 'deleted'; file.path = file.oldPath; }
        else file.path = stripPrefix(line.slice(4).split('\t')[0]);
      } else if (line.startsWith('rename to ')) {
        file.path = unquoteGitPath(line.slice('rename to '.length)); file.status = 'renamed';
      } else if (line.startsWith('rename from ')) {
        file.oldPath = unquoteGitPath(line.slice('rename from '.length));
      } else if (line.startsWith('new file mode')) {
        file.status = 'added';
      } else if (line.startsWith('deleted file mode')) {
        file.status = 'deleted';
      } else if (line.startsWith('Binary files ') || line === 'GIT binary patch') {
        file.binary = true;
      }
    }
    const header = HUNK_HEADER.exec(line);
    if (header) {
      oldLine = Number(header[1]);
      newLine = Number(header[2]);
      hunk = { header: line, rows: [] };
      file.hunks.push(hunk);
      continue;
    }
    if (!hunk) continue;
    const marker = line[0];
    const text = line.slice(1);
    if (marker === '+') { hunk.rows.push({ kind: 'addition', oldLine: null, newLine: newLine++, text }); file.additions++; }
    else if (marker === '-') { hunk.rows.push({ kind: 'deletion', oldLine: oldLine++, newLine: null, text }); file.deletions++; }
    else if (marker === ' ') hunk.rows.push({ kind: 'context', oldLine: oldLine++, newLine: newLine++, text });
  }
  for (const f of files) if (f.status === 'deleted' && !f.path) f.path = f.oldPath;
  return files.filter((f) => f.path);
}
