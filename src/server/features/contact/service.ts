import type {
  ContactMessage,
  ContactMessagesQuery,
  MyMessage,
  MyMessagesQuery,
} from '../../../contract/contact';
import type { TicketStatus } from '../../../contract/operator-rules';
import type { AppContext } from '../../context';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { cursorKeys, decodeCursor, page } from '../../lib/cursor';
import { londonDay } from '../../lib/london';
import { queueMail } from '../mail/outbox';
import { contactReplyMail } from '../mail/templates';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { appendLeaf } from '../transparency/log';
import * as repo from './repository';

/**
 * A ticket opened or moved to another status, recorded in the public log by its id and the day only
 * (DESIGN §18): the transparency page counts complaints and the days to a reply from the same facts.
 */
export const logTicket = (tx: Executor, id: string, status: TicketStatus, now: Date) =>
  appendLeaf(tx, { type: 'complaint', ticket: id, status, on: londonDay(now) });

type Replies = Awaited<ReturnType<typeof repo.repliesTo>>;

type Sender = { id: string; username: string } | null;

const present = (m: repo.ContactMessageRow, replies: Replies, member: Sender): ContactMessage => ({
  _id: m.id,
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.message,
  createdAt: m.createdAt.toISOString(),
  status: m.status,
  member: member && { _id: member.id, username: member.username },
  replies: replies
    .filter((r) => r.reply.messageId === m.id)
    .map(({ reply, admin }) => ({
      _id: String(reply.id),
      body: reply.body,
      at: reply.at.toISOString(),
      admin: { _id: admin.id, username: admin.username },
    })),
});

/** A page of the inbox with each message's replies, and how many tickets are open. */
export async function inbox(db: Db, query: ContactMessagesQuery) {
  const [rows, open] = await Promise.all([
    repo.inbox(db, query.status, decodeCursor(query.cursor, cursorKeys.timeAndId), query.limit + 1),
    repo.countOpen(db),
  ]);
  const replies = await repo.repliesTo(
    db,
    rows.map((r) => r.message.id),
  );
  const { items, nextCursor } = page(
    rows,
    (r) => present(r.message, replies, r.member),
    (r) => [r.at, r.message.id],
    query.limit,
  );
  return { messages: items, nextCursor, open };
}

/** A page of the member's own messages and our answers: those sent signed in, or from their verified address. */
export async function myMessages(db: Db, userId: string, query: MyMessagesQuery) {
  const from = decodeCursor(query.cursor, cursorKeys.timeAndId);
  const [rows, verified] = await Promise.all([
    repo.messagesOf(db, userId, from, query.limit + 1),
    repo.isVerified(db, userId),
  ]);
  const replies = await repo.repliesTo(
    db,
    rows.map((r) => r.message.id),
  );
  const { items, nextCursor } = page(
    rows,
    ({ message: m }): MyMessage => ({
      _id: m.id,
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
      status: m.status,
      replies: replies
        .filter((r) => r.reply.messageId === m.id)
        .map(({ reply }) => ({ _id: String(reply.id), body: reply.body, at: reply.at.toISOString() })),
    }),
    (r) => [r.at, r.message.id],
    query.limit,
  );
  return { messages: items, nextCursor, verified };
}

/** Moves a ticket to another status (closing it, or opening it again). */
export async function setStatus(db: Db, clock: Clock, actor: AuditActor, id: string, status: TicketStatus) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const message = await repo.findMessage(tx, id);
    if (!message) throw notFound('Message not found');
    await repo.setStatus(tx, id, status, now);
    if (status !== message.status) await logTicket(tx, id, status, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'message.status',
        targetType: 'message',
        targetId: id,
        summary: `Marked a message ${status}`,
        before: { status: message.status },
        after: { status },
      },
      now,
    );
    return present(
      { ...message, status, updatedAt: now },
      await repo.repliesTo(tx, [id]),
      await repo.memberById(tx, message.userId),
    );
  });
}

/** Answers a ticket by email, through the outbox, and marks it answered. */
export async function reply(ctx: AppContext, actor: AuditActor & { id: string }, id: string, body: string) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const message = await repo.findMessage(tx, id);
    if (!message) throw notFound('Message not found');
    const replyId = await repo.insertReply(tx, { messageId: id, adminId: actor.id, body, at: now });
    await repo.setStatus(tx, id, 'answered', now);
    if (message.status !== 'answered') await logTicket(tx, id, 'answered', now);
    const member = await repo.memberById(tx, message.userId);
    if (member)
      await notify(
        tx,
        member.id,
        notices.messageReply({ id: String(replyId), subject: message.subject }),
        now,
      );
    await queueMail(
      tx,
      contactReplyMail({
        to: message.email,
        name: message.name,
        subject: message.subject,
        reply: body,
        siteUrl: ctx.config.siteUrl,
      }),
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'message.reply',
        targetType: 'message',
        targetId: id,
        summary: 'Replied to a message by email',
        before: { status: message.status },
        after: { status: 'answered' },
      },
      now,
    );
    return present(
      { ...message, status: 'answered', updatedAt: now },
      await repo.repliesTo(tx, [id]),
      member,
    );
  });
}
