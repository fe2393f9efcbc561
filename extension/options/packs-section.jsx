// The options page's "Packs" section: the built-in packs (read-only), the imported ones (enable,
// remove), each exported with the user's overrides merged in (pack-export.js), importing a pack
// from a file (its repositories shown, imported on the user's yes), which pack applies to a repository, and per-rule overrides for a pack. Every pack
// and override is checked by the engine (validatePack, through the background) before anything
// is stored. Text from a pack is only ever rendered as text.
import { useEffect, useState } from 'preact/hooks';
import {
  OVERRIDE_LEVELS, addUserPack, loadPacks, onPacksChanged, packsFromStorage, removeUserPack, setPackChoice,
  setRuleOverride, setUserPackEnabled, userPackId,
} from '../shared/pack-store.js';
import { applyingPack, availablePacks, packWithOverrides } from '../shared/pack-choice.js';
import { packTryRequest, packValidateRequest } from '../shared/pack-messages.js';
import { ruleStatusText, useRuleCatalogue } from './rule-catalogue.js';
import { exportFileName, exportFileText, exportedPack } from './pack-export.js';
import { parseRepoPattern } from '../shared/scope.js';
import { isGitHubName } from '../shared/github-name.js';

const message = (error) => String(error?.message ?? error);

/** Resolves to {ok, errors: [{path, message}]}: the engine's verdict on `pack` (an object or JSON text). */
async function validateWithEngine(api, pack) {
  const answer = await api.runtime.sendMessage(packValidateRequest(typeof pack === 'string' ? pack : JSON.stringify(pack)));
  if (!answer?.ok) throw new Error(answer?.error ?? 'the background did not answer');
  return answer.validation;
}

function downloadPack(pack) {
  const url = URL.createObjectURL(new Blob([exportFileText(pack)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(pack.name);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function PackErrors({ errors }) {
  if (!errors?.length) return null;
  return (
    <ul class="pack-errors" data-options="pack-errors" role="alert">
      {errors.map((error, index) => (
        <li key={index} data-options="pack-error" data-path={error.path}><code>{error.path || '/'}</code> {error.message}</li>
      ))}
    </ul>
  );
}

function PackRow({ entry, user, packs, api, onError }) {
  const { pack } = entry;
  const overrideCount = Object.keys(packs.ruleOverrides[entry.id] ?? {}).length;
  return (
    <li class="Box-row" data-options="pack" data-pack-id={entry.id}>
      {user && (
        <input type="checkbox" id={`pack-on-${entry.id}`} aria-label={`Use ${pack.name}`} checked={user.enabled}
          data-options="pack-enabled" onChange={(event) => setUserPackEnabled(api.storage, user.name, event.currentTarget.checked).catch(onError)} />
      )}
      <div class="pack-text">
        <span class="title" data-options="pack-name">{pack.name}</span>
        {pack.version && <span class="Label">v{pack.version}</span>}
        {entry.builtIn && <span class="Label">built-in</span>}
        <span class="description">{(pack.repos ?? []).join(', ')} · {(pack.custom_rules ?? []).length} custom rules,
          {' '}{Object.keys(pack.rules ?? {}).length} rule settings{pack.tiers ? `, ${pack.tiers.length} tier rules` : ''}</span>
      </div>
      <button type="button" class="btn" data-options="pack-export"
        aria-label={`Export ${pack.name}${overrideCount ? ` with your ${overrideCount} rule override(s)` : ''}`}
        onClick={() => downloadPack(exportedPack(entry, packs))}>Export</button>
      {user && (
        <button type="button" class="btn btn-danger" data-options="pack-remove" aria-label={`Remove ${pack.name}`}
          onClick={() => removeUserPack(api.storage, user.name).catch(onError)}>Remove</button>
      )}
    </li>
  );
}

// A pack's repositories come into scope when it is imported: they are shown and the import waits
// for the user's yes (a `*` glob matches any name, so it is said).
function ConfirmImport({ pending, onConfirm, onCancel }) {
  const repos = pending.pack.repos ?? [];
  return (
    <div class="pack-import-confirm" role="alertdialog" aria-labelledby="pack-import-confirm-text" data-options="pack-import-confirm">
      <p id="pack-import-confirm-text">Import {pending.pack.name}? Its pull requests will be reviewed (and list rows' diffs downloaded) in
        {repos.length === 0 ? ' no repository.' : ` ${repos.length} repositor${repos.length === 1 ? 'y' : 'ies'}:`}</p>
      <ul data-options="pack-import-repos">{repos.map((repo) => <li key={repo}><code>{repo}</code>{repo.includes('*') ? ' (* matches any name)' : ''}</li>)}</ul>
      <button type="button" class="btn btn-primary" data-options="pack-import-confirm-button" onClick={onConfirm}>Import</button>
      <button type="button" class="btn" data-options="pack-import-cancel" onClick={onCancel}>Cancel</button>
    </div>
  );
}

function ImportPack({ api }) {
  const [status, setStatus] = useState(null); // {ok, text, errors}
  const [pending, setPending] = useState(null); // {pack}: validated, waiting for the user's yes
  const confirm = async () => {
    const { pack } = pending;
    setPending(null);
    try {
      await addUserPack(api.storage, pack);
      setStatus({ ok: true, text: `${pack.name} imported.` });
    } catch (error) {
      setStatus({ ok: false, text: message(error) });
    }
  };
  const cancel = () => {
    setStatus({ ok: false, text: `${pending.pack.name} was not imported.` });
    setPending(null);
  };
  const onChange = async (event) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const text = await file.text();
      let pack;
      try {
        pack = JSON.parse(text);
      } catch (error) {
        setStatus({ ok: false, text: `${file.name} is not JSON`, errors: [{ path: '', message: message(error) }] });
        return;
      }
      const validation = await validateWithEngine(api, text);
      if (!validation.ok) {
        setStatus({ ok: false, text: `${file.name} was not imported: the engine found ${validation.errors.length} error(s)`, errors: validation.errors });
        return;
      }
      setStatus(null);
      setPending({ pack });
    } catch (error) {
      setStatus({ ok: false, text: message(error) });
    } finally {
      input.value = '';
    }
  };
  return (
    <div class="Box-row pack-import">
      <label for="import-pack"><span class="title">Import a pack</span>
        <span class="description">A pack JSON file (core/packs/README.md); it is checked by the engine before it is kept.</span></label>
      <input type="file" id="import-pack" accept=".json,application/json" data-options="pack-import" onChange={onChange} />
      {pending && <ConfirmImport pending={pending} onConfirm={confirm} onCancel={cancel} />}
      <p role="status" data-options="pack-import-status" class={status ? (status.ok ? 'flash-success' : 'flash-error') : ''}>{status?.text ?? ''}</p>
      <PackErrors errors={status?.errors} />
    </div>
  );
}

function PackChoice({ api, packs, builtInPacks, onError }) {
  const [repoText, setRepoText] = useState('');
  const [packId, setPackId] = useState('');
  const [status, setStatus] = useState(null);
  const available = availablePacks(builtInPacks, packs);
  const nameOf = (id) => available.find((entry) => entry.id === id)?.pack.name ?? `${id} (not available)`;
  const pattern = parseRepoPattern(repoText);
  const repository = pattern && pattern.repo !== '*' ? pattern : null;
  const applying = repository ? applyingPack(builtInPacks, packs, repository) : null;
  const onSubmit = (event) => {
    event.preventDefault();
    if (!repository || !isGitHubName(repository.repo)) {
      setStatus({ ok: false, text: `${JSON.stringify(repoText.trim())} is not OWNER/REPO` });
      return;
    }
    setPackChoice(api.storage, repository, packId || null).then(
      () => setStatus({ ok: true, text: `${repository.owner}/${repository.repo}: ${packId ? nameOf(packId) : 'the default pack'}.` }),
      (error) => setStatus({ ok: false, text: message(error) }));
  };
  return (
    <div class="pack-choice">
      <h3>Which pack applies</h3>
      <p class="note">By default the built-in pack whose repositories name the repository, else an enabled imported one that does.</p>
      <ul class="list-reset" data-options="pack-choices">
        {Object.entries(packs.packChoices).map(([repo, chosen]) => (
          <li class="Box-row" key={repo} data-options="pack-choice" data-repo={repo}>
            <code>{repo}</code><span>{nameOf(chosen)}</span>
            <button type="button" class="btn" aria-label={`Use the default pack for ${repo}`}
              onClick={() => { const [owner, name] = repo.split('/'); setPackChoice(api.storage, { owner, repo: name }, null).catch(onError); }}>Default</button>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit}>
        <div class="Box-row">
          <input type="text" id="pack-choice-repo" aria-label="Repository (OWNER/REPO)" placeholder="OWNER/REPO" value={repoText}
            spellcheck={false} autocomplete="off" onInput={(event) => setRepoText(event.currentTarget.value)} />
          <select id="pack-choice-pack" aria-label="Pack" value={packId} onChange={(event) => setPackId(event.currentTarget.value)}>
            <option value="">Default</option>
            {available.map((entry) => <option key={entry.id} value={entry.id}>{entry.pack.name}{entry.builtIn ? ' (built-in)' : ''}</option>)}
          </select>
          <button type="submit" class="btn" data-options="pack-choice-button">Set</button>
        </div>
        {repository && <p class="note" data-options="pack-applies">Applies now: {applying ? applying.pack.name : 'no pack'}</p>}
        <p role="status" data-options="pack-choice-status" class={status ? (status.ok ? 'flash-success' : 'flash-error') : ''}>{status?.text ?? ''}</p>
      </form>
    </div>
  );
}

function RuleOverrides({ api, packs, builtInPacks, onError }) {
  const catalogue = useRuleCatalogue(api);
  const ruleById = new Map(catalogue.map((rule) => [rule.id, rule]));
  const available = availablePacks(builtInPacks, packs);
  const [packId, setPackId] = useState(available[0]?.id ?? '');
  const [ruleId, setRuleId] = useState('');
  const [level, setLevel] = useState('off');
  const [status, setStatus] = useState(null);
  const entry = available.find((candidate) => candidate.id === packId) ?? available[0];
  if (!entry) return null;
  const overrides = packs.ruleOverrides[entry.id] ?? {};
  // An override is kept only when the pack with it merged in passes the engine's check (an unknown
  // rule id, a red custom rule without a trigger, are refused with the engine's words).
  const apply = async (rule, nextLevel) => {
    const next = { ...overrides };
    if (nextLevel === null) delete next[rule];
    else next[rule] = nextLevel;
    const validation = await validateWithEngine(api, packWithOverrides(entry.pack, next));
    if (!validation.ok) {
      setStatus({ ok: false, text: `${rule} → ${nextLevel}: not kept`, errors: validation.errors });
      return;
    }
    await setRuleOverride(api.storage, entry.id, rule, nextLevel);
    setStatus({ ok: true, text: nextLevel === null ? `${rule}: the pack's own setting again.` : `${rule}: ${nextLevel}.` });
  };
  const onSubmit = (event) => {
    event.preventDefault();
    const rule = ruleId.trim();
    if (!rule) return;
    apply(rule, level).then(() => setRuleId(''), (error) => setStatus({ ok: false, text: message(error) }));
  };
  const customIds = (entry.pack.custom_rules ?? []).map((rule) => rule.id);
  return (
    <div class="pack-overrides">
      <h3>Rule overrides</h3>
      <div class="Box-row">
        <label for="override-pack">For the pack</label>
        <select id="override-pack" value={entry.id} onChange={(event) => { setPackId(event.currentTarget.value); setStatus(null); }}>
          {available.map((candidate) => <option key={candidate.id} value={candidate.id}>{candidate.pack.name}{candidate.builtIn ? ' (built-in)' : ''}</option>)}
        </select>
      </div>
      <ul class="list-reset" data-options="rule-overrides">
        {[...new Set([...customIds, ...Object.keys(overrides)])].map((rule) => (
          <li class="Box-row" key={rule} data-options="rule-override" data-rule={rule}>
            <code>{rule}</code>
            <span class="description" data-options="rule-status">{ruleStatusText(ruleById.get(rule))}</span>
            <select aria-label={`${rule} level`} value={overrides[rule] ?? ''}
              onChange={(event) => apply(rule, event.currentTarget.value || null).catch(onError)}>
              <option value="">the pack's own</option>
              {OVERRIDE_LEVELS.map((option) => <option key={option} value={option}>{option}</option>)}
            </select>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit}>
        <div class="Box-row">
          <input type="text" id="override-rule" aria-label="Rule id" placeholder="rule id, e.g. HK3" list="override-rule-ids"
            value={ruleId} spellcheck={false} autocomplete="off" onInput={(event) => setRuleId(event.currentTarget.value)} />
          <datalist id="override-rule-ids" data-options="rule-catalogue">
            {catalogue.map((rule) => <option key={rule.id} value={rule.id} label={`${rule.summary} (${ruleStatusText(rule)})`} />)}
          </datalist>
          <select id="override-level" aria-label="Level" value={level} onChange={(event) => setLevel(event.currentTarget.value)}>
            {OVERRIDE_LEVELS.map((option) => <option key={option} value={option}>{option}</option>)}
          </select>
          <button type="submit" class="btn" data-options="override-button">Override</button>
        </div>
      </form>
      <p role="status" data-options="override-status" class={status ? (status.ok ? 'flash-success' : 'flash-error') : ''}>{status?.text ?? ''}</p>
      <PackErrors errors={status?.errors} />
    </div>
  );
}

// Reviews a pasted diff with a pack (its overrides merged in) and lists the findings as text.
function TryPack({ api, packs, builtInPacks }) {
  const available = availablePacks(builtInPacks, packs);
  const [packId, setPackId] = useState(available[0]?.id ?? '');
  const [diff, setDiff] = useState('');
  const [outcome, setOutcome] = useState(null); // {findings, errors} | {failure}
  const entry = available.find((candidate) => candidate.id === packId) ?? available[0];
  if (!entry) return null;
  const onSubmit = (event) => {
    event.preventDefault();
    const pack = packWithOverrides(entry.pack, packs.ruleOverrides[entry.id] ?? {});
    api.runtime.sendMessage(packTryRequest(JSON.stringify(pack), diff)).then((answer) => {
      if (!answer?.ok) throw new Error(answer?.error ?? 'the background did not answer');
      const result = JSON.parse(answer.resultJson);
      setOutcome({ findings: result.findings ?? [], errors: result.errors ?? [] });
    }).catch((error) => setOutcome({ failure: message(error) }));
  };
  return (
    <form class="pack-try" onSubmit={onSubmit}>
      <h3>Try a pack on a diff</h3>
      <div class="Box-row">
        <label for="try-pack-pack">Pack</label>
        <select id="try-pack-pack" value={entry.id} onChange={(event) => setPackId(event.currentTarget.value)}>
          {available.map((candidate) => <option key={candidate.id} value={candidate.id}>{candidate.pack.name}{candidate.builtIn ? ' (built-in)' : ''}</option>)}
        </select>
        <button type="submit" class="btn" data-options="try-pack-button">Review</button>
      </div>
      <div class="Box-row">
        <textarea id="try-pack-diff" aria-label="A unified diff (git diff)" placeholder="Paste a diff (git diff output)" rows={8}
          spellcheck={false} value={diff} onInput={(event) => setDiff(event.currentTarget.value)} />
      </div>
      {outcome?.failure && <p class="flash-error" role="alert" data-options="try-pack-failure">{outcome.failure}</p>}
      {outcome && !outcome.failure && (
        <ul class="pack-try-findings" data-options="try-pack-findings" aria-live="polite">
          {outcome.errors.map((error, index) => <li key={`e${index}`} class="flash-error" data-options="try-pack-error">{error.message ?? JSON.stringify(error)}</li>)}
          {outcome.findings.length === 0 && outcome.errors.length === 0 && <li data-options="try-pack-none">No finding.</li>}
          {outcome.findings.map((finding, index) => (
            <li key={index} data-options="try-pack-finding" data-rule={finding.rule} data-severity={finding.severity}>
              <code>{finding.severity} {finding.rule} {finding.path ?? ''}{finding.line ? `:${finding.line}` : ''}</code> {finding.problem}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

export function PacksSection({ api, builtInPacks, onError }) {
  const [packs, setPacks] = useState(null);
  useEffect(() => {
    const controller = new AbortController();
    loadPacks(api.storage).then(setPacks, (failure) => { onError(failure); setPacks(packsFromStorage({})); });
    onPacksChanged(api.storage, setPacks, controller.signal);
    return () => controller.abort();
  }, [api]);
  if (!packs) return null;
  const userEntries = packs.userPacks.map((user) => ({ user, entry: { id: userPackId(user.name), pack: user.pack, builtIn: false } }));
  return (
    <section class="Box" aria-labelledby="packs-heading" data-options="packs">
      <div class="Box-header">
        <h2 id="packs-heading">Packs</h2>
        <p>A pack is a repository's knowledge for the engine: tiers, rule settings and its own pattern rules.
          The repositories an enabled pack names are in scope.</p>
      </div>
      <ul class="list-reset" data-options="pack-list">
        {builtInPacks.map(({ id, pack }) => <PackRow key={id} entry={{ id, pack, builtIn: true }} packs={packs} api={api} onError={onError} />)}
        {userEntries.map(({ user, entry }) => <PackRow key={entry.id} entry={entry} user={user} packs={packs} api={api} onError={onError} />)}
      </ul>
      <ImportPack api={api} />
      <PackChoice api={api} packs={packs} builtInPacks={builtInPacks} onError={onError} />
      <RuleOverrides api={api} packs={packs} builtInPacks={builtInPacks} onError={onError} />
      <TryPack api={api} packs={packs} builtInPacks={builtInPacks} />
    </section>
  );
}
