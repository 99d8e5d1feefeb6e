import { z } from 'zod';
import { emailField, messageBody, nextCursor, pageQuery, pathId, plainText } from './common';
import { api, endpoint } from './endpoint';
import { TICKET_STATUSES } from './operator-rules';

export const contactBody = z.strictObject({
  name: plainText('Name', 100),
  email: emailField,
  subject: plainText('Subject', 200),
  message: plainText('Message', 5000),
});
export type ContactBody = z.input<typeof contactBody>;

/** A message in the admins' inbox: a ticket, open until answered, then closed. */
export const contactMessage = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(TICKET_STATUSES),
  /** The member it is from: signed in when they sent it, or the owner of the verified address that did. */
  member: z.object({ _id: z.string(), username: z.string() }).nullable(),
  /** The answers emailed from the panel, oldest first. */
  replies: z.array(
    z.object({
      _id: z.string(),
      body: z.string(),
      at: z.iso.datetime(),
      admin: z.object({ _id: z.string(), username: z.string() }),
    }),
  ),
});
export type ContactMessage = z.infer<typeof contactMessage>;
export const contactMessagesQuery = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: 'status must be open, answered or closed' }).optional(),
  ...pageQuery,
});
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuery>;
export const contactMessagesResponse = z.object({
  messages: z.array(contactMessage),
  nextCursor,
  /** How many tickets wait for an answer, whatever the page. */
  open: z.number().int(),
});
export type ContactMessagesPage = z.infer<typeof contactMessagesResponse>;
export const contactMessageResponse = z.object({ message: contactMessage });

export const contactMessageParams = z.object({ id: pathId('Message not found') });
export const ticketStatusBody = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: 'status must be open, answered or closed' }),
});
export const replyBody = z.strictObject({ message: plainText('Reply', 5000) });
export type ReplyBody = z.infer<typeof replyBody>;

/** A member's own message and our answers, as My messages shows them: who answered is the team. */
export const myMessage = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(TICKET_STATUSES),
  replies: z.array(z.object({ _id: z.string(), body: z.string(), at: z.iso.datetime() })),
});
export type MyMessage = z.infer<typeof myMessage>;
export const myMessagesQuery = z.strictObject({ ...pageQuery });
export type MyMessagesQuery = z.infer<typeof myMessagesQuery>;
export const myMessagesResponse = z.object({
  messages: z.array(myMessage),
  nextCursor,
  /** Whether the member's address is verified: messages sent from it signed out are theirs only then. */
  verified: z.boolean(),
});

/** Who runs the draws, as the Contest Rules name them; null until configured. */
export const promoterResponse = z.object({ name: z.string().nullable(), address: z.string().nullable() });
export type Promoter = z.infer<typeof promoterResponse>;

/** The contact form, and its inbox for staff (DESIGN §14). */
export const contactApi = api('contact', {
  /** 429 past the contact form's own rate limit. */
  send: endpoint({
    summary: 'Sends a message to the team',
    method: 'POST',
    path: '/api/contact',
    auth: 'optional',
    tags: ['contact'],
    body: contactBody,
    responses: { 201: messageBody },
    errors: [429],
  }),
  promoter: endpoint({
    summary: "The promoter's name and address",
    method: 'GET',
    path: '/api/contact/promoter',
    auth: 'none',
    tags: ['contact'],
    responses: { 200: promoterResponse },
  }),
  /** The member's messages (sent signed in, or from their verified address), newest first, with the replies. */
  mine: endpoint({
    summary: "The member's messages and the replies",
    method: 'GET',
    path: '/api/users/me/messages',
    auth: 'member',
    whileSuspended: true,
    tags: ['contact'],
    query: myMessagesQuery,
    responses: { 200: myMessagesResponse },
  }),
  inbox: endpoint({
    summary: "Members' messages, filtered and paged",
    method: 'GET',
    path: '/api/admin/contact-messages',
    auth: { staff: 'messages' },
    tags: ['admin'],
    query: contactMessagesQuery,
    responses: { 200: contactMessagesResponse },
  }),
  setStatus: endpoint({
    summary: "Changes a message's status",
    method: 'PUT',
    path: '/api/admin/contact-messages/:id',
    auth: { staff: 'messages' },
    tags: ['admin'],
    params: contactMessageParams,
    body: ticketStatusBody,
    responses: { 200: contactMessageResponse },
  }),
  /** Emails the answer to the sender, through the outbox, and marks the ticket answered. */
  reply: endpoint({
    summary: 'Answers a message by email',
    method: 'POST',
    path: '/api/admin/contact-messages/:id/reply',
    auth: { staff: 'messages' },
    tags: ['admin'],
    params: contactMessageParams,
    body: replyBody,
    responses: { 200: contactMessageResponse },
  }),
});
