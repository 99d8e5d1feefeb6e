import type { Prize } from '../../../contract/prizes';
import { penceToPounds } from '../../lib/money';
import type { PrizeRow } from './repository';
import { currentStatus } from './rules';

/** A prize as the public sees it: pounds, ISO dates, its status as of now, the commitment but never the seed. */
export function presentPrize(row: PrizeRow, now: Date): Prize {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    value: penceToPounds(row.valuePence),
    currency: row.currency,
    imageUrl: row.imageUrl,
    totalWinners: row.totalWinners,
    entryCost: row.entryCost,
    maxEntriesPerUser: row.maxEntriesPerUser,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    status: currentStatus(row, now),
    featured: row.featured,
    totalEntries: row.totalEntries,
    participantCount: row.participantCount,
    drawFrequency: row.drawFrequency,
    minimumEntries: row.minimumEntries,
    drawDay: row.drawDay,
    commitment: row.commitment,
    snapshotHash: row.snapshotAt ? row.snapshotHash : null,
    beaconRound: row.beacon && { network: row.beacon.network, round: row.beacon.round },
    drawnAt: row.drawnAt?.toISOString() ?? null,
    cancellation:
      row.cancelledAt && row.cancelReason
        ? { at: row.cancelledAt.toISOString(), reason: row.cancelReason }
        : null,
  };
}
