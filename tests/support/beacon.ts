import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { randomnessOf, roundMessage, roundTime } from '../../src/shared/beacon';
import { bytesToHex } from '../../src/shared/bytes';

export interface BeaconOptions {
  /** The beacon's own clock: a round is served once its time has come. Defaults to the real one. */
  now?: () => Date;
  genesis?: number;
  period?: number;
  /** 48 bytes to make the chain's key from, so another process can know it in advance. */
  keySeed?: Uint8Array;
}

/** A chain's public key and hash, made from a key seed as startBeacon makes them. */
export function beaconChain(keySeed?: Uint8Array) {
  const { secretKey, publicKey } = bls12_381.shortSignatures.keygen(keySeed);
  return {
    secretKey,
    publicKey: publicKey.toHex(),
    chainHash: createHash('sha256').update(publicKey.toBytes()).digest('hex'),
  };
}

/** The browser suite's beacon: its key is fixed so the app can be configured before it starts. */
export const E2E_BEACON_SEED = createHash('sha384').update('browser suite beacon').digest();

/**
 * A drand node of our own: a chain with a key made at start-up, serving
 * /<chain hash>/info and /<chain hash>/public/<round> as drand's HTTP API does.
 * `down` makes it answer 503 and `forge` signs with a key the chain does not have.
 */
export async function startBeacon(options: BeaconOptions = {}, port = 0) {
  const bls = bls12_381.shortSignatures;
  const { secretKey, publicKey, chainHash } = beaconChain(options.keySeed);
  const forger = bls.keygen().secretKey;
  const chain = { genesis: options.genesis ?? 1_700_000_000, period: options.period ?? 3 };
  const now = options.now ?? (() => new Date());
  const state = { down: false, forge: false };

  const sign = async (round: number) =>
    bytesToHex(bls.sign(bls.hash(await roundMessage(round)), state.forge ? forger : secretKey).toBytes());

  const server: Server = createServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    const [, hash, kind, roundText] = (req.url ?? '').split('/');
    if (state.down || hash !== chainHash) {
      res.statusCode = state.down ? 503 : 404;
      res.end('{}');
      return;
    }
    if (kind === 'info') {
      res.end(
        JSON.stringify({
          public_key: publicKey,
          period: chain.period,
          genesis_time: chain.genesis,
          hash: chainHash,
          schemeID: 'bls-unchained-g1-rfc9380',
        }),
      );
      return;
    }
    const round = Number(roundText);
    if (kind !== 'public' || !Number.isInteger(round) || round < 1 || roundTime(chain, round) > now()) {
      res.statusCode = 404;
      res.end('{}');
      return;
    }
    const signature = await sign(round);
    res.end(JSON.stringify({ round, randomness: await randomnessOf(signature), signature }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    chainHash,
    publicKey,
    chain,
    state,
    /** What the app needs to draw with this beacon. */
    env: { DRAW_BEACON: 'drand', DRAND_URL: url, DRAND_CHAIN_HASH: chainHash, DRAND_PUBLIC_KEY: publicKey },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalBeacon = Awaited<ReturnType<typeof startBeacon>>;

// Run directly, it serves on the given port until stopped (the browser suite's beacon).
if (process.argv[1]?.endsWith('beacon.ts')) {
  const port = Number(process.argv[2] ?? 3102);
  startBeacon({ keySeed: E2E_BEACON_SEED }, port).then((b) =>
    console.log(`test beacon at ${b.url}/${b.chainHash}`),
  );
}
