/** How often a read that failed is tried again while its panel says so (app/query-client.ts). */
export const LOAD_RETRY_MS = 10_000;
