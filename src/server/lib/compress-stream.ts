import { pipeline, type Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type StreamEncoding = 'br' | 'gzip';

/**
 * The encoding a long streamed answer (a draw's proof, a data download) is sent in: brotli or gzip
 * when the client takes it (`Accept-Encoding`, a `q=0` refusing), else none.
 */
export function encodingFor(request: FastifyRequest): StreamEncoding | undefined {
  const taken = new Map(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => {
        const [name = '', ...params] = part.trim().toLowerCase().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return [name, q ? Number(q.slice(2)) : 1] as const;
      }),
  );
  const takes = (name: string) => (taken.get(name) ?? taken.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

/**
 * The stream as sent in `encoding`, with the headers that say so. Brotli at quality 5 and gzip at 6,
 * fast enough to keep up with the database reading it; a failure on either side ends both.
 */
export function compressed(reply: FastifyReply, stream: Readable, encoding: StreamEncoding | undefined) {
  reply.header('vary', 'accept-encoding');
  if (!encoding) return stream;
  reply.header('content-encoding', encoding);
  const squeeze =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
  return pipeline(stream, squeeze, () => undefined);
}
