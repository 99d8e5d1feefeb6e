import { type EndpointSpec, urlOf } from '../../src/contract/endpoint';

/** What became of one request: its status, or 'network' when no answer came (a killed instance). */
export interface Outcome {
  route: string;
  instance: string;
  status: number | 'network';
  startedAt: number;
  /** When the answer (or the failure to get one) came. */
  endedAt: number;
  /** The error code a 5xx answer gave. */
  code?: string;
}

export interface Answer {
  status: number | 'network';
  body: Record<string, unknown>;
}

/** Every request the run makes goes through here, so the summary and the 5xx check see them all. */
export class Recorder {
  readonly outcomes: Outcome[] = [];

  async call(
    instance: string,
    route: string,
    spec: Pick<EndpointSpec, 'method' | 'path'>,
    opts: { params?: object; query?: object; token?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const startedAt = Date.now();
    const outcome: Outcome = { route, instance, status: 'network', startedAt, endedAt: startedAt };
    this.outcomes.push(outcome);
    try {
      const res = await fetch(`${instance}${urlOf(spec, opts)}`, {
        method: spec.method,
        headers: {
          ...(opts.token && { authorization: `Bearer ${opts.token}` }),
          ...(opts.body !== undefined && { 'content-type': 'application/json' }),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(15_000),
      });
      outcome.status = res.status;
      const text = await res.text();
      outcome.endedAt = Date.now();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text);
      } catch {
        body = { text };
      }
      if (res.status >= 500) outcome.code = String(body.code);
      return { status: res.status, body };
    } catch {
      outcome.endedAt = Date.now();
      return { status: 'network', body: {} };
    }
  }
}

export const ok = (a: Answer) => typeof a.status === 'number' && a.status < 300;
/** An answer that says nothing about whether the write happened. */
export const unknown = (a: Answer) =>
  a.status === 'network' || (typeof a.status === 'number' && a.status >= 500);
