import { describe, expect, it } from 'vitest';
import { csvLines } from '../../../../tests/helpers/csv';
import { inject } from '../../../../tests/helpers/inject';
import { adminApi } from '../../../contract/admin';
import { type AuditQuery, auditApi } from '../../../contract/audit';
import { adjust, setUp } from './test-setup';

describe('the audit log', () => {
  it('records each admin write with who, what, when and from where, newest first, filtered and paged', async () => {
    const { t, admin, headers, member } = await setUp();
    await adjust(t, headers, member.id, 5);
    t.clock.advance(1000);
    await inject(t, adminApi.testEmail, { headers, body: { email: 'ops@example.com' } });
    t.clock.advance(1000);
    // Refused: no record.
    expect((await adjust(t, headers, member.id, -1000)).statusCode).toBe(400);

    const { events, nextCursor } = (await inject(t, auditApi.list, { headers })).data();
    expect(nextCursor).toBeNull();
    expect(events).toEqual([
      expect.objectContaining({ action: 'mail.test', summary: 'Sent a test email', targetType: 'mail' }),
      {
        _id: expect.any(String),
        at: '2026-11-20T12:00:00.000Z',
        actor: { _id: admin.id, username: 'Olive Ops' },
        action: 'user.adjust',
        targetType: 'user',
        targetId: member.id,
        summary: "Added 5 entries to the member's entries balance: Correction for a test",
        changes: { before: { entries: 100 }, after: { entries: 105 } },
        ip: '198.51.100.7',
      },
    ]);
    const list = (query: Partial<AuditQuery>) => inject(t, auditApi.list, { query, headers });
    const filtered = async (query: Partial<AuditQuery>) =>
      (await list(query)).data().events.map((e) => e.action);
    expect(await filtered({ action: 'user.adjust' })).toEqual(['user.adjust']);
    expect(await filtered({ targetId: member.id })).toEqual(['user.adjust']);
    expect(await filtered({ actorId: admin.id })).toEqual(['mail.test', 'user.adjust']);
    expect(await filtered({ actorId: member.id })).toEqual([]);
    expect((await list({ action: 'user.delete' as never })).statusCode).toBe(400);
    expect((await list({ cursor: 'zzz' })).statusCode).toBe(400);

    for (let i = 0; i < 55; i++) await adjust(t, headers, member.id, 1);
    const first = (await list({})).data();
    const second = (await list({ cursor: first.nextCursor! })).data();
    expect([first.events.length, second.events.length, second.nextCursor]).toEqual([50, 7, null]);
    expect(Number(first.events[49]!._id)).toBeGreaterThan(Number(second.events[0]!._id));
  });

  it('downloads as CSV with every row and its hashes', async () => {
    const { t, headers, member } = await setUp();
    await adjust(t, headers, member.id, 3);
    const res = await inject(t, auditApi.csv, { headers });
    expect(res.statusCode).toBe(200);
    const [head, row] = csvLines(res);
    expect(head).toBe(
      'id,at,actor_id,actor,action,action_label,target_type,target_id,summary,changes,ip,prev_hash,hash',
    );
    expect(row).toContain('user.adjust,Balance corrected,');
    expect(row).toContain('"{""after"":{""entries"":103},""before"":{""entries"":100}}"');
    expect(row).toMatch(/,0{64},[0-9a-f]{64}$/);
  });
});
