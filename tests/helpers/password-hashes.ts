import { expect } from 'vitest';
import { registry } from '../../src/server/lib/metrics';

/** Passwords this process has hashed or checked so far, by the site's own metric: a test compares before and after. */
export async function passwordHashes() {
  const metric = registry.getSingleMetric('password_hashes_total');
  expect(metric, 'the password_hashes_total metric').toBeDefined();
  return (await metric!.get()).values.reduce((n, v) => n + v.value, 0);
}
