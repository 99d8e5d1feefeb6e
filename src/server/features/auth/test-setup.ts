import type { TestApp } from '../../../../tests/helpers/app';
import { rawInject } from '../../../../tests/helpers/inject';
import { authApi } from '../../../contract/auth';

// What the sign-up and sign-in tests share.

/** Signs up with whatever body a test gives, one the contract refuses included. */
export async function register(t: TestApp, body: unknown) {
  return rawInject(t, authApi.register, { payload: body as object });
}
