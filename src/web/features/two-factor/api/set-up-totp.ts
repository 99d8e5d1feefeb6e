import { useMutation } from '@tanstack/react-query';
import { type PasswordAgainBody, twoFactorApi } from '../../../../contract/two-factor';
import { call } from '../../../lib/call';

/** A new authenticator secret; the account's password is given again (DESIGN §16). */
export const useSetUpTotp = () =>
  useMutation({ mutationFn: (body: PasswordAgainBody) => call(twoFactorApi.totpSetup, { body }) });
