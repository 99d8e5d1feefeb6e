/** Money is kept in pence and shown, and sent by the API, in pounds: these are the only conversions. */

export const PENCE_PER_POUND = 100;

/** Pence as pounds, e.g. 650 → 6.5. */
export const penceToPounds = (pence: number) => pence / PENCE_PER_POUND;

/** Pounds as whole pence, rounded: the one rounding from pounds the API accepts. */
export const poundsToPence = (pounds: number) => Math.round(pounds * PENCE_PER_POUND);
