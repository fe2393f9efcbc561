// The extension's exported verdicts (extension/content/field-labels.js, format
// atom-review-field-labels/1), read for scripts/import-labels: checked field by field, since the
// file came from a browser and its diff from a stranger; then the labelled PR's meta and the label
// lines it gives.
import { VERDICTS, MODES } from './precision/labels.mjs';
import { FIELD_META } from './precision/labelled_prs.mjs';

export const FIELD_LABELS_FORMAT = 'atom-review-field-labels/1';

const COMMIT = /^[0-9a-f]{40}$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

// A repository-relative path that names a file and cannot climb out of the folder it is written to.
const isSafePath = (path) => typeof path === 'string' && path.length > 0 && path.length <= 4096
  && !/[\x00-\x1f\x7f\\]/.test(path) && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

const isText = (value) => typeof value === 'string';

/**
 * Parses one export. Returns {value, problems}: `value` ({engine, exported_at, pr, diff, head_files,
 * labels}) only when `problems` (each naming `source` and the field) is empty. `engineGiven`
 * replaces an engine that is not a commit.
 */
export function parseFieldExport(text, source, engineGiven = '') {
  const problems = [];
  const problem = (what) => { problems.push(`${source}: ${what}`); return { value: null, problems }; };
  let file;
  try {
    file = JSON.parse(text);
  } catch {
    return problem('not JSON');
  }
  if (!file || typeof file !== 'object' || Array.isArray(file)) return problem('not a JSON object');
  if (file.format !== FIELD_LABELS_FORMAT) return problem(`format is not ${FIELD_LABELS_FORMAT}`);
  const engine = COMMIT.test(file.engine) ? file.engine : engineGiven;
  if (!engine) {
    problems.push(`${source}: /engine is "${String(file.engine).slice(0, 60)}", not a commit: the extension was built from a tree with changes or outside git; give --engine REV if its rules were REV's`);
  }
  if (!isText(file.exported_at) || !DAY.test(file.exported_at)) problems.push(`${source}: /exported_at is not a YYYY-MM-DD day`);
  const pr = file.pr ?? {};
  const [owner, name, ...rest] = isText(pr.repo) ? pr.repo.split('/') : [];
  if (!NAME.test(owner ?? '') || !NAME.test(name ?? '') || rest.length) problems.push(`${source}: /pr/repo is not OWNER/NAME`);
  if (!Number.isSafeInteger(pr.number) || pr.number <= 0) problems.push(`${source}: /pr/number is not a pull request number`);
  if (!COMMIT.test(pr.head_sha ?? '')) problems.push(`${source}: /pr/head_sha is not a full commit (the labels are named by it)`);
  for (const field of ['title', 'body', 'base_ref']) {
    if (pr[field] !== undefined && !isText(pr[field])) problems.push(`${source}: /pr/${field} is not text`);
  }
  if (pr.labels !== undefined && !(Array.isArray(pr.labels) && pr.labels.every(isText))) problems.push(`${source}: /pr/labels is not a list of names`);
  if (!isText(file.diff) || file.diff.length === 0) problems.push(`${source}: /diff is empty`);
  const headFiles = Array.isArray(file.head_files) ? file.head_files : [];
  if (!Array.isArray(file.head_files)) problems.push(`${source}: /head_files is not a list`);
  headFiles.forEach((item, index) => {
    if (!item || !isSafePath(item.path) || !isText(item.text)) problems.push(`${source}: /head_files/${index} is not {path, text} with a path inside the repository`);
  });
  const labels = Array.isArray(file.labels) ? file.labels : [];
  if (labels.length === 0) problems.push(`${source}: /labels is empty`);
  labels.forEach((label, index) => {
    const where = `${source}: /labels/${index}`;
    if (!label || typeof label !== 'object') { problems.push(`${where} is not an object`); return; }
    if (!isText(label.rule) || !/^[A-Za-z0-9_.-]{1,64}$/.test(label.rule)) problems.push(`${where}/rule is not a rule id`);
    if (!VERDICTS.includes(label.verdict)) problems.push(`${where}/verdict must be TP, LOW or FP`);
    if (!MODES.includes(label.mode)) problems.push(`${where}/mode must be hunks or whole`);
    if (label.path !== null && !isSafePath(label.path)) problems.push(`${where}/path is not a path`);
    if (label.line !== null && !(Number.isSafeInteger(label.line) && label.line > 0)) problems.push(`${where}/line is not a line number`);
    if (!['new', 'old'].includes(label.side)) problems.push(`${where}/side must be new or old`);
  });
  if (problems.length) return { value: null, problems };
  return { value: { engine, exported_at: file.exported_at, pr, diff: file.diff, head_files: headFiles, labels }, problems };
}

/** The labelled PR's folder name: owner-repo-number-sha10. */
export const fieldCaseName = (pr) => `${pr.repo.replace('/', '-')}-${pr.number}-${pr.head_sha.slice(0, 10)}`;

/** meta.json of the labelled PR (scripts/lib/precision/labelled_prs.mjs reads it; `sha` names it). */
export function fieldMeta(pr) {
  const meta = { repo: pr.repo, number: pr.number, sha: pr.head_sha, title: pr.title ?? '', body: pr.body ?? '' };
  for (const field of FIELD_META) if (pr[field] !== undefined) meta[field] = pr[field];
  return meta;
}

/** The label lines (tests/labels/README.md) of a parsed export, judged by `labeler`. */
export function fieldLabelLines({ engine, exported_at: day, pr, labels }, labeler) {
  return labels.map((label) => ({
    repo: pr.repo, commit: pr.head_sha.slice(0, 10), pr: pr.number, set: 'field',
    rule: label.rule, message_id: isText(label.message_id) ? label.message_id : '', path: label.path, line: label.line,
    side: label.side, severity: isText(label.severity) ? label.severity : '', mode: label.mode,
    verdict: label.verdict, why: isText(label.why) ? label.why : '', labeled_at: day, engine, labeler,
  }));
}
