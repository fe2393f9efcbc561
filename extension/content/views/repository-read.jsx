// The panel's line on the repository: what the review read of it, the button that checks the pull
// request against the whole repository (policy "ask"), and while its snapshot downloads, a progress
// bar in bytes with Cancel (content/repository-text.js words it). Text only.
import { useEffect, useState } from 'preact/hooks';
import { progressText, repositoryLine } from '../repository-text.js';

export const REPOSITORY_READ = 'repository-read';

/**
 * repository: {status (review-client.js repositoryStatus), onCheck(), onCancel(),
 * onProgress(listener) → stops listening}; null draws nothing.
 */
export function RepositoryRead({ repository }) {
  const [progress, setProgress] = useState(repository?.status?.progress ?? null);
  useEffect(() => repository?.onProgress(setProgress), [repository]);
  const line = repositoryLine(repository?.status ?? null);
  if (!line) return null;
  const shown = line.state === 'running' ? progress ?? repository.status.progress : null;
  return (
    <div class="atom-review-repository" data-atom-review={REPOSITORY_READ} data-state={line.state}>
      <span class="atom-review-muted">{line.text}</span>{' '}
      {line.offer && (
        <button type="button" class="btn btn-sm" data-atom-review="repository-check" onClick={() => repository.onCheck()}>{line.offer}</button>
      )}
      {line.state === 'running' && (
        <span>
          <progress data-atom-review="repository-progress" max={shown?.totalBytes ?? undefined}
            value={shown?.totalBytes ? shown.receivedBytes : undefined} />{' '}
          <span data-atom-review="repository-progress-text">{shown ? progressText(shown) : ''}</span>{' '}
          <button type="button" class="btn btn-sm" data-atom-review="repository-cancel" onClick={() => repository.onCancel()}>Cancel</button>
        </span>
      )}
    </div>
  );
}
