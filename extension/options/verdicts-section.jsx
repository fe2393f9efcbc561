// The pull requests where the reviewer gave verdicts on findings (content/field-labels.js), each
// with its counts and how many are not yet in an exported file, and a link to its page, where
// "Export verdicts" in the panel saves them. Read from storage.local, and again when it changes.
// Above them, the switch that runs the rules measured off too, so that they can be judged as well;
// below, where each rule stands and how many verdicts worth raising would move it on.
import { useEffect, useState } from 'preact/hooks';
import { setOffRulesRun } from '../shared/settings.js';
import { nextStatusText, ruleStatusText, useRuleCatalogue } from './rule-catalogue.js';
import { pullRequestKey } from '../shared/pull-request-key.js';
import { REVIEW_STATE_PREFIX, pullRequestsWithVerdicts } from '../shared/verdicts.js';

function useVerdictPullRequests(api) {
  const [found, setFound] = useState([]);
  useEffect(() => {
    let live = true;
    const read = () => api.storage.local.get(null).then((items) => { if (live) setFound(pullRequestsWithVerdicts(items)); }, () => {});
    const onChanged = (changes, area) => {
      if (area === 'local' && Object.keys(changes).some((key) => key.startsWith(REVIEW_STATE_PREFIX))) read();
    };
    read();
    api.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      api.storage.onChanged.removeListener(onChanged);
    };
  }, [api]);
  return found;
}

const filesPage = ({ host, owner, repo, number }) => `https://${host}/${owner}/${repo}/pull/${number}/files`;

// The rules nearest their next status first; stable ones (nothing to move) last.
const byDistance = (a, b) => (a.next_status?.worth_raising_in_a_row ?? Infinity) - (b.next_status?.worth_raising_in_a_row ?? Infinity)
  || a.id.localeCompare(b.id);

function RuleStandings({ api }) {
  const catalogue = useRuleCatalogue(api);
  if (catalogue.length === 0) return null;
  return (
    <details class="rule-standings" data-options="rule-standings">
      <summary>Where each rule stands, and what labels would move it</summary>
      <p class="description">Counted from the labels in the engine this extension was built with; your exported verdicts count
        once imported and the extension rebuilt. A label that is not "worth raising" moves a rule back.</p>
      <table>
        <thead><tr><th scope="col">Rule</th><th scope="col">Now</th><th scope="col">Next</th></tr></thead>
        <tbody>
          {[...catalogue].sort(byDistance).map((rule) => (
            <tr key={rule.id} data-options="rule-standing" data-rule={rule.id}>
              <th scope="row"><code title={rule.summary}>{rule.id}</code></th>
              <td>{ruleStatusText(rule)}</td>
              <td>{nextStatusText(rule) || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function VerdictsSection({ api, settings, onError }) {
  const found = useVerdictPullRequests(api);
  return (
    <section class="Box" aria-labelledby="verdicts-heading">
      <div class="Box-header">
        <h2 id="verdicts-heading">Your verdicts</h2>
        <p>Where you marked findings worth raising, true but minor, or wrong. Exported from the pull request's panel
          ("Export verdicts"), with its diff, they become labels that measure each rule's precision. Nothing is sent
          anywhere: the export is a file you save.</p>
      </div>
      <div class="Box-row">
        <input type="checkbox" id="off-rules" data-options="off-rules-switch" checked={settings.offRules}
          onChange={(event) => setOffRulesRun(api.storage, event.currentTarget.checked).catch(onError)} />
        <label for="off-rules">
          <span class="title">Run the rules measured off too</span>
          <span class="description">Their hand labels showed them mostly wrong or not worth a minute, so they do not run.
            With this on, the pull request pages show their findings as well, as notes, for you to judge: your verdicts are
            what can bring one back. List badges are not affected.</span>
        </label>
      </div>
      {found.length === 0
        ? <p class="Box-row" data-options="no-verdicts">No verdicts yet.</p>
        : (
          <ul class="list-reset" data-options="verdict-list">
            {found.map(({ pr, head, counts, unexported }) => (
              <li class="Box-row" key={`${pullRequestKey(pr)}@${head}`} data-options="verdict-pr" data-pr={pullRequestKey(pr)}
                data-unexported={String(unexported)}>
                <a href={filesPage(pr)} target="_blank" rel="noopener noreferrer">{pullRequestKey(pr)}</a>
                <code>{` @${head.slice(0, 10)}`}</code>
                {` ${counts.TP} worth raising · ${counts.LOW} true, minor · ${counts.FP} wrong; `}
                {unexported === 0 ? 'all exported' : <strong>{`${unexported} not exported yet`}</strong>}
              </li>
            ))}
          </ul>
        )}
      <RuleStandings api={api} />
    </section>
  );
}
