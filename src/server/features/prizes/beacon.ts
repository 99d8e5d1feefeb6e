import {
  type BeaconRound,
  type ChainTiming,
  type FixedRound,
  QUICKNET,
  randomnessOf,
  roundAt,
  signatureValid,
} from '../../../shared/beacon';
import type { Config, DrawBeaconConfig } from '../../config';
import { AppError } from '../../lib/app-error';

export interface DrawBeacon {
  /** The first round published at or after `at`, on the configured chain. */
  roundAt(at: Date): Promise<FixedRound>;
  /** A fixed round's value, its signature checked; a 503 until it can be had, so the draw waits. */
  fetchRound(fixed: FixedRound): Promise<BeaconRound>;
}

const FETCH_TIMEOUT_MS = 5_000;

const unavailable = (why: string) =>
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
    throw unavailable('the beacon did not answer');
  }
  if (response.status === 404 || response.status === 425) throw unavailable('the round is not out yet');
  if (!response.ok) throw unavailable(`the beacon answered ${response.status}`);
  return response.json().catch(() => {
    throw unavailable('the beacon’s answer was not JSON');
  });
}

/**
 * drand over HTTP (DESIGN §4). Quicknet's timing is built in, so fixing a
 * round needs no network; another chain's is read from its /info once, and
 * only if that info carries the configured public key.
 */
export function drandBeacon(config: DrawBeaconConfig): DrawBeacon {
  const network = config.chainHash === QUICKNET.chainHash ? QUICKNET.network : `drand ${config.chainHash}`;
  let timing: Promise<ChainTiming> | undefined;

  const chainTiming = (): Promise<ChainTiming> => {
    if (config.chainHash === QUICKNET.chainHash && config.publicKey === QUICKNET.publicKey)
      return Promise.resolve(QUICKNET);
    timing ??= getJson(`${config.url}/${config.chainHash}/info`).then((info) => {
      if (info.public_key !== config.publicKey || info.hash !== config.chainHash)
        throw unavailable('the chain’s info does not match its configured key');
      return { genesis: Number(info.genesis_time), period: Number(info.period) };
    });
    // A failed read is tried again next time rather than remembered.
    timing.catch(() => {
      timing = undefined;
    });
    return timing;
  };

  return {
    async roundAt(at) {
      return {
        network,
        chainHash: config.chainHash,
        publicKey: config.publicKey,
        round: roundAt(await chainTiming(), at),
      };
    },
    async fetchRound(fixed) {
      const body = await getJson(`${config.url}/${fixed.chainHash}/public/${fixed.round}`);
      const signature = typeof body.signature === 'string' ? body.signature.toLowerCase() : '';
      if (body.round !== fixed.round || !(await signatureValid(fixed.publicKey, fixed.round, signature)))
        throw unavailable('its signature did not verify');
      // The randomness is recomputed, never taken from the answer.
      return { ...fixed, randomness: await randomnessOf(signature), signature };
    },
  };
}

/** The configured beacon, or none (DRAW_BEACON=none). */
export const beaconFor = (config: Config) => (config.drawBeacon ? drandBeacon(config.drawBeacon) : undefined);
