// Writes into one of GitHub's comment fields so that both the plain form (classic) and React's
// controlled textarea see the change.

/** The text a field holds after appending `draft`: after what is there, one blank line between. */
export function textWithDraftAppended(current, draft) {
  const kept = current.replace(/\s+$/, '');
  return kept === '' ? draft : `${kept}\n\n${draft}`;
}

export function appendDraftToField(field, draft) {
  const next = textWithDraftAppended(field.value, draft);
  // React tracks the value it last set; the prototype's setter goes around that tracking so the
  // following input event registers as a change.
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
  setValue.call(field, next);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.focus();
}
