import {
  type BeaconRound,
  type ChainTiming,
  type FixedRound,
  QUICKNET,
  randomnessOf,
  roundAfter,
  signatureValid,
} from '../../../shared/beacon';
import type { Config, DrawBeaconConfig } from '../../config';
import { AppError } from '../../lib/app-error';

export interface DrawBeacon {
  /** The round a draw whose entries are frozen at `frozenAt` uses, on the configured chain. */
  roundAfter(frozenAt: Date): Promise<FixedRound>;
  /**
   * The round for entries frozen now: the one fixed earlier if it still comes
   * late enough, or else a later one. Never another chain's.
   */
  roundForFreeze(fixed: FixedRound | null, frozenAt: Date): Promise<FixedRound>;
  /** A fixed round's value, its signature checked; a 503 until it can be had, so the draw waits. */
  fetchRound(fixed: FixedRound): Promise<BeaconRound>;
}

const FETCH_TIMEOUT_MS = 5_000;

/** The draw waits: the round is not out, cannot be fetched, or does not check out. */
export const beaconUnavailable = (why: string) =>
  new AppError(
    503,
    `The public randomness for this draw could not be had (${why}), so it was not drawn; it will be tried again`,
    'beacon_unavailable',
  );

async function getJson(url: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw beaconUnavailable('the beacon did not answer');
  }
  if (response.status === 404 || response.status === 425) throw beaconUnavailable('the round is not out yet');
  if (!response.ok) throw beaconUnavailable(`the beacon answered ${response.status}`);
  return response.json().catch(() => {
    throw beaconUnavailable('the beacon’s answer was not JSON');
  });
}

const positiveInteger = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined;

/**
 * drand over HTTP (DESIGN §4). Quicknet's timing is built in, so fixing a
 * round needs no network; another chain's is read from its /info once, and
 * only if that info carries the configured public key.
 */
export function drandBeacon(config: DrawBeaconConfig): DrawBeacon {
  const network =
    config.chainHash === QUICKNET.chainHash
      ? QUICKNET.network
      : `drand chain ${config.chainHash.slice(0, 12)}`;
  let timing: Promise<ChainTiming> | undefined;

  const chainTiming = (): Promise<ChainTiming> => {
    if (config.chainHash === QUICKNET.chainHash && config.publicKey === QUICKNET.publicKey)
      return Promise.resolve(QUICKNET);
    timing ??= getJson(`${config.url}/${config.chainHash}/info`).then((info) => {
      const genesis = positiveInteger(info.genesis_time);
      const period = positiveInteger(info.period);
      if (info.public_key !== config.publicKey || info.hash !== config.chainHash || !genesis || !period)
        throw beaconUnavailable('the chain’s info does not match its configured key');
      return { genesis, period };
    });
    // A failed read is tried again next time rather than remembered.
    timing.catch(() => {
      timing = undefined;
    });
    return timing;
  };

  const roundAfterFreeze = async (frozenAt: Date): Promise<FixedRound> => ({
    network,
    chainHash: config.chainHash,
    publicKey: config.publicKey,
    round: roundAfter(await chainTiming(), frozenAt),
  });

  return {
    roundAfter: roundAfterFreeze,
    async roundForFreeze(fixed, frozenAt) {
      if (fixed && (fixed.chainHash !== config.chainHash || fixed.publicKey !== config.publicKey))
        throw beaconUnavailable('this prize’s chain is not the one configured');
      const fresh = await roundAfterFreeze(frozenAt);
      return fixed && fixed.round >= fresh.round ? fixed : fresh;
    },
    async fetchRound(fixed) {
      const body = await getJson(`${config.url}/${fixed.chainHash}/public/${fixed.round}`);
      const signature = typeof body.signature === 'string' ? body.signature.toLowerCase() : '';
      if (body.round !== fixed.round || !(await signatureValid(fixed.publicKey, fixed.round, signature)))
        throw beaconUnavailable('its signature did not verify');
      // The randomness is recomputed, never taken from the answer.
      return { ...fixed, randomness: await randomnessOf(signature), signature };
    },
  };
}

/** The configured beacon, or none (DRAW_BEACON=none). */
export const beaconFor = (config: Config) => (config.drawBeacon ? drandBeacon(config.drawBeacon) : undefined);
