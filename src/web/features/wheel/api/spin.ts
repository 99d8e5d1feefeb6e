import { useMutation } from '@tanstack/react-query';
import { SPIN_ANIMATION_MS } from '../../../../contract/gamification-rules';
import type { SpinResponse } from '../../../../contract/wheel';
import { api } from '../../../lib/api-client';

export const spin = () => api<SpinResponse>('/instant-win/spin', { method: 'POST' });

/** Spins; what the spin changed (balances, achievements' toasts) shows once the wheel has stopped. */
export const useSpin = () => useMutation({ mutationFn: spin, meta: { revealAfterMs: SPIN_ANIMATION_MS } });
