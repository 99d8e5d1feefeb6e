import type { Prize } from '../../contract/prizes';

export { OFFERED_PRIZE_TYPES } from '../../contract/prizes';

/** Every prize type with its label. */
export const PRIZE_TYPE_LABELS: Record<Prize['type'], string> = {
  cash: 'Cash',
  physical: 'Physical item',
  electronics: 'Electronics',
  giftcard: 'Gift card',
};

const STATUS_LABELS: Record<Prize['status'], string> = {
  draft: 'Draft',
  active: 'Active',
  ready_to_draw: 'Drawing soon',
  drawn: 'Drawn',
  cancelled: 'Cancelled',
};

export const typeLabel = (type: Prize['type']) => PRIZE_TYPE_LABELS[type];
export const statusLabel = (status: Prize['status']) => STATUS_LABELS[status];
