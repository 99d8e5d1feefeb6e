import type { Prize } from '../../contract/prizes';

const TYPE_LABELS: Record<Prize['type'], string> = {
  cash: 'Cash',
  giftcard: 'Gift card',
  gift_card: 'Gift card',
  electronics: 'Electronics',
  physical: 'Physical item',
};

const STATUS_LABELS: Record<Prize['status'], string> = {
  draft: 'Draft',
  active: 'Active',
  ready_to_draw: 'Drawing soon',
  drawn: 'Drawn',
  cancelled: 'Cancelled',
};

export const typeLabel = (type: Prize['type']) => TYPE_LABELS[type] ?? type;
export const statusLabel = (status: Prize['status']) => STATUS_LABELS[status] ?? status;
