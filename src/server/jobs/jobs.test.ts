import { describe, expect, it } from 'vitest';
import { registration } from '../../../tests/factories';
import { buildTestApp } from '../../../tests/helpers/app';
import { sessions } from '../db/schema';
import { claimRun } from './claim';
import { runCleanup } from './cleanup';

describe('scheduled jobs', () => {
  it('let exactly one of many instances claim a job for a period', async () => {
    const t = await buildTestApp();
    const now = t.clock.now();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimRun(t.db, 'draw-check', '2026-11-27T20', now)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(t.db, 'draw-check', '2026-11-27T21', now)).toBe(true);
    expect(await claimRun(t.db, 'cleanup', '2026-11-27T20', now)).toBe(true);
  });

  it('clean-up removes expired sessions and keeps live ones', async () => {
    const t = await buildTestApp();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration() });
    t.clock.advance(31 * 86_400_000);
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration() });
    expect(await runCleanup(t.db, t.clock)).toMatchObject({ sessions: 1 });
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });
});
