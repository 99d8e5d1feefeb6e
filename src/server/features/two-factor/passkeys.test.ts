import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { SoftAuthenticator } from '../../../../tests/support/webauthn';
import { adminApi } from '../../../contract/admin';
import { authApi } from '../../../contract/auth';
import { MINUTE_MS } from '../../../contract/constants';
import { passkeysApi } from '../../../contract/passkeys';
import { staffApi } from '../../../contract/staff-api';
import { twoFactorApi } from '../../../contract/two-factor';
import { clearReads } from '../../context';
import { users } from '../../db/schema';

type Headers = Record<string, string>;

async function signedUp(t: TestApp) {
  const body = registration();
  const { token, user } = (await inject(t, authApi.register, { body })).data();
  return { ...body, id: user._id, headers: { authorization: `Bearer ${token}` } as Headers };
}

/** Adds a passkey from `key` to the account of the session in `headers`. */
async function addPasskey(
  t: TestApp,
  headers: Headers,
  key: SoftAuthenticator,
  { name = 'My phone', password = registration().password }: { name?: string; password?: string } = {},
) {
  const { ticket, options } = (
    await inject(t, passkeysApi.registerOptions, { headers, body: { password } })
  ).data();
  return inject(t, passkeysApi.register, {
    headers,
    body: { ticket, name, credential: key.create(options) },
  });
}

async function signInWith(
  t: TestApp,
  key: SoftAuthenticator,
  answer = (o: Record<string, unknown>) => key.get(o),
) {
  const { ticket, options } = (await inject(t, passkeysApi.signInOptions, {})).data();
  const credential = answer(options);
  return { ticket, credential, res: await inject(t, passkeysApi.signIn, { body: { ticket, credential } }) };
}

describe('passkeys', () => {
  it('are added to an account, sign it in with no password, and each answer is accepted once', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const key = new SoftAuthenticator(t.config.siteUrl);
    const added = await addPasskey(t, member.headers, key);
    expect(added.statusCode).toBe(201);
    expect(added.json().passkey).toMatchObject({ name: 'My phone', lastUsedAt: null });
    const status = (await inject(t, twoFactorApi.status, { headers: member.headers })).data();
    expect(status.passkeys.map((p) => p.name)).toEqual(['My phone']);
    expect(status.secondFactorAt).toBe(t.clock.now().toISOString());

    const { ticket, credential, res } = await signInWith(t, key);
    expect(res.statusCode).toBe(200);
    const session = { authorization: `Bearer ${res.data().token}` };
    expect(res.data().user._id).toBe(member.id);
    expect((await inject(t, twoFactorApi.status, { headers: session })).data().secondFactorAt).toBe(
      t.clock.now().toISOString(),
    );
    // The same answer again, or the same ticket: refused.
    const replay = await inject(t, passkeysApi.signIn, { body: { ticket, credential } });
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'passkey_expired']);

    // A password sign-in now asks for the second factor too.
    const login = await inject(t, authApi.login, {
      body: { email: member.email, password: member.password },
    });
    expect(login.data()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  });

  it('refuse an answer from another site, a key nobody added, an old ticket, and a copied key', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const key = new SoftAuthenticator(t.config.siteUrl);
    expect((await addPasskey(t, member.headers, key)).statusCode).toBe(201);

    const phished = await signInWith(t, key, (o) => key.get(o, { origin: 'https://prizedraw.example.net' }));
    expect([phished.res.statusCode, phished.res.json().code]).toEqual([401, 'passkey_refused']);
    const stranger = new SoftAuthenticator(t.config.siteUrl);
    expect((await signInWith(t, stranger)).res.statusCode).toBe(401);

    const { ticket, options } = (await inject(t, passkeysApi.signInOptions, {})).data();
    t.clock.advance(6 * MINUTE_MS);
    const late = await inject(t, passkeysApi.signIn, { body: { ticket, credential: key.get(options) } });
    expect(late.json().code).toBe('passkey_expired');

    // A signature counter that goes back means two copies of one key: the older is refused.
    expect((await signInWith(t, key)).res.statusCode).toBe(200);
    const copy = Object.assign(Object.create(Object.getPrototypeOf(key)), key) as SoftAuthenticator;
    (copy as unknown as { counter: number }).counter -= 1;
    expect((await signInWith(t, copy)).res.statusCode).toBe(401);

    for (const body of [{}, { ticket: 'nope', credential: {} }, { ticket, credential: { id: 'x' } }]) {
      expect((await inject(t, passkeysApi.signIn, { body: body as never })).statusCode).toBe(400);
    }
  });

  it('ask for a recent second factor before adding another, which a passkey can give', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const phone = new SoftAuthenticator(t.config.siteUrl);
    expect((await addPasskey(t, member.headers, phone)).statusCode).toBe(201);
    t.clock.advance(16 * MINUTE_MS);
    const laptop = new SoftAuthenticator(t.config.siteUrl);
    const stale = await inject(t, passkeysApi.registerOptions, { headers: member.headers, body: undefined });
    expect(stale.json().code).toBe('reauth_required');

    const { ticket, options } = (
      await inject(t, passkeysApi.reauthOptions, { headers: member.headers })
    ).data();
    // A key that is not on the account cannot confirm it.
    const wrong = await inject(t, passkeysApi.reauth, {
      headers: member.headers,
      body: { ticket, credential: laptop.get(options) },
    });
    expect(wrong.statusCode).toBe(400);
    const again = await inject(t, passkeysApi.reauthOptions, { headers: member.headers });
    const confirmed = await inject(t, passkeysApi.reauth, {
      headers: member.headers,
      body: { ticket: again.data().ticket, credential: phone.get(again.data().options) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await addPasskey(t, member.headers, laptop, { name: 'Laptop' })).statusCode).toBe(201);
    // The same key twice is refused by the browser (excludeCredentials) and by the server.
    const twice = await addPasskey(t, member.headers, laptop, { name: 'Laptop again' });
    expect(twice.json().code).toBe('passkey_taken');

    const [first] = (await inject(t, twoFactorApi.status, { headers: member.headers })).data().passkeys;
    expect(
      (await inject(t, passkeysApi.remove, { headers: member.headers, params: { id: first!._id } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject(t, twoFactorApi.status, { headers: member.headers })).data().passkeys.map((p) => p.name),
    ).toEqual(['Laptop']);
  });

  it('are a second factor for staff, who keep at least one', async () => {
    const t = await buildTestApp();
    const staff = await signedUp(t);
    await t.db.update(users).set({ staffRole: 'owner' }).where(eq(users.id, staff.id));
    clearReads(t.ctx);
    expect((await inject(t, adminApi.stats, { headers: staff.headers })).json().code).toBe(
      'two_factor_required',
    );
    const key = new SoftAuthenticator(t.config.siteUrl);
    const added = await addPasskey(t, staff.headers, key);
    expect(added.statusCode).toBe(201);
    // Adding it is this session's second factor.
    expect((await inject(t, adminApi.stats, { headers: staff.headers })).statusCode).toBe(200);
    const team = (await inject(t, staffApi.list, { headers: staff.headers })).data().staff;
    expect(team.find((s) => s._id === staff.id)!.twoFactor).toBe(true);

    const { res } = await signInWith(t, key);
    const session = { authorization: `Bearer ${res.data().token}` };
    expect((await inject(t, adminApi.stats, { headers: session })).statusCode).toBe(200);
    const removed = await inject(t, passkeysApi.remove, {
      headers: session,
      params: { id: added.json().passkey._id },
    });
    expect(removed.json().code).toBe('two_factor_required');
    expect((await inject(t, twoFactorApi.status, { headers: session })).data().passkeys).toHaveLength(1);
  });

  it('are added only by the owner: the password, and a recent second factor once it has one; and removed only with a recent one', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const options = (body?: { password: string }) =>
      inject(t, passkeysApi.registerOptions, { headers: member.headers, body });
    // A borrowed session does not know the password.
    expect((await options()).json().code).toBe('password_required');
    expect((await options({ password: 'not the password' })).json().code).toBe('wrong_password');
    const key = new SoftAuthenticator(t.config.siteUrl);
    const added = (await addPasskey(t, member.headers, key)).json().passkey;
    t.clock.advance(16 * MINUTE_MS);
    const remove = () =>
      inject(t, passkeysApi.remove, { headers: member.headers, params: { id: added._id } });
    expect((await remove()).json().code).toBe('reauth_required');
    const { ticket, options: asked } = (
      await inject(t, passkeysApi.reauthOptions, { headers: member.headers })
    ).data();
    await inject(t, passkeysApi.reauth, {
      headers: member.headers,
      body: { ticket, credential: key.get(asked) },
    });
    expect((await remove()).statusCode).toBe(200);
    // No session counts as having given a second factor once one is removed.
    expect(
      (await inject(t, twoFactorApi.status, { headers: member.headers })).data().secondFactorAt,
    ).toBeNull();
  });
});
