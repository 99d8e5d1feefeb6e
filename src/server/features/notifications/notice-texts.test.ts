import { describe, expect, it } from 'vitest';
import { notices } from './notices';

describe('the texts of notices', () => {
  it('count one entry as an entry and more as entries', () => {
    expect(notices.offerCredited('tx-1', 1).title).toBe('+1 entry from an offer');
    expect(notices.offerCredited('tx-2', 40).title).toBe('+40 entries from an offer');
    expect(notices.offerReversed('tx-1', 1).title).toBe('−1 entry: an offer was reversed');
    expect(
      notices.missingCredit({ id: 'c', offerName: 'Tile Town', credited: 1, reason: 'Checked' }).title,
    ).toBe('+1 entry for “Tile Town”');
  });
});
