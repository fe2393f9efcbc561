// The check runs a page lists for a commit, as {name, state, url?, workflow?}. Classic merge box:
// `.merge-status-list .merge-status-item`, the name in `strong`, the state from the octicon
// (`octicon-check`, `octicon-x`, `octicon-skip`…, as userscripts that sort these rows read it),
// the "Details" link. The React merge box (2026) is read the way other extensions do: a row whose
// description sits in `[class*="StatusCheckRow-module__titleDescription"]`, the name in `h4`;
// unverified against a saved page. Rows whose state cannot be told are left out.

const ICON_STATES = [
  ['octicon-check', 'success'], ['octicon-check-circle-fill', 'success'],
  ['octicon-x', 'failure'], ['octicon-x-circle-fill', 'failure'],
  ['octicon-stop', 'cancelled'], ['octicon-skip', 'skipped'], ['octicon-square-fill', 'neutral'],
  ['octicon-alert', 'action_required'], ['octicon-dot-fill', 'pending'], ['octicon-dot', 'pending'],
];

/** The check state an octicon class list shows, or null. */
export function checkStateFromIcon(classNames) {
  const names = new Set(classNames);
  return ICON_STATES.find(([icon]) => names.has(icon))?.[1] ?? null;
}

const TEXT_STATES = [
  [/^(?:failing|failed)\b/i, 'failure'], [/^timed out\b/i, 'timed_out'], [/^cancell?ed\b/i, 'cancelled'],
  [/^(?:successful|success)\b/i, 'success'], [/^skipped\b/i, 'skipped'], [/^neutral\b/i, 'neutral'],
  [/^action required\b/i, 'action_required'],
  [/^(?:pending|queued|in progress|started|expected|waiting)\b/i, 'pending'],
];

/** The check state a row's status text ("Failing after 2m", "Successful in 40s", …) names, or null. */
export function checkStateFromText(statusText) {
  const trimmed = statusText.replace(/^[\s—–-]+/, '').trim();
  return TEXT_STATES.find(([pattern]) => pattern.test(trimmed))?.[1] ?? null;
}

const text = (element) => element?.textContent.replace(/\s+/g, ' ').trim() ?? '';

function detailsUrl(row) {
  const links = Array.from(row.querySelectorAll('a[href]'));
  const link = links.find((a) => text(a) === 'Details')
    ?? links.find((a) => /check_run_id=|\/actions\/runs\/|\/runs\/\d/.test(a.getAttribute('href')));
  if (!link) return undefined;
  try {
    // Relative links resolve against the page's host (a parsed page has the URL of the page that parsed it).
    const page = row.ownerDocument?.URL ?? '';
    const url = new URL(link.getAttribute('href'), page.startsWith('https://') ? page : 'https://github.com');
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// "CI / build (pull_request)": the workflow is the part before " / ".
function nameAndWorkflow(rawName) {
  const slash = rawName.indexOf(' / ');
  return slash > 0 ? { name: rawName, workflow: rawName.slice(0, slash) } : { name: rawName };
}

function readRow(row, nameElement, statusElement) {
  const rawName = text(nameElement);
  const icons = Array.from(row.querySelectorAll('svg[class*="octicon-"]'), (svg) => Array.from(svg.classList)).flat();
  const state = checkStateFromIcon(icons) ?? checkStateFromText(text(statusElement));
  if (!rawName || !state) return null;
  const url = detailsUrl(row);
  return { ...nameAndWorkflow(rawName), state, ...(url && { url }) };
}

function classicRows(doc) {
  return Array.from(doc.querySelectorAll('.merge-status-item'),
    (row) => readRow(row, row.querySelector('strong'), row.querySelector('.status-meta, .text-small, .color-fg-muted')));
}

function reactRows(doc) {
  return Array.from(doc.querySelectorAll('[class*="StatusCheckRow-module__titleDescription"]'), (description) => {
    const row = description.closest('li') ?? description.parentElement?.parentElement ?? description;
    return readRow(row, row.querySelector('h4'), description);
  });
}

/** [{name, state, url?, workflow?}], one per named check, in page order. */
export function readCheckRows(doc) {
  const seen = new Set();
  return [...classicRows(doc), ...reactRows(doc)].filter((check) => {
    if (!check || seen.has(check.name)) return false;
    seen.add(check.name);
    return true;
  });
}
