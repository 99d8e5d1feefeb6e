import { useMutation } from '@tanstack/react-query';
import { SPIN_ANIMATION_MS } from '../../../../contract/gamification-rules';
import { wheelApi } from '../../../../contract/wheel';
import { call } from '../../../lib/call';

/** Spins; what the spin changed (balances, achievements' toasts) shows once the wheel has stopped. */
export const useSpin = () =>
  useMutation({ mutationFn: () => call(wheelApi.spin), meta: { revealAfterMs: SPIN_ANIMATION_MS } });
