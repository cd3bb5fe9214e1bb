import { createServer } from 'node:http';

import { HOST, NO_CORS_PORT } from './ports.ts';

// An MCP-looking endpoint that sends no CORS headers, the most common reason a browser cannot talk to a
// server: the preflight gets no Access-Control-Allow-Origin, so the browser withholds every response.
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('no-cors fixture\n');
    return;
  }
  res
    .writeHead(req.method === 'OPTIONS' ? 204 : 200, { 'content-type': 'application/json' })
    .end(req.method === 'OPTIONS' ? undefined : '{}');
});
server.listen(NO_CORS_PORT, HOST, () => console.log(`no-cors fixture: http://${HOST}:${NO_CORS_PORT}/mcp`));

const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
