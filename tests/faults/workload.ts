import { randomUUID } from 'node:crypto';
import { authApi } from '../../src/contract/auth';
import { drawsApi } from '../../src/contract/draws';
import type { EndpointSpec } from '../../src/contract/endpoint';
import { gamificationApi } from '../../src/contract/gamification';
import { offersApi } from '../../src/contract/offer-walls';
import { prizesApi } from '../../src/contract/prizes-api';
import { tasksApi } from '../../src/contract/tasks';
import { usersApi } from '../../src/contract/users';
import { signedPostback } from '../support/offer-postback';
import { type Answer, ok, type Recorder, unknown } from './client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

export const AD_SECONDS = 5;

/** What the servers acknowledged, and what they may or may not have done: checked against the database after. */
export class Ledger {
  readonly emails = new Set<string>();
  readonly taskCompletions = new Set<string>();
  readonly offerCredits = new Set<string>();
  readonly entries = new Map<string, { acked: number; unknown: number }>();
  readonly draws = new Map<string, number>();
  readonly drawnPrizes = new Set<string>();

  enter(userId: string, prizeId: string, quantity: number, answer: Answer) {
    const key = `${userId}:${prizeId}`;
    const seen = this.entries.get(key) ?? { acked: 0, unknown: 0 };
    if (ok(answer)) seen.acked += quantity;
    else if (unknown(answer)) seen.unknown += quantity;
    this.entries.set(key, seen);
  }
}

export interface Site {
  instances: string[];
  recorder: Recorder;
  ledger: Ledger;
  offerSecret: string;
  adminToken: string;
  /** Whether the run is still loading the site. */
  running: () => boolean;
}

interface Member {
  id: string;
  token: string;
}

export async function register(site: Site): Promise<Member | undefined> {
  const email = `fault-${randomUUID()}@example.com`;
  const answer = await site.recorder.call(pick(site.instances), 'register', authApi.register, {
    body: { username: `Player ${email.slice(6, 14)}`, email, password: 'correct horse', acceptTerms: true },
  });
  if (!ok(answer)) return undefined;
  site.ledger.emails.add(email);
  const { token, user } = answer.body as { token: string; user: { _id: string } };
  return { id: user._id, token };
}

async function openPrizes(site: Site) {
  const answer = await site.recorder.call(pick(site.instances), 'prizes', prizesApi.list);
  const prizes = (answer.body.prizes ?? []) as Array<{ _id: string; status: string; endDate: string }>;
  return prizes.filter((p) => p.status === 'active' && new Date(p.endDate).getTime() > Date.now() + 500);
}

/** One member, signed up during the run, doing what members do until the run ends. */
export async function member(site: Site, tasks: { social: string[]; video: string }) {
  let me: Member | undefined;
  while (!me && site.running()) {
    me = await register(site);
    if (!me) await sleep(500);
  }
  if (!me) return;
  const { recorder, ledger } = site;
  const done = new Set<string>();
  const pending: Promise<unknown>[] = [];

  while (site.running()) {
    const roll = Math.random();
    if (roll < 0.4) {
      const prizes = await openPrizes(site);
      if (prizes.length) {
        const prize = pick(prizes);
        const quantity = 1 + Math.floor(Math.random() * 3);
        const answer = await recorder.call(pick(site.instances), 'enter', prizesApi.enter, {
          params: { id: prize._id },
          token: me.token,
          body: { entries: quantity },
        });
        ledger.enter(me.id, prize._id, quantity, answer);
      }
    } else if (roll < 0.55) {
      const task = pick(tasks.social);
      if (!done.has(task)) {
        const answer = await recorder.call(pick(site.instances), 'task', tasksApi.complete, {
          params: { id: task },
          token: me.token,
        });
        if (ok(answer)) ledger.taskCompletions.add(`${me.id}:${task}`);
        if (!unknown(answer)) done.add(task);
      }
    } else if (roll < 0.65) {
      const started = await recorder.call(pick(site.instances), 'ad start', tasksApi.start, {
        params: { id: tasks.video },
        token: me.token,
      });
      const ticket = started.body.ticket as string | undefined;
      if (ticket) {
        const member = me;
        // Watched in the background while the member carries on.
        pending.push(
          sleep(AD_SECONDS * 1000 + 200).then(() =>
            recorder.call(pick(site.instances), 'ad complete', tasksApi.complete, {
              params: { id: tasks.video },
              token: member.token,
              body: { ticket },
            }),
          ),
        );
      }
    } else if (roll < 0.8) {
      // The provider credits an offer, and sends it again to another instance, as providers do.
      const tx = randomUUID();
      const credit = { user_id: me.id, transaction_id: tx, amount: '20', status: '1' };
      const query = signedPostback(credit, site.offerSecret);
      const answers = await Promise.all(
        [0, 1].map(() => recorder.call(pick(site.instances), 'postback', offersApi.postbackGet, { query })),
      );
      if (answers.some(ok)) ledger.offerCredits.add(tx);
      if (Math.random() < 0.2) {
        const reversal = signedPostback({ ...credit, status: '2' }, site.offerSecret);
        await recorder.call(pick(site.instances), 'postback', offersApi.postbackGet, { query: reversal });
      }
    } else {
      await recorder.call(pick(site.instances), 'dashboard', usersApi.dashboard, { token: me.token });
    }
    await sleep(50 + Math.random() * 150);
  }
  await Promise.all(pending);
}

/**
 * The admin's part: short prizes that close within seconds, drawn by pressing
 * Draw on every instance at once, and the scheduled jobs (draw check, weekly
 * payout) triggered everywhere at once.
 */
export async function admin(site: Site) {
  const { recorder, ledger, adminToken: token } = site;
  const everywhere = (route: string, spec: Pick<EndpointSpec, 'method' | 'path'>) =>
    Promise.all(site.instances.map((i) => recorder.call(i, route, spec, { token })));
  const closing: Array<{ id: string; endsAt: number }> = [];
  let n = 0;

  while (site.running()) {
    const endsAt = Date.now() + 6_000;
    const created = await recorder.call(pick(site.instances), 'admin create', prizesApi.create, {
      token,
      body: {
        title: `Flash prize ${++n}`,
        type: 'cash',
        value: 10,
        startDate: new Date(Date.now() - 60_000).toISOString(),
        endDate: new Date(endsAt).toISOString(),
        status: 'active',
        totalWinners: 2,
      },
    });
    const id = (created.body.prize as { _id: string } | undefined)?._id;
    if (id) closing.push({ id, endsAt });
    await sleep(3_000);
    await drawClosed(site, closing);
    await everywhere('draw check', drawsApi.check);
    await everywhere('weekly payout', gamificationApi.triggerWeeklyPayout);
  }
  // Whatever the faults left undrawn is drawn now.
  await sleep(6_500);
  await drawClosed(site, closing);
  for (const prize of closing) ledger.draws.set(prize.id, ledger.draws.get(prize.id) ?? 0);
}

/** Presses Draw on every instance at once for each closed prize not yet drawn. */
async function drawClosed(site: Site, closing: Array<{ id: string; endsAt: number }>) {
  const { recorder, ledger, adminToken: token } = site;
  for (const prize of closing.filter((p) => p.endsAt < Date.now() && !ledger.drawnPrizes.has(p.id))) {
    const answers = await Promise.all(
      site.instances.map((i) =>
        recorder.call(i, 'draw', drawsApi.draw, {
          params: { id: prize.id },
          token,
          body: { forceOverride: true },
        }),
      ),
    );
    const drawn = answers.filter(ok).length;
    ledger.draws.set(prize.id, (ledger.draws.get(prize.id) ?? 0) + drawn);
    // Drawn now or before (409), or nobody entered (400): either way nothing is left to draw.
    if (answers.some((a) => ok(a) || a.status === 409 || a.status === 400)) ledger.drawnPrizes.add(prize.id);
  }
}
