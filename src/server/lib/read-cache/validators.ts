import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An answer serialised once, with the ETag that names this version of it. */
export interface EtaggedAnswer {
  body: string;
  etag: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Serialises an answer once, named by a hash of its text: the same answer always gets the same ETag. */
export function serialiseWithEtag(value: unknown): EtaggedAnswer {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Whether If-None-Match names this ETag: a list, weak forms (a proxy that compressed it) or `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Names this version of the answer, and how long others may keep it. */
export function setValidators(reply: FastifyReply, answer: EtaggedAnswer, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', answer.etag);
}

/** Sends an answer with its ETag: 304 and no body to a client that holds this version already. */
export function sendEtaggedAnswer(request: FastifyRequest, reply: FastifyReply, answer: EtaggedAnswer) {
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  return reply.type(JSON_TYPE).send(answer.body);
}
