import { expect } from 'vitest';
import { authApi } from '../../src/contract/auth';
import { registration } from '../factories';
import type { TestApp } from './app';
import { inject } from './inject';

type Headers = Record<string, string>;

/**
 * A member who signed up through the API with a password (`overrides` on the factory's body): what they
 * sent, who they are and their first session.
 */
export async function signUp(
  t: Pick<TestApp, 'app'>,
  overrides: Record<string, unknown> = {},
  from: { headers?: Headers; remoteAddress?: string } = {},
) {
  const body = registration(overrides);
  const res = await inject(t, authApi.register, { body, ...from });
  expect(res.statusCode, res.body).toBe(201);
  const { token, user } = res.data();
  return { body, user, token, headers: { authorization: `Bearer ${token}` } as Headers };
}

/** Who a session belongs to, or the refusal when it is not one. */
export const me = (t: Pick<TestApp, 'app'>, headers: Headers) => inject(t, authApi.me, { headers });
