import { randomUUID } from 'node:crypto';
import type { AdjustBody } from '../../../contract/members';
import type { ApprovalThresholds } from '../../config';
import type { Tx } from '../../db/client';
import { once } from '../../lib/idempotency';
import { penceToPounds, pounds, toPence } from '../../lib/money';
import type { UserRow } from '../accounts/repository';
import { adjust, InsufficientBalanceError } from '../earning/moves';
import { mayMoveAlone } from '../four-eyes/alone-limits';
import { requestApproval } from '../four-eyes/asking';
import { type Notice, notices } from '../notifications/notices';
import { type Acting, lockMember, record } from './acting-on-member';

/** A correction's amount as the ledger counts it: pence or entries. */
const toAmount = (body: Pick<AdjustBody, 'account' | 'amount'>) =>
  body.account === 'cash' ? toPence(body.amount) : body.amount;

const entriesText = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * A correction through the ledger (DESIGN §8): one row, reason admin_adjustment,
 * the admin's words as its reference. It never counts as earned, so it moves
 * no leaderboard; a debit past the balance is refused. One that would bring what
 * this member received, or what this member of staff moved alone, in a day to the
 * approval thresholds waits for a second member of staff instead (DESIGN §16,
 * 202). With an Idempotency-Key a retried correction changes nothing and
 * answers as the first did.
 */
export function correctOrAsk(
  acting: Acting,
  thresholds: ApprovalThresholds,
  id: string,
  body: AdjustBody,
  idempotencyKey: string | undefined,
) {
  return acting.db.transaction((tx) =>
    once(
      tx,
      { actorId: acting.actor.id, key: idempotencyKey, request: { adjust: id, ...body } },
      async () => {
        const now = acting.clock.now();
        const member = await lockMember(tx, acting, id, { money: true });
        const held = body.account === 'cash' ? member.cashPence : member.availableEntries;
        const amount = toAmount(body);
        // Refused now rather than once approved: the ledger would refuse it then.
        if (held + amount < 0) throw new InsufficientBalanceError(body.account);
        const move = { staffId: acting.actor.id, memberId: id, account: body.account, amount };
        if (await mayMoveAlone(tx, thresholds, move, now)) return correct(tx, acting, id, body);
        return requestApproval(tx, acting.actor, now, {
          kind: 'correction',
          targetId: id,
          payload: { memberId: id, ...body },
          summary: `${correctionEffect(member, body)} (${body.reason})`,
        });
      },
    ),
  );
}

/**
 * What a correction does to the member's balance as it stands, in words:
 * "Alice Tester: +£25.00 cash, balance £6.00 → £31.00".
 */
export function correctionEffect(
  member: Pick<UserRow, 'username' | 'cashPence' | 'availableEntries'>,
  body: Pick<AdjustBody, 'account' | 'amount'>,
) {
  const cash = body.account === 'cash';
  const held = cash ? member.cashPence : member.availableEntries;
  const amount = toAmount(body);
  const shown = (n: number) => (cash ? pounds(n) : entriesText(n));
  return `${member.username}: ${amount > 0 ? '+' : '−'}${shown(Math.abs(amount))}${cash ? ' cash' : ''}, balance ${shown(held)} → ${shown(held + amount)}`;
}

/**
 * Makes a correction, in the caller's transaction: straight away, or once a second member of staff
 * approves it. The member is told of it as a correction unless the caller says it otherwise (a missing
 * offer credit names the offer).
 */
export async function correct(
  tx: Tx,
  acting: Acting,
  id: string,
  body: AdjustBody,
  noticeOf: (key: string) => Notice = (key) =>
    notices.adjustment({ key, account: body.account, amount: toAmount(body), reason: body.reason }),
) {
  const now = acting.clock.now();
  await lockMember(tx, acting, id, { money: true });
  const amount = toAmount(body);
  const key = `adjust:${randomUUID()}`;
  const { balance } = await adjust(tx, {
    userId: id,
    amount,
    account: body.account,
    reason: 'admin_adjustment',
    reference: body.reason,
    idempotencyKey: key,
    at: now,
    notice: noticeOf(key),
  });
  const moved = body.account === 'cash' ? pounds(Math.abs(amount)) : entriesText(Math.abs(amount));
  const message = `${amount > 0 ? 'Added' : 'Took'} ${moved} ${amount > 0 ? 'to' : 'from'} the member's ${body.account === 'cash' ? 'cash' : 'entries'} balance`;
  const shown = body.account === 'cash' ? penceToPounds(balance) : balance;
  await record(tx, acting, 'user.adjust', id, {
    summary: `${message}: ${body.reason}`,
    before: {
      [body.account]: body.account === 'cash' ? penceToPounds(balance - amount) : balance - amount,
    },
    after: { [body.account]: shown },
  });
  return { message, balance: shown };
}
