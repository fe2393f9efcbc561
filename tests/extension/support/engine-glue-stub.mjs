// A module resolve hook for Node: `atom-engine-glue` (the Emscripten glue esbuild bundles in)
// resolves to a stub, so these tests import extension/background/engine-host.js with a fake module
// of their own and no built engine (tests/wasm runs the host on the real one).
const STUB = `data:text/javascript,${encodeURIComponent('export default () => { throw new Error("no engine in these tests"); };')}`;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'atom-engine-glue') return { url: STUB, shortCircuit: true };
  return nextResolve(specifier, context);
}
