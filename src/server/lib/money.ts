/** Money is stored in pence and shown in pounds; this is the one rounding from pounds the API accepts. */
export const toPence = (pounds: number) => Math.round(pounds * 100);

/** Pence as people read an amount in a summary, e.g. "£5.00". */
export const pounds = (pence: number) =>
  `${pence < 0 ? '-' : ''}£${Math.floor(Math.abs(pence) / 100).toLocaleString('en-GB')}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;
