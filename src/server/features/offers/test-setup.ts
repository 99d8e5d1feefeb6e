import { expect } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { type OfferProvider, offersApi, type WallInput } from '../../../contract/offer-walls';

// What the offer wall tests share: a wall as an admin sets it up, and the site to set it up on.

type Headers = Record<string, string>;
export const SECRET = 'wall-secret-0123456789';

export const wallFor = (provider: OfferProvider, extra: Record<string, unknown> = {}) => ({
  name: `${provider} wall`,
  provider,
  frameUrl: `https://offers.${provider}.example/wall?uid={userId}`,
  secret: SECRET,
  entriesPerPound: 1000,
  ...extra,
});

export async function setUp() {
  const t = await buildTestApp();
  const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
  const member = await createUser(t.db);
  return { t, admin, member };
}

export const addWall = async (t: TestApp, admin: Headers, body: object) => {
  const res = await inject(t, offersApi.addWall, { headers: admin, body: body as WallInput });
  expect(res.statusCode).toBe(201);
  return res.json().wall as { _id: string; postbackUrl: string };
};
