import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startPageFeatures } from '../../extension/content/lifecycle.js';

// A window with just what the lifecycle uses; the URL poll runs when the test says so.
function fakeWindow(path) {
  const win = new EventTarget();
  win.location = { origin: 'https://github.com', host: 'github.com', pathname: path, search: '', hash: '' };
  win.setInterval = (callback) => { win.poll = callback; return 1; };
  win.clearInterval = () => { win.poll = null; };
  return win;
}

function recordingFeature(pattern) {
  const runs = [];
  return {
    runs,
    feature: {
      id: 'recording',
      match: (location) => (pattern.test(location.pathname) ? { path: location.pathname } : null),
      run: (params, signal) => { runs.push({ params, signal }); },
    },
  };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('runs a feature on a matching page only', async () => {
  const { runs, feature } = recordingFeature(/\/files$/);
  const win = fakeWindow('/o/r/pull/1');
  const stop = startPageFeatures([feature], { win });
  await settle();
  assert.equal(runs.length, 0);
  win.location.pathname = '/o/r/pull/1/files';
  win.poll();
  await settle();
  assert.deepEqual(runs.map((r) => r.params), [{ host: 'github.com', path: '/o/r/pull/1/files' }], 'the params carry the page\'s host');
  stop();
});

test('every navigation signal aborts the running page and starts again', async () => {
  for (const type of ['turbo:render', 'soft-nav:end', 'soft-nav:react-done', 'popstate']) {
    const { runs, feature } = recordingFeature(/files/);
    const win = fakeWindow('/o/r/pull/1/files');
    const stop = startPageFeatures([feature], { win });
    await settle();
    win.dispatchEvent(new Event(type));
    await settle();
    assert.equal(runs.length, 2, type);
    assert.equal(runs[0].signal.aborted, true, type);
    assert.equal(runs[1].signal.aborted, false, type);
    stop();
    assert.equal(runs[1].signal.aborted, true, `${type}: stop() aborts`);
  }
});

test('the URL poll restarts on a new path or query, not on a new hash', async () => {
  const { runs, feature } = recordingFeature(/files/);
  const win = fakeWindow('/o/r/pull/1/files');
  const stop = startPageFeatures([feature], { win });
  await settle();
  win.location.hash = '#diff-abc';
  win.poll();
  await settle();
  assert.equal(runs.length, 1, 'hash change keeps the page');
  win.location.search = '?w=1';
  win.poll();
  await settle();
  assert.equal(runs.length, 2);
  win.location.pathname = '/o/r/pull/1';
  win.poll();
  await settle();
  assert.equal(runs.length, 2, 'no run on a page the feature does not match');
  assert.equal(runs[1].signal.aborted, true, 'leaving the page aborts its run');
  stop();
});

test('a failing feature is logged and does not stop the others', async () => {
  const warnings = [];
  const { runs, feature } = recordingFeature(/files/);
  const failing = { id: 'failing', match: () => ({}), run: () => { throw new Error('boom'); } };
  const win = fakeWindow('/o/r/pull/1/files');
  const stop = startPageFeatures([failing, feature], { win, log: { warn: (...args) => warnings.push(args.join(' ')) } });
  await settle();
  assert.equal(runs.length, 1);
  assert.match(warnings.join('\n'), /feature failing failed:.*boom/);
  stop();
});

test('while a visit is under way the poll does not start the new page on the old content', async () => {
  for (const [started, rendered] of [['turbo:visit', 'turbo:render'], ['soft-nav:start', 'soft-nav:end']]) {
    const { runs, feature } = recordingFeature(/pull/);
    const win = fakeWindow('/o/r/pull/1');
    const stop = startPageFeatures([feature], { win });
    await settle();
    win.dispatchEvent(new Event(started));
    win.location.pathname = '/o/r/pull/1/files'; // pushed before the new page is there
    win.poll();
    await settle();
    assert.equal(runs.length, 1, `${started}: nothing starts before the render`);
    win.dispatchEvent(new Event(rendered));
    await settle();
    assert.deepEqual(runs.map((r) => r.params.path), ['/o/r/pull/1', '/o/r/pull/1/files'], started);
    win.location.pathname = '/o/r/pull/2';
    win.poll();
    await settle();
    assert.equal(runs.length, 3, `${started}: after the render the poll works again`);
    stop();
  }
});

test('a feature not allowed never runs; refresh stops it when it is no longer allowed and starts it when it is', async () => {
  const { runs, feature } = recordingFeature(/\/files$/);
  const win = fakeWindow('/o/r/pull/1/files');
  let allowed = false;
  let refresh;
  const env = { marker: 'env' };
  const stop = startPageFeatures([feature], { win, env, allows: (_feature, params) => allowed && params.path.length > 0,
    refreshOn: (given) => { refresh = given; } });
  await settle();
  assert.equal(runs.length, 0, 'not allowed: not run at all');
  allowed = true;
  refresh([]);
  await settle();
  assert.equal(runs.length, 1);
  refresh([]);
  await settle();
  assert.equal(runs.length, 1, 'still allowed: keeps running, not restarted');
  allowed = false;
  refresh([]);
  assert.equal(runs[0].signal.aborted, true, 'switched off: aborted at once');
  allowed = true;
  refresh([]);
  refresh(['recording']);
  await settle();
  assert.equal(runs.length, 3, 'allowed again, then restarted by name');
  assert.equal(runs[1].signal.aborted, true);
  assert.equal(runs[2].signal.aborted, false);
  stop();
  assert.equal(runs[2].signal.aborted, true);
  refresh([]);
  await settle();
  assert.equal(runs.length, 3, 'nothing starts after stop()');
});

test('every run gets the env it was started with', async () => {
  const seen = [];
  const feature = { id: 'f', match: () => ({}), run: (_params, _signal, env) => { seen.push(env); } };
  const env = { repoInScope: () => true };
  const stop = startPageFeatures([feature], { win: fakeWindow('/x'), env });
  await settle();
  assert.equal(seen[0], env);
  stop();
});
