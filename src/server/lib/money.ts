/** Money is stored in pence and shown in pounds; this is the one rounding from pounds the API accepts. */
export const toPence = (pounds: number) => Math.round(pounds * 100);
