import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../tests/factories';
import { buildTestApp } from '../../tests/helpers/app';
import { type Operation, operationsOf, servedDescription } from '../../tests/helpers/openapi';

/**
 * An id in a path that cannot be one of ours names nothing, however long it is: every operation with
 * a path parameter, as the served description lists them, answers the app's own 404 with the
 * endpoint's not-found text, never a framework's code (FST_ERR_…) or a status it does not document.
 */
describe('ids in paths', () => {
  it('a long or malformed id answers the endpoint’s own 404 on every operation that takes one', async () => {
    const t = await buildTestApp();
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const staff = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    // Whoever gets past the operation's guard, so what answers is the id's check.
    const asWhom = (op: Operation) => {
      const scopes = op.security?.find((s) => s.bearer)?.bearer;
      return scopes === undefined ? {} : scopes.length ? staff : member;
    };
    const doc = await servedDescription(t);
    const withIds = operationsOf(doc).filter(({ path }) => path.includes('{'));
    expect(withIds.length).toBeGreaterThan(35);
    const found: string[] = [];
    for (const { method, path, op } of withIds) {
      const answers = [];
      for (const id of [`${randomUUID()}${'a'.repeat(100)}`, 'a'.repeat(5000), 'not-an-id', '%00']) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: path.replace(/\{[^}]+\}/g, id),
          headers: asWhom(op),
        });
        answers.push({ status: res.statusCode, ...res.json() });
      }
      const [first] = answers;
      const own = { status: 404, code: 'not_found', error: first?.error };
      if (!answers.every((a) => a.status === 404 && a.code === 'not_found' && a.error === first?.error))
        found.push(`${method} ${path}: ${JSON.stringify(answers).slice(0, 300)}`);
      else if (!op.responses['404']) found.push(`${method} ${path}: 404 is not documented`);
      else expect(first).toMatchObject(own);
    }
    expect(found).toEqual([]);
  });
});
