/**
 * The baseline for public reads: a bare Fastify route per path, answering the
 * very bytes the site answered, its headers as well as its body (a response of
 * three times the size is slower to send and to read, whoever builds it), with
 * nothing else in the way. Run as its own process, like the site:
 * `node --import tsx bench/bare-server.ts <port> <routes.json>`.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(file!, 'utf8')) as Array<{
  path: string;
  body: string;
  headers: Record<string, string>;
}>;
const app = Fastify();
for (const { path, body, headers } of routes) {
  app.get(path.split('?')[0]!, async (_request, reply) =>
    reply.headers(headers).type('application/json; charset=utf-8').send(body),
  );
}
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
