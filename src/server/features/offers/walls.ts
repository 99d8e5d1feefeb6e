import { BlockList, isIPv4, isIPv6 } from 'node:net';
import {
  type AdminWall,
  ENVIRONMENT_WALL_ID,
  ENVIRONMENT_WALL_NAME,
  type MemberWall,
  PROVIDER_NAMES,
  type WallBody,
  type WallUpdate,
} from '../../../contract/offer-walls';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type AuditActor, changedFields, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { penceToPounds } from '../../lib/money';
import { offerWallUrl } from './conversions';
import { PROVIDERS } from './providers';
import * as repo from './repository';

/** Whether `ip` may send a wall's postbacks: any address when its list is empty, else one on it. */
export function allows(allowlist: string[], ip: string) {
  if (allowlist.length === 0) return true;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [address, bits] = entry.split('/');
    const type = isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (bits) list.addSubnet(address!, Number(bits), type);
    else list.addAddress(address!, type);
  }
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  return list.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
}

const frameFor = (template: string, userId: string) =>
  template.replaceAll('{userId}', encodeURIComponent(userId));

/** The tabs a member sees: the environment's wall when it is set up, then each active wall, with what they earned on it. */
export async function memberWalls(db: Db, config: Config, userId: string): Promise<MemberWall[]> {
  const [walls, totals] = await Promise.all([repo.activeWalls(db), repo.memberTotalsByWall(db, userId)]);
  const statsOf = (wallId: string | null) => {
    const t = totals.find((row) => row.wallId === wallId);
    return { completedOffers: t?.completedOffers ?? 0, totalEarned: t?.totalEarned ?? 0 };
  };
  const environment = offerWallUrl(config, userId);
  return [
    ...(environment
      ? [{ _id: ENVIRONMENT_WALL_ID, name: ENVIRONMENT_WALL_NAME, url: environment, stats: statsOf(null) }]
      : []),
    ...walls.map((w) => ({
      _id: w.id,
      name: w.name,
      url: frameFor(w.frameUrl, userId),
      stats: statsOf(w.id),
    })),
  ];
}

type WallWithTotals = Awaited<ReturnType<typeof repo.wallsWithTotals>>[number];

function present(row: WallWithTotals, siteUrl: string): AdminWall {
  const { wall } = row;
  return {
    _id: wall.id,
    name: wall.name,
    provider: wall.provider,
    frameUrl: wall.frameUrl,
    ipAllowlist: wall.ipAllowlist,
    entriesPerPound: wall.entriesPerPound,
    active: wall.active,
    holdDays: wall.holdDays,
    postbackUrl: PROVIDERS[wall.provider].postbackTemplate(`${siteUrl}/api/offers/postback/${wall.id}`),
    createdAt: wall.createdAt.toISOString(),
    stats: {
      credits: row.credits,
      reversals: row.reversals,
      revenue: penceToPounds(row.revenuePence),
      entries: row.entries,
    },
  };
}

/** Why the postback addresses, built from SITE_URL, may not work for a provider; null when they will. */
export function postbackWarning(config: Pick<Config, 'siteUrl' | 'siteUrlSet'>): string | null {
  if (!config.siteUrlSet)
    return `SITE_URL is not set, so these postback addresses start with ${config.siteUrl}, which no provider can reach. Set SITE_URL to the site's public https address.`;
  if (!config.siteUrl.startsWith('https://'))
    return `SITE_URL (${config.siteUrl}) is not https: a postback carries the member's id and its signature in the address, readable on the way. Set SITE_URL to the site's https address.`;
  return null;
}

export async function adminWalls(db: Db, config: Pick<Config, 'siteUrl' | 'siteUrlSet'>) {
  return {
    walls: (await repo.wallsWithTotals(db)).map((row) => present(row, config.siteUrl)),
    postbackWarning: postbackWarning(config),
  };
}

async function adminWall(db: Db, siteUrl: string, id: string) {
  const row = (await repo.wallsWithTotals(db)).find((r) => r.wall.id === id);
  return present(row!, siteUrl);
}

/** What the audit log keeps of a wall: everything but its secret, which it only says was changed. */
const audited = (w: Omit<WallBody, 'secret'>) => ({
  name: w.name,
  provider: w.provider,
  frameUrl: w.frameUrl,
  ipAllowlist: w.ipAllowlist,
  entriesPerPound: w.entriesPerPound,
  active: w.active,
});

export async function createWall(db: Db, clock: Clock, actor: AuditActor, siteUrl: string, body: WallBody) {
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    const wall = await repo.insertWall(tx, { ...body, createdAt: now, updatedAt: now });
    await recordAudit(
      tx,
      actor,
      {
        action: 'offerwall.create',
        targetType: 'offerwall',
        targetId: wall.id,
        summary: `Added the ${PROVIDER_NAMES[body.provider]} offer wall "${body.name}"${body.active ? '' : ' (switched off)'}`,
        after: audited(body),
      },
      now,
    );
    return wall.id;
  });
  return { message: `Offer wall ${body.name} added`, wall: await adminWall(db, siteUrl, id) };
}

export async function updateWallSettings(
  db: Db,
  clock: Clock,
  actor: AuditActor,
  siteUrl: string,
  id: string,
  update: WallUpdate,
) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const before = await repo.lockWall(tx, id);
    if (!before) throw notFound('Offer wall not found');
    const after = await repo.updateWall(tx, id, { ...update, updatedAt: now });
    const changes = changedFields(audited(before), audited(after));
    const secretChanged = update.secret !== undefined && update.secret !== before.secret;
    const what = [...Object.keys(changes.after), ...(secretChanged ? ['secret'] : [])];
    await recordAudit(
      tx,
      actor,
      {
        action: 'offerwall.update',
        targetType: 'offerwall',
        targetId: id,
        summary: `Changed the offer wall "${after.name}": ${what.length ? what.join(', ') : 'nothing'}`,
        before: { ...changes.before, ...(secretChanged && { secret: 'hidden' }) },
        after: { ...changes.after, ...(secretChanged && { secret: 'replaced' }) },
      },
      now,
    );
  });
  return { message: 'Offer wall saved', wall: await adminWall(db, siteUrl, id) };
}
