import { useMutation } from '@tanstack/react-query';
import { type CodeBody, twoFactorApi } from '../../../../contract/two-factor';
import { call } from '../../../lib/call';

/**
 * Turns the authenticator on. Nothing is read afresh yet: the page would move on (the console would
 * open) before the recovery codes were saved; TotpSetup's onDone reads the status again.
 */
export const useConfirmTotp = () =>
  useMutation({
    mutationFn: (body: CodeBody) => call(twoFactorApi.totpConfirm, { body }),
    meta: { changedNothing: () => true },
  });
