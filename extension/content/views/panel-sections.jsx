// The panel's detail sections: the risk map, what kind of change this is, the five review questions with
// links to their evidence, the per-file checklist, the questions the changed lines raise for the
// reviewer and the signs of AI-written code. Every text
// is engine output quoting a hostile diff; Preact only ever sets it as text.
import { useState } from 'preact/hooks';
import { locationOf } from './finding.js';
import { ContextSections } from './context-sections.jsx';
import { RiskMap } from './risk-map.jsx';
import { ReviewFiles } from './review-files.jsx';
import { ReviewSource } from './review-source.jsx';
import { RepositoryRead } from './repository-read.jsx';
import { ToVerify } from './to-verify.jsx';
import { RulesRun } from './rules-run.jsx';
import { YourVerdicts } from './your-verdicts.jsx';

export const EVIDENCE_LINK = 'evidence-link';
export const CHECKLIST_ITEM = 'checklist-item';

/** The id a checklist item is stored under. */
export const checklistItemId = (path, item) => `${path ?? ''}\n${item}`;

// `evidence` as the engine words it; `at`: where it points in the diff ({path, line|null, side}),
// or null when it quotes the PR's own text, which is shown as text, not as a link.
function Evidence({ evidence, at, onShowPlace, onStatus }) {
  if (!evidence) return null;
  if (!at) return <span class="atom-review-quote" data-atom-review="evidence-quote">{evidence}</span>;
  const place = { path: at.path, line: at.line ?? null, side: at.side === 'old' ? 'old' : 'new' };
  return (
    <button type="button" class="atom-review-link" data-atom-review={EVIDENCE_LINK} data-path={place.path}
      data-line={place.line ?? undefined} data-side={place.side}
      onClick={() => {
        const found = onShowPlace(place);
        if (!found) onStatus(`${place.path} is not shown on this page.`);
        else onStatus(found === 'file' && place.line != null ? 'That line is not shown; scrolled to its file.' : '');
      }}>{evidence}</button>
  );
}

function Section({ title, children }) {
  return (
    <section class="atom-review-section">
      <h3 class="atom-review-section-title">{title}</h3>
      {children}
    </section>
  );
}

function PullRequestTypes({ types, onShowPlace, onStatus }) {
  if (types.length === 0) return null;
  return (
    <Section title="Kind of change">
      <ul class="atom-review-list">
        {types.map((type) => (
          <li key={type.id} data-atom-review="pr-type" data-type={type.id}>
            <code>{type.id}</code>{' '}
            <Evidence evidence={type.evidence} at={type.at ?? null} onShowPlace={onShowPlace} onStatus={onStatus} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Questions({ questions, onShowPlace, onStatus }) {
  if (questions.length === 0) return null;
  return (
    <Section title="Review questions">
      <dl class="atom-review-questions">
        {questions.map((question) => [
          <dt key={`${question.id}-t`}>{question.id}</dt>,
          <dd key={`${question.id}-d`} data-atom-review="question" data-question={question.id}>
            <span>{question.answer}</span>
            {(question.evidence ?? []).length > 0 && (
              <span class="atom-review-evidence">
                {question.evidence.map((evidence, index) => (
                  <Evidence key={evidence} evidence={evidence} at={question.evidence_at?.[index] ?? null}
                    onShowPlace={onShowPlace} onStatus={onStatus} />
                ))}
              </span>
            )}
          </dd>,
        ])}
      </dl>
    </Section>
  );
}

function Checklist({ checklist, checked, onToggle }) {
  if (checklist.length === 0) return null;
  return (
    <Section title="Checklist">
      {checklist.map((entry) => (
        <fieldset key={entry.path ?? ''} class="atom-review-checklist">
          <legend>{entry.path ?? 'Whole pull request'}</legend>
          {(entry.items ?? []).map((item) => {
            const id = checklistItemId(entry.path, item);
            return (
              <label key={id} class="atom-review-check">
                <input type="checkbox" data-atom-review={CHECKLIST_ITEM} data-path={entry.path ?? ''}
                  checked={checked.has(id)} onChange={(event) => onToggle(id, event.currentTarget.checked)} />
                {' '}{item}
              </label>
            );
          })}
        </fieldset>
      ))}
    </Section>
  );
}

// Step 7's questions, raised by keywords in the changed lines: the reviewer weighs each before
// asking it (most do not apply), so they are listed here and never drafted into the card.
function ReviewerPrompts({ prompts, onShowPlace, onStatus }) {
  if (prompts.length === 0) return null;
  return (
    <Section title="Questions to weigh before asking">
      <ul class="atom-review-list">
        {prompts.map((prompt) => (
          <li key={prompt.question} data-atom-review="reviewer-prompt">
            <span>{prompt.question}</span>{' '}
            <Evidence evidence={prompt.evidence} at={prompt.at ?? null} onShowPlace={onShowPlace} onStatus={onStatus} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function AiSignals({ signals, elevated }) {
  if (signals.length === 0 && !elevated) return null;
  return (
    <Section title="Signs of AI-written code">
      {elevated && <p class="atom-review-warning" data-atom-review="ai-risk">Elevated AI-code risk: review line by line.</p>}
      <ul class="atom-review-list">
        {signals.map((signal) => (
          <li key={`${signal.id}|${signal.evidence}`} data-atom-review="ai-signal"><code>{signal.id}</code> {signal.evidence}</li>
        ))}
      </ul>
    </Section>
  );
}

function Dismissed({ dismissed, onRestore }) {
  if (dismissed.length === 0) return null;
  return (
    <Section title={`Dismissed findings (${dismissed.length})`}>
      <ul class="atom-review-list">
        {dismissed.map((finding) => (
          <li key={`${finding.rule}|${finding.path}|${finding.line}`} data-atom-review="dismissed-finding"
            data-rule={finding.rule} data-path={finding.path ?? undefined} data-line={finding.line ?? undefined}>
            <code>{finding.rule}</code>{` ${locationOf(finding)}: ${finding.problem ?? ''}`}
            {finding.reason && <span class="atom-review-muted">{` — dismissed: ${finding.reason}`}</span>}{' '}
            <button type="button" class="atom-review-link" data-atom-review="restore-button"
              onClick={() => onRestore(finding)}>Restore</button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * result: the review result; checked: ids of the items ticked as stored (a redraw after another
 * tab ticks brings them); onCheckToggled(id, on);
 * onShowPlace({path, line, side}) → 'line' | 'file' | null; onRestore(finding) un-dismisses it;
 * verdicts: those the reviewer gave (review-storage.js); onExportVerdicts() → Promise<string>.
 */
export function PanelSections({
  result, source, checked: stored, onCheckToggled, onShowPlace, onRestore, verdicts = [], onExportVerdicts, repository = null,
  pullRequest = null,
}) {
  // Each redraw brings the ticks as stored (a new list); the panel's clicks since show on them.
  const [clicked, setClicked] = useState({ from: stored, checked: new Set(stored) });
  const checked = clicked.from === stored ? clicked.checked : new Set(stored);
  const [status, setStatus] = useState('');
  const onToggle = (id, on) => {
    const next = new Set(checked);
    if (on) next.add(id); else next.delete(id);
    setClicked({ from: stored, checked: next });
    onCheckToggled(id, on);
  };
  return (
    <div class="atom-review-sections">
      <ReviewSource source={source} />
      <ReviewFiles result={result} headFiles={source?.headFiles} />
      <RepositoryRead repository={repository} />
      <RulesRun result={result} />
      <RiskMap files={result.files ?? []} findings={result.findings ?? []}
        onShowFile={(path) => { if (!onShowPlace({ path, line: null, side: 'new' })) setStatus(`${path} is not shown on this page.`); }} />
      {status && <p class="atom-review-muted" role="status">{status}</p>}
      <ContextSections result={result} onShowPlace={onShowPlace} />
      <PullRequestTypes types={result.pr_types ?? []} onShowPlace={onShowPlace} onStatus={setStatus} />
      <Questions questions={result.questions ?? []} onShowPlace={onShowPlace} onStatus={setStatus} />
      <Checklist checklist={result.checklist ?? []} checked={checked} onToggle={onToggle} />
      <ReviewerPrompts prompts={result.reviewer_prompts ?? []} onShowPlace={onShowPlace} onStatus={setStatus} />
      <ToVerify items={result.to_verify} at={{ ...pullRequest, headSha: result.pr?.head_sha ?? source?.headSha ?? null }} />
      <AiSignals signals={result.ai_signals ?? []} elevated={Boolean(result.elevated_ai_risk)} />
      <Dismissed dismissed={result.dismissed ?? []} onRestore={onRestore} />
      <YourVerdicts verdicts={verdicts} onExport={onExportVerdicts} />
    </div>
  );
}
