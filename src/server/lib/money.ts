import { penceToPounds, poundsToPence } from '../../contract/money';

/** Money is stored in pence and shown in pounds (contract/money.ts): the conversions, and the summary form. */
export { penceToPounds, poundsToPence as toPence };

/** Pence as people read an amount in a summary, e.g. "£5.00". */
export const pounds = (pence: number) =>
  `${pence < 0 ? '-' : ''}£${Math.floor(Math.abs(pence) / 100).toLocaleString('en-GB')}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;
