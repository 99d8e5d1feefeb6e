import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories';
import { me, signUp } from '../../../../tests/helpers/accounts';
import { inject } from '../../../../tests/helpers/inject';
import { authApi } from '../../../contract/auth';
import { ledgerEntries, users } from '../../db/schema';
import { google, googleToken, serveIdProvider, userCount, withProviders } from './social-test-setup';

serveIdProvider();

describe('Google sign-in', () => {
  it('asks a new person to accept the terms first, then creates the account with the welcome bonus once', async () => {
    const t = await withProviders();
    const claims = { sub: 'g-123', email: 'Ann@Gmail.com', name: 'Ann Smith' };
    const first = await google(t, { credential: await googleToken(t, claims) });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'terms_required' });
    expect(await userCount(t)).toBe(0);

    const credential = await googleToken(t, claims);
    const res = await google(t, { credential, acceptTerms: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.newAccount).toBe(true);
    expect(body.user).toMatchObject({
      username: 'Ann Smith',
      email: 'ann@gmail.com',
      emailVerified: true,
      hasPassword: false,
      availableEntries: 10 + 50,
    });

    // The same token again is a replay; a fresh one signs the same person in, with no second bonus.
    const replay = await google(t, { credential, acceptTerms: true });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('This Google sign-in was already used. Please try again.');
    const again = await google(t, { credential: await googleToken(t, claims) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      newAccount: false,
      user: { _id: body.user._id, availableEntries: 60 },
    });
    const bonuses = await t.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'welcome_bonus'));
    expect(bonuses[0]!.n).toBe(1);
  });

  it('links an existing account only through an address the provider has verified', async () => {
    const t = await withProviders();
    const owner = await createUser(t.db);
    const unverified = await google(t, {
      credential: await googleToken(t, { sub: 'g-9', email: owner.email, email_verified: false }),
    });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error).toBe(
      'Google did not share a verified email address, so we cannot sign you in',
    );

    const linked = await google(t, { credential: await googleToken(t, { sub: 'g-9', email: owner.email }) });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ newAccount: false, user: { _id: owner.id } });
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.googleSub).toBe('g-9');
  });

  it('takes the password off an unverified account it links, since whoever set it never proved the address', async () => {
    const t = await withProviders();
    const { body: squatter, headers: squatterHeaders } = await signUp(t);

    const res = await google(t, {
      credential: await googleToken(t, { sub: 'g-owner', email: squatter.email }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ emailVerified: true, hasPassword: false });
    expect((await me(t, squatterHeaders)).statusCode).toBe(401);
    const login = await inject(t, authApi.login, {
      body: { email: squatter.email, password: squatter.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('makes one account when the same new person signs in many times at once', async () => {
    const t = await withProviders();
    const results = await Promise.all(
      Array.from({ length: 5 }, async () =>
        google(t, {
          credential: await googleToken(t, { sub: 'g-race', email: 'race@gmail.com' }),
          acceptTerms: true,
        }),
      ),
    );
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(results.filter((r) => r.json().newAccount === true)).toHaveLength(1);
    expect(await userCount(t)).toBe(1);
  });

  it('unlinks any other provider from an unverified account it takes over', async () => {
    const t = await withProviders();
    const { body: squatter, user: made } = await signUp(t);
    await t.db.update(users).set({ appleSub: 'squatters-apple' }).where(eq(users.id, made._id));
    await google(t, { credential: await googleToken(t, { sub: 'g-real', email: squatter.email }) });
    const [row] = await t.db.select().from(users).where(eq(users.id, made._id));
    expect(row).toMatchObject({ googleSub: 'g-real', appleSub: null, passwordHash: null });
  });
});
