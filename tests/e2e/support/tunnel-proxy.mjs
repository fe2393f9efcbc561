// The proxy Firefox sends all its traffic through (support/firefox.mjs): Firefox has no
// --host-resolver-rules, and no hook that sees an extension's background requests, so the proxy
// is both the way to the fake GitHub and the browser side of the request audit. A tunnel
// (CONNECT) to one of GitHub's hosts on 443 is joined to the fake GitHub, which records what goes
// through it; a tunnel anywhere else, and any plain-HTTP request, is recorded and refused.
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { FAKE_HOSTS } from './fake-github.mjs';

/** Starts the proxy in front of the fake GitHub on `port`: {port, requests, close()}. */
export async function startTunnelProxy(port) {
  // {host, path, method: 'CONNECT' | the plain request's, origin}, as fake-github.mjs records them.
  const requests = [];
  const tunnels = new Set(); // the sockets of open tunnels, which the HTTP server no longer tracks
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://invalid');
    requests.push({ host: url.hostname, path: url.pathname, method: request.method, origin: request.headers.origin ?? null });
    response.writeHead(502);
    response.end();
  });
  server.on('connect', (request, socket, head) => {
    const { hostname, port: targetPort } = new URL(`https://${request.url}`);
    requests.push({ host: hostname, path: '', method: 'CONNECT', origin: null });
    socket.on('error', () => socket.destroy());
    if (!FAKE_HOSTS.includes(hostname) || targetPort !== '') { // '' is https' own port, 443
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    tunnels.add(socket);
    const upstream = connect(port, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => { tunnels.delete(socket); upstream.destroy(); });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: server.address().port,
    requests,
    async close() {
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      await new Promise((resolve) => { server.close(resolve); });
    },
  };
}
