import { useMutation } from '@tanstack/react-query';
import { accountApi } from '../../../../contract/account';
import { call } from '../../../lib/call';

/** Signs out every device but this one. */
export const useEndOtherSessions = () => useMutation({ mutationFn: () => call(accountApi.endOtherSessions) });
