// The reviewer's verdicts on a pull request's findings, exported as one file that
// `scripts/import-labels` turns into hand labels (tests/labels/README.md "Field labels"): the
// verdicts, and everything needed to give the same findings again: the diff, the PR's text and
// the files the engine read whole. The file is saved on the reviewer's own disk, on their click;
// nothing is sent anywhere.
import { requestReviewInputs } from './review-client.js';

export const FIELD_LABELS_FORMAT = 'atom-review-field-labels/1';

// The commit the extension was built from (extension/build.mjs), which a label names as its engine.
const BUILT_FROM = typeof __ATOM_REVIEW_COMMIT__ === 'string' ? __ATOM_REVIEW_COMMIT__ : 'unknown';

// The PR's fields the rules read. Its conversation (comments, authors) and CI are left out: no
// finding depends on them, and they name people.
const META_FIELDS = ['repo', 'number', 'title', 'body', 'labels', 'head_sha', 'base_sha', 'base_ref'];

/**
 * The export of `verdicts` (review-storage.js) given on the review of `inputs`
 * (review-client.js requestReviewInputs): a plain object, to be written as JSON.
 * `mode` follows the inputs: `whole` when any file was read whole, as the review that gave the
 * findings did, else `hunks`.
 */
export function fieldLabelsFile({ verdicts, inputs, exportedAt, engine = BUILT_FROM }) {
  const pr = Object.fromEntries(META_FIELDS.filter((field) => inputs.meta?.[field] !== undefined)
    .map((field) => [field, inputs.meta[field]]));
  const mode = inputs.headFiles.length > 0 ? 'whole' : 'hunks';
  return {
    format: FIELD_LABELS_FORMAT,
    engine,
    exported_at: exportedAt,
    pr,
    diff: inputs.diff,
    head_files: inputs.headFiles.map(({ path, text }) => ({ path, text })),
    labels: verdicts.map(({ rule, message_id, path, line, side, severity, verdict, why }) => ({
      rule, message_id, path, line, side, severity, mode, verdict, why,
    })),
  };
}

/**
 * Why `file` (fieldLabelsFile's) would not import, or null. Labels are named by the head commit,
 * which the page gives with its context: without it (the conversation could not be read) the
 * export waits for a reload rather than save a file scripts/import-labels refuses.
 */
export function unexportable(file) {
  if (/^[0-9a-f]{40}$/.test(file.pr.head_sha ?? '')) return null;
  return 'the page has not named its head commit, which the labels are named by; reload it and export again';
}

/** The file's name: the repository, the number and the head commit, in characters any disk takes. */
export function fieldLabelsFileName({ owner, repo, number }, headSha) {
  const safe = (text) => String(text).replace(/[^A-Za-z0-9._-]+/g, '-');
  return `atom-review-labels-${safe(owner)}-${safe(repo)}-${number}${headSha ? `-${headSha.slice(0, 10)}` : ''}.json`;
}

/** Saves `text` as a download named `name` (the browser asks or saves, as it does for any download). */
function download(doc, name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/**
 * On the reviewer's click: reads the review's inputs again (the background keeps the files it
 * downloaded) and downloads the export, then calls `onSaved()` (the verdicts are marked exported).
 * Resolves to what the panel says.
 */
export async function exportFieldLabels(doc, pr, verdicts, onSaved, now = new Date()) {
  if (verdicts.length === 0) return 'No verdict to export: give one on a finding first.';
  try {
    const inputs = await requestReviewInputs(pr);
    const file = fieldLabelsFile({ verdicts, inputs, exportedAt: now.toISOString().slice(0, 10) });
    const problem = unexportable(file);
    if (problem) return `Not exported: ${problem}.`;
    download(doc, fieldLabelsFileName(pr, file.pr.head_sha), `${JSON.stringify(file, null, 1)}\n`);
    await Promise.resolve(onSaved()).catch(() => {}); // a failed write is said in the panel
    const files = file.head_files.length;
    return `Exported ${verdicts.length} verdict${verdicts.length === 1 ? '' : 's'} with the diff${files ? ` and ${files} file${files === 1 ? '' : 's'} read whole` : ''}.`;
  } catch (error) {
    return `Could not export: ${error?.message ?? error}`;
  }
}
