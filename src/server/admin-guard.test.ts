import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../tests/factories';
import { buildTestApp } from '../../tests/helpers/app';
import { apiPath } from '../../tests/helpers/inject';
import { servedDescription } from '../../tests/helpers/openapi';
import { auditLog } from './db/schema';

describe('the admin guard', () => {
  it('refuses every admin route, as the OpenAPI description lists them, to visitors (401) and members (403)', async () => {
    const t = await buildTestApp();
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const spec = await servedDescription(t);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith(apiPath('/admin/')))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: path.replace(/\{[^}]+\}/g, id),
        })),
      );
    // Members, ledgers, audit, review, analytics, exports, adjustments, suspensions, disqualifications…
    expect(calls.length).toBeGreaterThan(35);
    for (const call of calls) {
      const visitor = await t.app.inject({ ...call, payload: call.method === 'GET' ? undefined : {} });
      expect(visitor.statusCode, `${call.method} ${call.url}`).toBe(401);
      const refused = await t.app.inject({
        ...call,
        headers: member,
        payload: call.method === 'GET' ? undefined : {},
      });
      expect(refused.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(refused.json(), `${call.method} ${call.url}`).toEqual({
        error: 'Admins only',
        code: 'forbidden',
      });
    }
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});
