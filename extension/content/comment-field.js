// Writes the drafted card into one of GitHub's comment fields the way typing would: through the
// browser's editing commands, so the undo stack keeps working and GitHub's own listeners (classic
// forms and React's controlled textareas) see an `input` event. Never overwrites the user's text.

/** The text a field holds after appending `draft`: after what is there, one blank line between. */
export function textWithDraftAppended(current, draft) {
  const kept = current.replace(/\s+$/, '');
  return kept === '' ? draft : `${kept}\n\n${draft}`;
}

/**
 * Where the draft goes: the range [start, end) of `current` to replace, and the text to put there.
 * A previous draft of ours still unedited at the end of the field is replaced; anything else —
 * the user's text, or a draft they edited — stays, and the new draft goes after it.
 */
export function planDraftInsertion(current, draft, previousDraft) {
  if (previousDraft && current.endsWith(previousDraft)) {
    return { start: current.length - previousDraft.length, end: current.length, text: draft };
  }
  const kept = current.replace(/\s+$/, '');
  return { start: kept.length, end: current.length, text: kept === '' ? draft : `\n\n${draft}` };
}

const lastDraftIn = new WeakMap();  // field → the draft text we last put there

export function appendDraftToField(field, draft) {
  const plan = planDraftInsertion(field.value, draft, lastDraftIn.get(field));
  const expected = field.value.slice(0, plan.start) + plan.text + field.value.slice(plan.end);
  field.focus();
  field.setSelectionRange(plan.start, plan.end);
  // insertText is an undoable edit that fires `input` like typing; browsers that refuse it get
  // the value set directly (around React's value tracking) and an explicit input event.
  const typed = field.ownerDocument.execCommand('insertText', false, plan.text);
  if (!typed || field.value !== expected) {
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
    setValue.call(field, expected);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  lastDraftIn.set(field, draft);
}
