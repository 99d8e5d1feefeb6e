/** DESIGN §4's test vector: the seed, the snapshot hash and the participants both draw implementations must agree on. */
export const DESIGN_VECTOR = {
  seed: `${'00'.repeat(31)}01`,
  snapshotHash: 'abc',
  participants: [
    { _id: 'u1', entries: 1 },
    { _id: 'u2', entries: 5 },
    { _id: 'u3', entries: 2 },
  ],
};

/** drand quicknet's round 123, as published at api.drand.sh/<chain hash>/public/123, and the draw key it gives DESIGN's seed. */
export const QUICKNET_ROUND_123 = {
  signature:
    'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92',
  randomness: 'fb8f7bc29bf24db51871ec8c79f3a1e4bd0557bc0dfcee9ed1d924e69d1c60dc',
  drawKey: '8bce0f064f2a11ce1b0693df6f5367c7d910c2c3f0aa53bd8ec267c36ddbd2fc',
};
