import { useMutation } from '@tanstack/react-query';
import { drawsApi } from '../../../../contract/draws';
import { call } from '../../../lib/call';

export const drawPrize = ({ id, forceOverride }: { id: string; forceOverride?: boolean }) =>
  call(drawsApi.draw, { params: { id }, body: forceOverride ? { forceOverride } : {} });

export const useDrawPrize = () => useMutation({ mutationFn: drawPrize });
