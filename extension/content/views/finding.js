// One finding as shown on the page. Every text comes from the engine's result, which quotes a
// hostile diff: textContent and attributes only.

export const FINDING = 'finding';
export const FILE_FINDINGS = 'file-findings';

const SEVERITY_LABELS = { red: 'Must fix', warn: 'Check', note: 'Note' };

function textElement(doc, tag, className, text) {
  const element = doc.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

export function locationOf(finding) {
  if (finding.path == null) return 'whole pull request';
  return finding.line == null ? finding.path : `${finding.path}:${finding.line}`;
}

export function createFindingElement(doc, finding) {
  const element = doc.createElement('div');
  element.dataset.atomReview = FINDING;
  element.dataset.rule = finding.rule;
  element.dataset.severity = finding.severity;
  if (finding.path != null) element.dataset.path = finding.path;
  if (finding.line != null) element.dataset.line = String(finding.line);
  if (finding.side) element.dataset.side = finding.side;
  element.className = `atom-review-finding atom-review-severity-${finding.severity}`;

  const head = doc.createElement('div');
  head.className = 'atom-review-finding-head';
  head.append(
    textElement(doc, 'span', 'atom-review-severity', SEVERITY_LABELS[finding.severity] ?? finding.severity),
    textElement(doc, 'code', 'atom-review-rule', finding.rule),
    textElement(doc, 'span', 'atom-review-where', locationOf(finding)),
  );
  if (finding.tag === 'inferred') head.append(textElement(doc, 'span', 'atom-review-tag', 'inferred'));
  element.append(head, textElement(doc, 'p', 'atom-review-problem', finding.problem ?? ''));
  if (finding.impact) element.append(textElement(doc, 'p', 'atom-review-impact', finding.impact));
  if (finding.action) element.append(textElement(doc, 'p', 'atom-review-action', finding.action));
  return element;
}

/** The list under a file header: a count, then the file's findings that have no row to sit in. */
export function createFileFindingsList(doc, path, count) {
  const list = doc.createElement('div');
  list.dataset.atomReview = FILE_FINDINGS;
  list.dataset.path = path;
  list.className = 'atom-review-file-findings';
  list.append(textElement(doc, 'div', 'atom-review-file-findings-count', ''), doc.createElement('div'));
  setFileFindingsCount(list, count);
  return list;
}

export function setFileFindingsCount(list, count) {
  const text = `atom-review: ${count} finding${count === 1 ? '' : 's'} in this file`;
  if (list.firstElementChild.textContent !== text) list.firstElementChild.textContent = text;
  list.dataset.count = String(count);
}

/** Where the findings of a file list go. */
export const fileFindingsBody = (list) => list.lastElementChild;
