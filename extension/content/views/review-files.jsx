// One line saying whether the touched files were read whole or the review saw the diff's hunks
// only, and why (content/review-files.js).
import { reviewedFiles, reviewedFilesText } from '../review-files.js';

export const REVIEW_FILES = 'review-files';

export function ReviewFiles({ result, headFiles }) {
  const files = reviewedFiles(result, headFiles);
  if (!files) return null;
  return (
    <p class="atom-review-muted" data-atom-review={REVIEW_FILES} data-source={files.source}>{reviewedFilesText(files)}</p>
  );
}
