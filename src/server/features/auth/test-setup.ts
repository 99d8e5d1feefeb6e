import type { TestApp } from '../../../../tests/helpers/app';

// What the sign-up and sign-in tests share.

export async function register(t: TestApp, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body as object });
}
