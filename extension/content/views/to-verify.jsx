// "To verify": what the engine found in the repository for the reviewer to look at (a method's
// overrides, a function's callers), each site a link to the file at its line at the PR's head.
// Evidence for a reader, not a finding: never drafted into the card. Text only.
import { siteLink } from '../to-verify-links.js';

export const TO_VERIFY = 'to-verify';

/** items: the result's `to_verify` ([{kind, subject, text, sites: [{path, line, label}], more}]); at: {host, owner, repo, headSha}. */
export function ToVerify({ items, at }) {
  if (!Array.isArray(items) || items.length === 0) return null;
  return (
    <section class="atom-review-section" data-atom-review={TO_VERIFY}>
      <h3 class="atom-review-section-title">To verify</h3>
      <ul class="atom-review-list">
        {items.map((item) => (
          <li key={`${item.kind}|${item.subject}`} data-atom-review="to-verify-item" data-kind={item.kind}>
            <code>{item.subject}</code>{' '}<span>{item.text}</span>
            <ul class="atom-review-list">
              {(item.sites ?? []).map((site) => {
                const href = siteLink(at, site);
                const place = `${site.path}:${site.line}`;
                return (
                  <li key={place} data-atom-review="to-verify-site">
                    {href ? <a href={href} target="_blank" rel="noopener noreferrer">{place}</a> : <span>{place}</span>}
                    {site.label && <span class="atom-review-muted">{` ${site.label}`}</span>}
                  </li>
                );
              })}
              {item.more > 0 && <li class="atom-review-muted">{`and ${item.more} more`}</li>}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
