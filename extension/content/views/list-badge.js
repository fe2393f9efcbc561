// The badge on a pull request list row. Paths, problems and types come from a diff or the
// engine, so they only ever reach the page as attribute values and textContent.

export const LIST_BADGE = 'list-badge';
export const LIST_FILTER = 'list-filter';
const MAX_TYPES_SHOWN = 2;
const MAX_FILES_LISTED = 8;

export const prKey = ({ owner, repo, number }) => `${owner}/${repo}#${number}`;

// `count` is how many there are; the background keeps only the first few paths.
function filesLine(label, paths, count = paths.length) {
  if (count === 0) return [];
  const listed = paths.slice(0, MAX_FILES_LISTED);
  const more = count > listed.length ? ` and ${count - listed.length} more` : '';
  return [`${label} (${count}): ${listed.join(', ')}${more}`];
}

function findingLine(finding) {
  const where = finding.path ? ` ${finding.path}${finding.line ? `:${finding.line}` : ''}` : '';
  return `  ${finding.severity} ${finding.rule}${where} — ${finding.problem}`;
}

export function doneTooltip(summary) {
  const tier = summary.tier ? `Tier ${summary.tier} touched` : 'no tiered file';
  return [
    `atom-review: ${tier} · ${summary.red} red · ${summary.warn} warn`,
    ...(summary.types.length > 0 ? [`Types: ${summary.types.join(', ')}`] : []),
    ...(summary.topFindings.length > 0 ? ['Top findings:', ...summary.topFindings.map(findingLine)] : ['No findings']),
    ...filesLine('Tier 1 files', summary.tierFiles[1], summary.tierFileCounts?.[1]),
    ...filesLine('Tier 2 files', summary.tierFiles[2], summary.tierFileCounts?.[2]),
    ...(summary.notKept ? [`Result ${summary.notKept}`] : []),
    'Click to open the files page.',
  ].join('\n');
}

/** state: {state: 'loading'} | {state: 'done', summary} | {state: 'error', kind, error} */
function paintState(badge, view) {
  const doc = badge.ownerDocument;
  badge.dataset.state = view.state;
  for (const name of ['tier', 'red', 'warn', 'error']) delete badge.dataset[name];
  badge.className = `atom-review-list-badge atom-review-list-${view.state}`;
  const parts = [];
  if (view.state === 'loading') {
    parts.push(['atom-review-list-spinner', '']);
    parts.push(['', 'reviewing']);
    badge.title = 'atom-review: fetching and reviewing the diff…';
  } else if (view.state === 'error') {
    badge.dataset.error = view.kind;
    parts.push(['', 'atom ✕']);
    badge.title = `atom-review: no review — ${view.error}`;
  } else {
    const { summary } = view;
    if (summary.tier) badge.dataset.tier = String(summary.tier);
    badge.dataset.red = String(summary.red);
    badge.dataset.warn = String(summary.warn);
    if (summary.tier) badge.classList.add(`atom-review-tier-${summary.tier}`);
    parts.push(['atom-review-list-tier', summary.tier ? `T${summary.tier}` : 'T–']);
    if (summary.red > 0) parts.push(['atom-review-list-red', `${summary.red} red`]);
    if (summary.warn > 0) parts.push(['atom-review-list-warn', `${summary.warn} warn`]);
    if (summary.types.length > 0) parts.push(['atom-review-list-types', summary.types.slice(0, MAX_TYPES_SHOWN).join(', ')]);
    badge.title = doneTooltip(summary);
  }
  badge.replaceChildren(...parts.map(([className, text]) => {
    const part = doc.createElement('span');
    if (className) part.className = className;
    part.textContent = text;
    return part;
  }));
  badge.dataset.shows = JSON.stringify(view);
}

export function createListBadge(doc, pr, view) {
  const badge = doc.createElement('a');
  badge.dataset.atomReview = LIST_BADGE;
  badge.dataset.pr = String(pr.number);
  badge.dataset.prKey = prKey(pr);
  badge.href = `/${encodeURIComponent(pr.owner)}/${encodeURIComponent(pr.repo)}/pull/${pr.number}/files`;
  paintState(badge, view);
  return badge;
}

/** Repaints `badge` only when it shows something else (a repaint would reset the tooltip). */
export function updateListBadge(badge, view) {
  if (badge.dataset.shows !== JSON.stringify(view)) paintState(badge, view);
}

export const FILTERS = [
  { id: 'all', label: 'All pull requests', keeps: () => true },
  { id: 'tier1', label: 'Touches Tier 1', keeps: (summary) => summary.tier === 1 },
  { id: 'red', label: 'Has red findings', keeps: (summary) => summary.red > 0 },
];

export function createListFilter(doc, selectedId, onChange) {
  const wrapper = doc.createElement('label');
  wrapper.dataset.atomReview = LIST_FILTER;
  wrapper.className = 'atom-review-list-filter';
  wrapper.append(doc.createTextNode('atom-review: '));
  const select = doc.createElement('select');
  for (const filter of FILTERS) {
    const option = doc.createElement('option');
    option.value = filter.id;
    option.textContent = filter.label;
    select.append(option);
  }
  select.value = selectedId;
  select.addEventListener('change', () => onChange(select.value));
  wrapper.append(select);
  return wrapper;
}
