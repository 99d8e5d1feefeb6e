import type { TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import type { EnterBody } from '../../../contract/prizes';
import { prizesApi } from '../../../contract/prizes-api';

// What the prize tests share.

/** Enters as `headers` ask; a payload off the contract is sent as it is, to see it refused. */
export const enter = (t: TestApp, prizeId: string, headers: Record<string, string>, payload: unknown) =>
  inject(t, prizesApi.enter, { params: { id: prizeId }, headers, body: payload as EnterBody });
