// Calls `onChange` (debounced) whenever the page's DOM changes under `target`, until `signal`
// aborts. React re-renders and lazy loading add, replace and remove file containers at any time.
export function onDomChanges(target, onChange, signal, { debounceMs = 100 } = {}) {
  let timer = null;
  const observer = new MutationObserver(() => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      if (!signal.aborted) onChange();
    }, debounceMs);
  });
  observer.observe(target, { childList: true, subtree: true });
  signal.addEventListener('abort', () => {
    observer.disconnect();
    clearTimeout(timer);
  }, { once: true });
}
