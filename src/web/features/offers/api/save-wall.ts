import { useMutation } from '@tanstack/react-query';
import type { AdminWall, WallInput, WallUpdate } from '../../../../contract/offer-walls';
import { api } from '../../../lib/api-client';

type Answer = { message: string; wall: AdminWall };

export const createWall = (body: WallInput) => api<Answer>('/admin/offerwalls', { method: 'POST', body });

/** Changes the fields sent; a secret only when it is being replaced, `{ active: false }` switches a wall off. */
export const updateWall = ({ id, body }: { id: string; body: WallUpdate }) =>
  api<Answer>(`/admin/offerwalls/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const useCreateWall = () => useMutation({ mutationFn: createWall });
export const useUpdateWall = () => useMutation({ mutationFn: updateWall });
