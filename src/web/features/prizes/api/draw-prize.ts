import { useMutation } from '@tanstack/react-query';
import type { DrawResponse } from '../../../../contract/draws';
import { api } from '../../../lib/api-client';

export const drawPrize = ({ id, forceOverride }: { id: string; forceOverride?: boolean }) =>
  api<DrawResponse>(`/admin/prizes/${encodeURIComponent(id)}/draw`, {
    method: 'POST',
    body: forceOverride ? { forceOverride } : {},
  });

export const useDrawPrize = () => useMutation({ mutationFn: drawPrize });
