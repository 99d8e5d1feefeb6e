import { DAY_MS, DEFAULT_DRAW_DAY } from '../../../contract/constants';
import type { Prize } from '../../../contract/prizes';
import { samplePrizes } from '../../../shared/sample-prizes';

export const SAMPLE_ID_PREFIX = 'sample-';

/** The built-in prizes shown when the server cannot be reached (SPEC §4, Fallback). */
export function fallbackPrizes(now = new Date()): Prize[] {
  return samplePrizes.map((p) => ({
    _id: `${SAMPLE_ID_PREFIX}${p.key}`,
    title: p.title,
    description: p.description,
    type: p.type,
    value: p.value,
    currency: 'GBP',
    imageUrl: null,
    totalWinners: p.totalWinners,
    entryCost: p.entryCost,
    maxEntriesPerUser: p.maxEntriesPerUser,
    startDate: now.toISOString(),
    endDate: new Date(now.getTime() + p.days * DAY_MS).toISOString(),
    status: 'active',
    featured: p.featured,
    totalEntries: 0,
    participantCount: 0,
    drawFrequency: p.drawFrequency,
    minimumEntries: 0,
    drawDay: DEFAULT_DRAW_DAY,
    commitment: null,
    snapshotHash: null,
    beaconRound: null,
    drawnAt: null,
    cancellation: null,
  }));
}

export const fallbackPrize = (id: string) => fallbackPrizes().find((p) => p._id === id);
