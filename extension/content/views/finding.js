// One finding as shown on the page. Every text comes from the engine's result, which quotes a
// hostile diff: textContent and attributes only.
import { diffAnchorForPath } from '../adapters/diff-anchor.js';
import { trackRecordText } from './track-record.js';

export const FINDING = 'finding';
export const FILE_FINDINGS = 'file-findings';
export const FINDING_MARKER = 'finding-marker';
export const FINDING_WHERE = 'finding-where';

const SEVERITY_LABELS = { red: 'Must fix', warn: 'Check', note: 'Note' };
const SEVERITY_ICONS = { red: '✖', warn: '⚠', note: 'ℹ' };

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

let detailsCount = 0;

// The marker's "where": a link to the line's anchor, so it works even where nothing else does.
function whereLink(doc, finding) {
  const link = textElement(doc, 'a', 'atom-review-where', locationOf(finding));
  link.dataset.atomReview = FINDING_WHERE;
  if (finding.path != null) {
    const letter = finding.side === 'old' ? 'L' : 'R';
    diffAnchorForPath(finding.path).then((anchor) => {
      link.href = `#${anchor}${finding.line == null ? '' : `${letter}${finding.line}`}`;
    });
  }
  return link;
}

function detailLine(doc, label, text, className) {
  const line = doc.createElement('p');
  line.className = className;
  line.append(textElement(doc, 'strong', 'atom-review-detail-label', `${label}: `), doc.createTextNode(text));
  return line;
}

/**
 * A compact marker (severity colour, icon and label, rule, where) that opens the details:
 * problem, impact, action, whether the engine verified or inferred it, what triggers it, the
 * rule's track record (`record`: the result's `rules` entry for it), and the reviewer's controls:
 * a one-line reason, their verdict (`onVerdict(verdict|null, reason)`; `verdict`: the one given,
 * shown pressed) and Dismiss (`onDismiss(reason)`).
 */
export function createFindingElement(doc, finding, { onDismiss, onVerdict, verdict = null, record } = {}) {
  const element = doc.createElement('div');
  element.dataset.atomReview = FINDING;
  element.dataset.rule = finding.rule;
  element.dataset.severity = finding.severity;
  if (finding.path != null) element.dataset.path = finding.path;
  if (finding.line != null) element.dataset.line = String(finding.line);
  if (finding.side) element.dataset.side = finding.side;
  element.className = `atom-review-finding atom-review-severity-${finding.severity}`;

  const severity = SEVERITY_LABELS[finding.severity] ?? finding.severity;
  detailsCount += 1;
  const details = doc.createElement('div');
  details.id = `atom-review-finding-${detailsCount}`;
  details.className = 'atom-review-finding-details';
  details.hidden = true;
  details.append(textElement(doc, 'p', 'atom-review-problem', finding.problem ?? ''));
  if (finding.impact) details.append(detailLine(doc, 'Impact', finding.impact, 'atom-review-impact'));
  if (finding.action) details.append(detailLine(doc, 'Action', finding.action, 'atom-review-action'));
  if (finding.trigger) details.append(detailLine(doc, 'Trigger', finding.trigger, 'atom-review-trigger'));
  if (finding.tag) details.append(detailLine(doc, 'Evidence', finding.tag, 'atom-review-tag'));
  const trackRecord = trackRecordText(finding.rule, record);
  if (trackRecord) details.append(detailLine(doc, 'Track record', trackRecord, 'atom-review-track-record'));
  if (onDismiss || onVerdict) details.append(reviewerControls(doc, finding, { onDismiss, onVerdict }));

  const marker = doc.createElement('button');
  marker.type = 'button';
  marker.dataset.atomReview = FINDING_MARKER;
  marker.className = 'atom-review-marker';
  marker.setAttribute('aria-expanded', 'false');
  marker.setAttribute('aria-controls', details.id);
  marker.setAttribute('aria-label', `${severity} (${finding.rule}), ${locationOf(finding)}: ${finding.problem ?? ''}`);
  const icon = textElement(doc, 'span', 'atom-review-severity-icon', SEVERITY_ICONS[finding.severity] ?? '•');
  icon.setAttribute('aria-hidden', 'true');
  marker.append(icon, textElement(doc, 'span', 'atom-review-severity', severity),
    textElement(doc, 'code', 'atom-review-rule', finding.rule),
    textElement(doc, 'span', 'atom-review-summary', finding.problem ?? ''));
  marker.addEventListener('click', () => setFindingOpen(element, details.hidden));

  const head = doc.createElement('div');
  head.className = 'atom-review-finding-head';
  head.append(marker, whereLink(doc, finding));
  element.append(head, details);
  if (onVerdict) showVerdict(element, verdict);
  return element;
}

export const VERDICT_BUTTON = 'verdict-button';
// The hand labels' verdicts (tests/labels/README.md), as the reviewer is asked for them.
const VERDICT_CHOICES = [
  { verdict: 'TP', text: 'Worth raising', title: 'True, and worth a reviewer\'s minute' },
  { verdict: 'LOW', text: 'True, minor', title: 'True, but not worth a reviewer\'s minute' },
  { verdict: 'FP', text: 'Wrong', title: 'The code does not do what this says, or the pull request did not change it' },
];

// A one-line reason (optional), the verdict buttons and Dismiss; Enter in the reason dismisses. A
// verdict keeps the finding shown; pressing the given one again takes it back.
function reviewerControls(doc, finding, { onDismiss, onVerdict }) {
  const controls = doc.createElement('div');
  controls.className = 'atom-review-dismiss';
  const reason = doc.createElement('input');
  reason.type = 'text';
  reason.maxLength = 200;
  reason.placeholder = 'Why? (optional)';
  reason.dataset.atomReview = 'dismiss-reason';
  reason.className = 'atom-review-dismiss-reason';
  reason.setAttribute('aria-label', `Reason for your verdict on or dismissal of ${finding.rule} at ${locationOf(finding)} (optional)`);
  const oneLine = () => reason.value.replace(/\s+/g, ' ');
  controls.append(reason);
  if (onVerdict) controls.append(verdictButtons(doc, finding, onVerdict, oneLine));
  if (onDismiss) {
    const button = textElement(doc, 'button', 'atom-review-link', 'Dismiss');
    button.type = 'button';
    button.dataset.atomReview = 'dismiss-button';
    // A dismissal that could not be saved leaves the finding as it was, ready to try again (the
    // panel says why).
    const dismiss = () => {
      button.disabled = true;
      Promise.resolve(onDismiss(oneLine())).catch(() => { button.disabled = false; });
    };
    button.addEventListener('click', dismiss);
    reason.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      dismiss();
    });
    controls.append(button);
  }
  return controls;
}

function verdictButtons(doc, finding, onVerdict, reason) {
  const group = doc.createElement('span');
  group.className = 'atom-review-judgments';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', `Your verdict on ${finding.rule} at ${locationOf(finding)}`);
  for (const choice of VERDICT_CHOICES) {
    const button = textElement(doc, 'button', 'atom-review-judgment', choice.text);
    button.type = 'button';
    button.title = choice.title;
    button.dataset.atomReview = VERDICT_BUTTON;
    button.dataset.verdict = choice.verdict;
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('click', () => {
      const given = button.getAttribute('aria-pressed') === 'true' ? null : choice.verdict;
      // Shown at once, so a second key press before the stored state redraws reads this verdict;
      // if it is not saved the panel says why and the finding shows the verdict it had.
      const element = button.closest(`[data-atom-review="${FINDING}"]`);
      const before = element?.dataset.verdict ?? null;
      if (element) showVerdict(element, given);
      Promise.resolve(onVerdict(given, reason())).catch(() => { if (element) showVerdict(element, before); });
    });
    group.append(button);
  }
  return group;
}

/** Shows `verdict` (TP, LOW, FP or null) as the one given on a finding element. */
export function showVerdict(element, verdict) {
  if (verdict) element.dataset.verdict = verdict;
  else delete element.dataset.verdict;
  for (const button of element.querySelectorAll(`[data-atom-review="${VERDICT_BUTTON}"]`)) {
    button.setAttribute('aria-pressed', String(button.dataset.verdict === verdict));
  }
}

/** Opens or closes a finding element's details. */
export function setFindingOpen(element, open) {
  const marker = element.querySelector(`[data-atom-review="${FINDING_MARKER}"]`);
  const details = element.querySelector('.atom-review-finding-details');
  details.hidden = !open;
  marker.setAttribute('aria-expanded', String(open));
  if (open) element.dataset.open = 'true';
  else delete element.dataset.open;
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
