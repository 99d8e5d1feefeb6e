import { randomInt } from 'node:crypto';
import {
  ADS_PER_SPIN,
  SPIN_COOLDOWN_MS,
  WHEEL_ODDS_BASIS,
  WHEEL_PRIZES,
  type WheelPrizeId,
} from '../../../contract/gamification-rules';
import {
  type CanSpin,
  expectedPerSpin,
  type SpinResponse,
  type UpdateWheelOddsBody,
  type WheelConfig,
} from '../../../contract/wheel';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type AuditActor, changedFields, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { londonTime } from '../../lib/london';
import { penceToPounds, pounds } from '../../lib/money';
import { adsWatchedOf } from '../earning/achievements';
import { earn, openEarning } from '../earning/earn';
import { balanceOf } from '../earning/moves';
import { requestApproval } from '../four-eyes/asking';
import { notePlay } from '../wellbeing/play';
import * as repo from './repository';

/** The prizes with their odds in basis points: an admin's choice where set, else the defaults. */
async function oddsOf(db: Executor) {
  const saved = new Map((await repo.savedOdds(db)).map((o) => [o.prizeId, o.basisPoints]));
  return WHEEL_PRIZES.map((p) => ({
    ...p,
    basisPoints: saved.get(p.id) ?? Math.round(p.probability * WHEEL_ODDS_BASIS),
  }));
}

export async function wheelConfig(db: Executor): Promise<WheelConfig> {
  return (await oddsOf(db)).map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    amount: p.type === 'cash' ? penceToPounds(p.amount) : p.amount,
    probability: p.basisPoints / WHEEL_ODDS_BASIS,
  }));
}

const oddsById = (config: WheelConfig) => Object.fromEntries(config.map((p) => [p.id, p.probability]));

const percent = (p: number) => `${Math.round(p * 10_000) / 100}%`;
const perSpin = (odds: ReadonlyArray<{ id: string; probability: number }>) => {
  const { cash, entries } = expectedPerSpin(odds);
  return `${pounds(Math.round(cash * 100 * 1000))} cash and ${Math.round(entries * 1000).toLocaleString('en-GB')} entries per 1,000 spins`;
};

/** A change of the odds waits for a second member of staff (DESIGN §12): this asks, and changes nothing yet. */
export async function askToSetOdds(
  db: Db,
  clock: Clock,
  actor: AuditActor & { id: string },
  body: UpdateWheelOddsBody,
) {
  return db.transaction(async (tx) => {
    const before = await wheelConfig(tx);
    const after = before.map((p) => ({
      ...p,
      probability: body.prizes.find((b) => b.id === p.id)!.probability,
    }));
    const changes = after
      .map((p, i) => `${p.name} ${percent(before[i]!.probability)} → ${percent(p.probability)}`)
      .join(', ');
    return requestApproval(tx, actor, clock.now(), {
      kind: 'odds',
      targetId: 'wheel',
      payload: body,
      summary: `Wheel odds: ${changes}; expected ${perSpin(before)} → ${perSpin(after)}`,
    });
  });
}

/** Sets the odds, in the approver's transaction. */
export async function setOdds(tx: Executor, clock: Clock, actor: AuditActor, body: UpdateWheelOddsBody) {
  const before = await wheelConfig(tx);
  await repo.saveOdds(
    tx,
    body.prizes.map((p) => ({ prizeId: p.id, basisPoints: Math.round(p.probability * WHEEL_ODDS_BASIS) })),
    clock.now(),
  );
  const after = await wheelConfig(tx);
  await recordAudit(
    tx,
    actor,
    {
      action: 'wheel.odds',
      targetType: 'wheel',
      targetId: 'odds',
      summary: `Set the wheel's odds: ${after.map((p) => `${p.name} ${percent(p.probability)}`).join(', ')}`,
      ...changedFields(oddsById(before), oddsById(after)),
    },
    clock.now(),
  );
  return after;
}

/** Where the user stands: spins unlocked by ads (one per ADS_PER_SPIN), spins used, and the hourly limit. */
async function spinState(db: Executor, userId: string, now: Date): Promise<CanSpin> {
  // One after the other: inside a spin's transaction both go down one connection, which takes one query at a time.
  const adsWatched = await adsWatchedOf(db, userId);
  const spins = await repo.spinsOf(db, userId);
  const totalSpins = spins.reduce((n, s) => n + s.n, 0);
  const cashPence = spins.reduce((sum, s) => {
    const prize = WHEEL_PRIZES.find((p) => p.id === s.prizeId)!;
    return sum + (prize.type === 'cash' ? prize.amount * s.n : 0);
  }, 0);
  const last = spins.reduce<Date | null>(
    (latest, s) => (s.last && (!latest || s.last > latest) ? s.last : latest),
    null,
  );
  const spinsAvailable = Math.max(0, Math.floor(adsWatched / ADS_PER_SPIN) - totalSpins);
  const nextSpinAt =
    last && now.getTime() - last.getTime() < SPIN_COOLDOWN_MS
      ? new Date(last.getTime() + SPIN_COOLDOWN_MS)
      : null;
  return {
    canSpin: spinsAvailable > 0 && nextSpinAt === null,
    totalSpins,
    totalCashWon: penceToPounds(cashPence),
    adsWatched,
    spinsAvailable,
    adsUntilNextSpin: spinsAvailable > 0 ? 0 : ADS_PER_SPIN * (totalSpins + 1) - adsWatched,
    nextSpinAt: nextSpinAt?.toISOString() ?? null,
  };
}

export const canSpin = (db: Db, clock: Clock, userId: string) => spinState(db, userId, clock.now());

/** Picks a prize with `crypto`, each in proportion to its odds. */
export function pickPrize(odds: Array<{ id: WheelPrizeId; basisPoints: number }>) {
  let roll = randomInt(WHEEL_ODDS_BASIS);
  for (const prize of odds) {
    if (roll < prize.basisPoints) return prize.id;
    roll -= prize.basisPoints;
  }
  // Odds always add up to WHEEL_ODDS_BASIS (the contract refuses anything else); the last prize takes any rounding.
  return odds.at(-1)!.id;
}

/**
 * One spin: unlocked by ads watched, at most one an hour. The user's row is
 * locked while that is checked and the spin recorded, so spins sent at the
 * same moment use one unlock, never two.
 */
export async function spin(
  db: Db,
  clock: Clock,
  config: Pick<Config, 'playDaysInARow'>,
  userId: string,
): Promise<SpinResponse> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const earning = await openEarning(tx, userId);
    const state = await spinState(tx, userId, now);
    if (state.spinsAvailable === 0) {
      throw new AppError(
        409,
        `Watch ${state.adsUntilNextSpin} more video ${state.adsUntilNextSpin === 1 ? 'ad' : 'ads'} to unlock a spin`,
        'no_spins',
      );
    }
    if (state.nextSpinAt) {
      const at = londonTime(new Date(state.nextSpinAt));
      throw new AppError(
        429,
        `You can spin once an hour: your next spin is at ${at}`,
        'spin_cooldown',
        undefined,
        {
          nextSpinAt: state.nextSpinAt,
        },
      );
    }
    const prizeId = pickPrize(await oddsOf(tx));
    const prize = WHEEL_PRIZES.find((p) => p.id === prizeId)!;
    const spinId = await repo.insertSpin(tx, { userId, prizeId, spunAt: now });
    await notePlay(tx, config, userId, now);
    const { newAchievements } = await earn(earning, {
      amount: prize.amount,
      account: prize.type,
      reason: 'wheel',
      reference: prizeId,
      idempotencyKey: `spin:${spinId}`,
      at: now,
    });
    const cash = await balanceOf(tx, userId, 'cash');
    const entries = await balanceOf(tx, userId);
    return {
      prize: { prizeId, type: prize.type, name: prize.name },
      newBalance: { cash: penceToPounds(cash), entries },
      newAchievements,
    };
  });
}
