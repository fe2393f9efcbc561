// An in-memory chrome.storage: `sync` and `local` areas with get/set, and onChanged firing as the
// browser's does (after the write, with {key: {oldValue, newValue}} and the area's name).
export function fakeStorage({ failReads = false } = {}) {
  const listeners = new Set();
  const area = (name) => {
    const items = new Map();
    return {
      items,
      async get(keys) {
        if (failReads) throw new Error('storage unavailable');
        const wanted = Array.isArray(keys) ? keys : [keys];
        return Object.fromEntries(wanted.filter((key) => items.has(key)).map((key) => [key, structuredClone(items.get(key))]));
      },
      async set(values) {
        const changes = {};
        for (const [key, value] of Object.entries(values)) {
          changes[key] = { oldValue: items.get(key), newValue: value };
          items.set(key, structuredClone(value));
        }
        for (const listener of listeners) listener(changes, name);
      },
    };
  };
  return {
    sync: area('sync'),
    local: area('local'),
    onChanged: { addListener: (listener) => listeners.add(listener), removeListener: (listener) => listeners.delete(listener),
      get count() { return listeners.size; } },
  };
}
