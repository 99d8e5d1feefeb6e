import { describe, expect, it } from 'vitest';
import { authHeader } from '../../../../tests/factories';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { urlOf } from '../../../contract/endpoint';
import { OFFER_PROVIDERS, offersApi } from '../../../contract/offer-walls';
import { loadConfig } from '../../config';
import { auditLog } from '../../db/schema';
import { addWall, SECRET, setUp, wallFor } from './test-setup';
import { postbackWarning } from './walls';

describe('offer walls', () => {
  it('warn when their postback addresses cannot work: SITE_URL unset or not https', () => {
    const at = (env: Record<string, string>) => postbackWarning(loadConfig(env));
    expect(at({})).toContain('SITE_URL is not set');
    expect(at({ SITE_URL: 'http://prizedraw.example' })).toContain('is not https');
    expect(at({ SITE_URL: 'https://prizedraw.example' })).toBeNull();
  });

  it('are set up by admins, each change in the audit log, the secret taken but never given back', async () => {
    const { t, admin, member } = await setUp();
    const walls = [];
    for (const provider of OFFER_PROVIDERS) walls.push(await addWall(t, admin, wallFor(provider)));
    const list = await inject(t, offersApi.adminWalls, { headers: admin });
    expect(
      list
        .json()
        .walls.map((w: { provider: string }) => w.provider)
        .sort(),
    ).toEqual([...OFFER_PROVIDERS].sort());
    expect(list.body).not.toContain(SECRET);
    // The test site has no SITE_URL: the tab says the addresses cannot be reached.
    expect(list.json().postbackWarning).toMatch(
      /^SITE_URL is not set, so these postback addresses start with http:\/\/localhost:3000/,
    );
    const bitlabs = walls[1]!;
    expect(bitlabs.postbackUrl).toBe(
      `http://localhost:3000${urlOf(offersApi.wallPostbackGet, { params: { id: bitlabs._id } })}?uid=[%USER:UID%]&tx=[%TX%]&usd=[%VALUE:USD%]&type=[%TYPE%]&ref=[%REF%]&state=[%OFFER_STATE%]`,
    );

    // Sent as given, so the test can send what the contract refuses too.
    const put = (id: string, payload: object, headers = admin) =>
      rawInject(t, offersApi.updateWall, { params: { id }, headers, payload });
    const changed = await put(bitlabs._id, {
      active: false,
      secret: 'a-new-secret-456',
      entriesPerPound: 800,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().wall).toMatchObject({ active: false, entriesPerPound: 800 });
    expect(changed.body).not.toContain('a-new-secret-456');

    const audit = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual([
      ...OFFER_PROVIDERS.map(() => 'offerwall.create'),
      'offerwall.update',
    ]);
    expect(audit.at(-1)).toMatchObject({
      summary: 'Changed the offer wall "bitlabs wall": entriesPerPound, active, secret',
      changes: {
        before: { active: true, entriesPerPound: 1000, secret: 'hidden' },
        after: { active: false, entriesPerPound: 800, secret: 'replaced' },
      },
    });
    expect(JSON.stringify(audit)).not.toContain(SECRET);

    // Members see the active walls, each framed for them.
    const mine = await inject(t, offersApi.walls, { headers: await authHeader(t.db, member.id) });
    const shown = mine.json().walls as Array<{ name: string; url: string }>;
    expect(shown.map((w) => w.name).sort()).toEqual(
      OFFER_PROVIDERS.filter((p) => p !== 'bitlabs')
        .map((p) => `${p} wall`)
        .sort(),
    );
    expect(shown.find((w) => w.name === 'generic wall')!.url).toBe(
      `https://offers.generic.example/wall?uid=${member.id}`,
    );

    // Refused: bad input, members, visitors, a wall that does not exist.
    for (const bad of [
      wallFor('generic', { provider: 'offertoro' }),
      wallFor('generic', { frameUrl: 'http://offers.example/wall?uid={userId}' }),
      wallFor('generic', { frameUrl: 'https://offers.example/wall' }),
      wallFor('generic', { secret: 'short' }),
      wallFor('generic', { entriesPerPound: 0 }),
      wallFor('generic', { entriesPerPound: 1.5 }),
      wallFor('generic', { ipAllowlist: ['not an address'] }),
      { ...wallFor('generic'), extra: true },
    ]) {
      const res = await rawInject(t, offersApi.addWall, { headers: admin, payload: bad });
      expect(res.statusCode).toBe(400);
    }
    const memberHeaders = await authHeader(t.db, member.id);
    expect((await inject(t, offersApi.adminWalls, { headers: memberHeaders })).statusCode).toBe(403);
    expect((await inject(t, offersApi.adminWalls)).statusCode).toBe(401);
    expect((await put(bitlabs._id, { active: true }, memberHeaders)).statusCode).toBe(403);
    expect((await put('00000000-0000-4000-8000-000000000000', { active: true })).statusCode).toBe(404);
    expect((await put(bitlabs._id, { secret: 'x' })).statusCode).toBe(400);
  });
});
