import type { Prize } from '../../contract/prizes';

/**
 * The types a prize is made with, each with its filter on the prize list (SPEC: Physical Items, Gift
 * Cards, Cash). Electronics, seen in older prizes, is still shown but not offered: no filter finds it.
 */
export const OFFERED_PRIZE_TYPES = ['physical', 'giftcard', 'cash'] as const satisfies ReadonlyArray<
  Prize['type']
>;

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
