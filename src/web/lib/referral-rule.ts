import { REFERRAL_STREAK_DAYS, REFERRALS_PER_DAY } from '../../contract/constants';

/** When a friend's sign-up pays, in the words every page uses: "… once your friend {REFERRAL_PAID_WHEN}." */
export const REFERRAL_PAID_WHEN = `has verified their email address and watched a video ad, had an offer credited or kept a ${REFERRAL_STREAK_DAYS}-day streak (for up to ${REFERRALS_PER_DAY} friends a day)`;
