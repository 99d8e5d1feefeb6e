import { DEFAULT_DRAW_DAY, HOUR_MS } from '../../contract/constants';
import {
  ADS_PER_SPIN,
  MIN_WITHDRAWAL_PENCE,
  SPIN_COOLDOWN_MS,
  WEEKLY_PRIZES_PENCE,
  WHEEL_PRIZES,
} from '../../contract/gamification-rules';
import { penceToPounds } from '../../contract/money';
import { DRAW_TIME, pounds } from './format';

/**
 * The rules the content pages state in words (How it works, FAQ, Terms, Contest Rules, Winners), each
 * written once from its constant so no page can say something another contradicts.
 */

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
const listOr = (items: string[]) => `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** How cash is paid out, for a withdrawal and a cash prize alike. */
export const CASH_PAID_BY = 'by PayPal or by bank transfer to a UK bank account';

/** The smallest withdrawal: £5. */
export const MIN_WITHDRAWAL = pounds(penceToPounds(MIN_WITHDRAWAL_PENCE));

/** "10 entries, 50 entries, £1 cash or £5 cash". */
export const WHEEL_PRIZE_NAMES = listOr(WHEEL_PRIZES.map((p) => p.name.toLowerCase()));

/** "Every 5 video ads you watch unlock one spin, with at most one spin an hour." */
export const SPIN_RULE = `Every ${ADS_PER_SPIN} video ads you watch unlock one spin, with at most one spin ${
  SPIN_COOLDOWN_MS === HOUR_MS ? 'an hour' : `every ${SPIN_COOLDOWN_MS / HOUR_MS} hours`
}.`;

/** When a prize is drawn: on its own draw day, Friday unless an admin chose another. */
export const DRAW_DAY_RULE = `Each prize is drawn on its draw day, shown on its page (${DEFAULT_DRAW_DAY} unless it says otherwise), from ${DRAW_TIME} UK time, once it has closed.`;

/** What a prize costs to enter, without a figure an admin may change. */
export const ENTRY_COST_RULE =
  'Each prize shows its entry cost (how many entries from your balance one entry in the draw takes) and the most entries one person may hold in it.';

/** "£20 for 1st, £15 for 2nd, £10 for 3rd and £5 each for 4th to 10th". */
export const WEEKLY_PRIZES_TEXT = (() => {
  const amounts = WEEKLY_PRIZES_PENCE.map((p) => pounds(penceToPounds(p)));
  const tail = amounts.findIndex((a, i) => amounts.slice(i).every((b) => b === a));
  const named = amounts.slice(0, tail).map((a, i) => `${a} for ${ORDINALS[i]}`);
  const rest =
    tail === amounts.length - 1
      ? `${amounts[tail]} for ${ORDINALS[tail]}`
      : `${amounts[tail]} each for ${ORDINALS[tail]} to ${ORDINALS[amounts.length - 1]}`;
  return `${named.join(', ')} and ${rest}`;
})();

/** What happens to a prize not claimed in time. */
export const UNCLAIMED_RULE = 'the prize is forfeited and passes to the next person in the draw';
