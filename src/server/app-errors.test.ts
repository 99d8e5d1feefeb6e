import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../tests/factories';
import { buildTestApp } from '../../tests/helpers/app';
import { inject } from '../../tests/helpers/inject';
import { contactApi } from '../contract/contact';
import { drawsApi } from '../contract/draws';
import { urlOf } from '../contract/endpoint';
import { membersApi } from '../contract/members-api';
import { prizesApi } from '../contract/prizes-api';
import { tasksApi } from '../contract/tasks';
import { winsApi } from '../contract/wins';
import { AppError } from './lib/app-error';

describe('errors', () => {
  it('answers an unknown or malformed id in any path with the same 404', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { ep: prizesApi.prize, text: 'Prize not found' },
      { ep: drawsApi.proof, text: 'Prize not found' },
      { ep: prizesApi.enter, body: { entries: 1 }, headers: member, text: 'Prize not found' },
      { ep: tasksApi.start, headers: member, text: 'Task not found' },
      { ep: tasksApi.complete, headers: member, text: 'Task not found' },
      {
        ep: winsApi.claim,
        body: {
          fullName: 'Ann',
          county: 'Kent',
          address: '1 High St',
          postcode: 'LS1 4AP',
          dateOfBirth: '1990-01-01',
        },
        headers: member,
        text: 'You have no win for this prize',
      },
      { ep: prizesApi.update, body: { title: 'x' }, headers: admin, text: 'Prize not found' },
      { ep: drawsApi.draw, headers: admin, text: 'Prize not found' },
      {
        ep: prizesApi.cancel,
        body: { reason: 'The supplier cannot deliver it' },
        headers: admin,
        text: 'Prize not found',
      },
      { ep: tasksApi.update, body: { active: false }, headers: admin, text: 'Task not found' },
      { ep: winsApi.notify, headers: admin, text: 'Winner not found' },
      { ep: contactApi.setStatus, body: { status: 'closed' }, headers: admin, text: 'Message not found' },
      {
        ep: contactApi.reply,
        body: { message: 'Thank you for writing' },
        headers: admin,
        text: 'Message not found',
      },
      { ep: membersApi.detail, headers: admin, text: 'Member not found' },
      { ep: membersApi.ledger, headers: admin, text: 'Member not found' },
      {
        ep: membersApi.adjust,
        body: { account: 'entries', amount: 5, reason: 'A correction' },
        headers: admin,
        text: 'Member not found',
      },
      { ep: membersApi.suspend, body: { reason: 'Fraud ring' }, headers: admin, text: 'Member not found' },
      { ep: drawsApi.disqualify, body: { reason: 'Fraud ring' }, headers: admin, text: 'Prize not found' },
    ] as const;
    for (const call of calls) {
      for (const id of [unknown, 'nope', "1' or '1'='1"]) {
        // The same id in each of the path's parameters.
        const params = Object.fromEntries(
          [...call.ep.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, id]),
        );
        const res = await inject(t, call.ep, {
          params,
          headers: 'headers' in call ? call.headers : {},
          ...('body' in call && { body: call.body }),
        } as never);
        const named = `${call.ep.method} ${urlOf(call.ep, { params })}`;
        expect(res.statusCode, named).toBe(404);
        expect(res.json(), named).toMatchObject({ error: call.text, code: 'not_found' });
      }
    }
  });

  it('logs a failure on our side and answers with a generic text, never its own', async () => {
    const lines: string[] = [];
    const t = await buildTestApp({
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
    });
    t.app.get('/boom', async () => {
      throw new AppError(500, 'Prize 42 has no seed in column seed', 'no_seed');
    });
    const res = await t.app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'internal',
    });
    expect(lines.join('')).toContain('Prize 42 has no seed');
  });
});
