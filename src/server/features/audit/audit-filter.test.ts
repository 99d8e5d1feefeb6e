import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories';
import { inject } from '../../../../tests/helpers/inject';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditQuery, auditApi } from '../../../contract/audit';
import { adjust, setUp } from './test-setup';

describe('the audit log for people', () => {
  it('is filtered by a member’s email, any case, to what was done to them or by them, and says so when no account has it', async () => {
    const { t, admin, headers, member } = await setUp();
    const other = await createUser(t.db, { entries: 10 });
    await adjust(t, headers, member.id, 5);
    await adjust(t, headers, other.id, 2);
    const list = (query: Partial<AuditQuery>) => inject(t, auditApi.list, { query, headers });
    const targets = async (query: Partial<AuditQuery>) =>
      (await list(query)).data().events.map((e) => e.targetId);
    expect(await targets({ email: member.email.toUpperCase() })).toEqual([member.id]);
    expect(await targets({ email: ` ${other.email} ` })).toEqual([other.id]);
    // Staff are found by their email too: what they did.
    expect(await targets({ email: admin.email })).toEqual([other.id, member.id]);
    expect(await targets({ email: admin.email, targetId: member.id })).toEqual([member.id]);
    expect(await targets({ email: member.email, action: 'mail.test' })).toEqual([]);
    const unknown = await list({ email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'No account has the email nobody@example.com',
      code: 'not_found',
    });
    for (const email of ['not an email', `${'x'.repeat(250)}@example.com`])
      expect((await list({ email })).statusCode, email).toBe(400);
    const csv = await inject(t, auditApi.csv, { query: { email: other.email }, headers });
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('names every action in words, the same table for the tab and the file', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[action], action).toMatch(/^[A-Z][^.]+$/);
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
  });
});
