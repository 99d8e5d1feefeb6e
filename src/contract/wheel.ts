import { z } from 'zod';
import { approvalResponse } from './approvals';
import { api, endpoint } from './endpoint';
import { newAchievements } from './gamification';
import { WHEEL_ODDS_BASIS, WHEEL_PRIZE_IDS, WHEEL_PRIZES } from './gamification-rules';
import { PENCE_PER_POUND } from './money';

const prizeId = z.enum(WHEEL_PRIZE_IDS);

export const wheelConfigResponse = z.object({
  prizes: z.array(
    z.object({
      id: prizeId,
      name: z.string(),
      type: z.enum(['entries', 'cash']),
      amount: z.number().describe('entries, or pounds for cash'),
      probability: z.number().describe('a fraction; the four add up to 1'),
    }),
  ),
});
export type WheelConfig = z.infer<typeof wheelConfigResponse>['prizes'];

/**
 * What a spin pays on average at these odds: cash in pounds and entries (DESIGN §12: the odds
 * editor shows it before and after, and so does the approval a change waits for).
 */
export function expectedPerSpin(odds: ReadonlyArray<{ id: string; probability: number }>) {
  let cash = 0;
  let entries = 0;
  for (const { id, probability } of odds) {
    const prize = WHEEL_PRIZES.find((p) => p.id === id);
    if (prize?.type === 'cash') cash += (probability * prize.amount) / PENCE_PER_POUND;
    else if (prize) entries += probability * prize.amount;
  }
  return { cash, entries };
}

export const canSpinResponse = z.object({
  canSpin: z.boolean(),
  totalSpins: z.number().int(),
  totalCashWon: z.number().describe('pounds'),
  adsWatched: z.number().int(),
  /** Spins unlocked by ads and not yet used. */
  spinsAvailable: z.number().int(),
  /** Ads still to watch for the next spin to unlock. */
  adsUntilNextSpin: z.number().int(),
  /** When the hourly limit allows the next spin; null when it already does. */
  nextSpinAt: z.iso.datetime().nullable(),
});
export type CanSpin = z.infer<typeof canSpinResponse>;

export const spinResponse = z.object({
  prize: z.object({ prizeId, type: z.enum(['entries', 'cash']), name: z.string() }),
  newBalance: z.object({ cash: z.number().describe('pounds'), entries: z.number().int() }),
  newAchievements,
});
export type SpinResponse = z.infer<typeof spinResponse>;

/** Admins set the odds; they must add up to exactly 100%, to a hundredth of a percent. */
export const updateWheelOddsBody = z
  .strictObject({
    prizes: z
      .array(
        z.strictObject({
          id: prizeId,
          probability: z
            .number({ error: 'Each probability must be a number' })
            .min(0, 'A probability cannot be negative')
            .max(1, 'A probability cannot be more than 1')
            // A hundredth of a percent, as the check below says for the whole list.
            .meta({ multipleOf: 1 / WHEEL_ODDS_BASIS }),
        }),
      )
      .length(WHEEL_PRIZE_IDS.length, `Give the odds of all ${WHEEL_PRIZE_IDS.length} wheel prizes`)
      .describe('Each wheel prize once, their probabilities adding up to 1'),
  })
  .refine((b) => new Set(b.prizes.map((p) => p.id)).size === WHEEL_PRIZE_IDS.length, {
    message: 'Give each wheel prize once',
    path: ['prizes'],
  })
  .refine(
    (b) => b.prizes.every((p) => Number.isInteger(Math.round(p.probability * WHEEL_ODDS_BASIS * 100) / 100)),
    {
      message: 'Give odds to a hundredth of a percent at most',
      path: ['prizes'],
    },
  )
  .refine(
    (b) =>
      Math.round(b.prizes.reduce((sum, p) => sum + p.probability * WHEEL_ODDS_BASIS, 0)) === WHEEL_ODDS_BASIS,
    {
      message: 'The odds must add up to 100%',
      path: ['prizes'],
    },
  );
export type UpdateWheelOddsBody = z.infer<typeof updateWheelOddsBody>;

/** The wheel's calls (DESIGN §14). */
export const wheelApi = api('wheel', {
  config: endpoint({
    summary: "The wheel's prizes and odds",
    method: 'GET',
    path: '/api/instant-win/config',
    auth: 'none',
    tags: ['instant-win'],
    responses: { 200: wheelConfigResponse },
    kept: true,
  }),
  canSpin: endpoint({
    summary: 'Whether the member can spin today',
    method: 'GET',
    path: '/api/instant-win/can-spin',
    auth: 'member',
    tags: ['instant-win'],
    responses: { 200: canSpinResponse },
  }),
  spin: endpoint({
    summary: 'Spins the wheel',
    method: 'POST',
    path: '/api/instant-win/spin',
    auth: 'player',
    writes: ['leaderboard'],
    tags: ['instant-win'],
    responses: { 200: spinResponse },
    errors: [409, 429],
  }),
  setOdds: endpoint({
    summary: "Changes the wheel's odds, once a second member of staff approves",
    method: 'PUT',
    path: '/api/admin/instant-win/config',
    auth: { staff: 'odds', recent: true },
    writes: ['wheel'],
    tags: ['admin'],
    body: updateWheelOddsBody,
    // Every change of the odds waits for a second member of staff (DESIGN §12).
    responses: { 202: approvalResponse },
    errors: [409],
  }),
});
