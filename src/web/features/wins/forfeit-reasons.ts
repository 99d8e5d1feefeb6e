import { CLAIM_DAYS } from '../../../contract/constants';
import type { ForfeitReason } from '../../../contract/wins';

/** Why a win can no longer be claimed, in words for the winner and for admins. */
export const FORFEIT_REASON_TEXT: Record<ForfeitReason, string> = {
  under_18: 'the winner was under 18 on the draw date',
  account_deleted: 'the account was deleted',
  disqualified: 'the win was disqualified under the Contest Rules',
  unclaimed: `it was not claimed within ${CLAIM_DAYS} days`,
};
