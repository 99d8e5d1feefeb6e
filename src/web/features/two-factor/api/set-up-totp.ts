import { useMutation } from '@tanstack/react-query';
import { twoFactorApi } from '../../../../contract/two-factor';
import { call } from '../../../lib/call';

export const useSetUpTotp = () => useMutation({ mutationFn: () => call(twoFactorApi.totpSetup) });
