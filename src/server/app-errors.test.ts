import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../tests/factories';
import { buildTestApp } from '../../tests/helpers/app';
import { AppError } from './lib/app-error';

describe('errors', () => {
  it('answers an unknown or malformed id in any path with the same 404', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET', path: (id: string) => `/api/prizes/${id}`, text: 'Prize not found' },
      { method: 'GET', path: (id: string) => `/api/prizes/${id}/draw-proof`, text: 'Prize not found' },
      {
        method: 'POST',
        path: (id: string) => `/api/prizes/${id}/enter`,
        body: { entries: 1 },
        headers: member,
        text: 'Prize not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/tasks/${id}/start`,
        headers: member,
        text: 'Task not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/tasks/${id}/complete`,
        headers: member,
        text: 'Task not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/users/wins/${id}/claim`,
        body: { fullName: 'Ann', address: '1 High St', postcode: 'LS1 4AP', dateOfBirth: '1990-01-01' },
        headers: member,
        text: 'You have no win for this prize',
      },
      {
        method: 'PUT',
        path: (id: string) => `/api/admin/prizes/${id}`,
        body: { title: 'x' },
        headers: admin,
        text: 'Prize not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/admin/prizes/${id}/draw`,
        headers: admin,
        text: 'Prize not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/admin/prizes/${id}/cancel`,
        body: { reason: 'The supplier cannot deliver it' },
        headers: admin,
        text: 'Prize not found',
      },
      {
        method: 'PUT',
        path: (id: string) => `/api/admin/tasks/${id}`,
        body: { active: false },
        headers: admin,
        text: 'Task not found',
      },
      {
        method: 'PUT',
        path: (id: string) => `/api/admin/winners/${id}/${id}/notify`,
        headers: admin,
        text: 'Winner not found',
      },
      {
        method: 'PUT',
        path: (id: string) => `/api/admin/contact-messages/${id}`,
        body: { status: 'closed' },
        headers: admin,
        text: 'Message not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/admin/contact-messages/${id}/reply`,
        body: { message: 'Thank you for writing' },
        headers: admin,
        text: 'Message not found',
      },
      {
        method: 'GET',
        path: (id: string) => `/api/admin/users/${id}`,
        headers: admin,
        text: 'Member not found',
      },
      {
        method: 'GET',
        path: (id: string) => `/api/admin/users/${id}/ledger`,
        headers: admin,
        text: 'Member not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/admin/users/${id}/adjust`,
        body: { account: 'entries', amount: 5, reason: 'A correction' },
        headers: admin,
        text: 'Member not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/admin/users/${id}/suspend`,
        body: { reason: 'Fraud ring' },
        headers: admin,
        text: 'Member not found',
      },
      {
        method: 'POST',
        path: (id: string) => `/api/admin/prizes/${id}/winners/${id}/disqualify`,
        body: { reason: 'Fraud ring' },
        headers: admin,
        text: 'Prize not found',
      },
    ] as const;
    for (const call of calls) {
      for (const id of [unknown, 'nope', "1' or '1'='1"]) {
        const res = await t.app.inject({
          method: call.method,
          url: call.path(encodeURIComponent(id)),
          headers: 'headers' in call ? call.headers : {},
          ...('body' in call && { payload: call.body }),
        });
        expect(res.statusCode, `${call.method} ${call.path(id)}`).toBe(404);
        expect(res.json(), `${call.method} ${call.path(id)}`).toMatchObject({
          error: call.text,
          code: 'not_found',
        });
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
