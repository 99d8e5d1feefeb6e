/** Members each e2e site starts with (tests/support/e2e-history.ts): a month old, with settled cash. */
export const e2eSavers = {
  password: 'e2e saver password',
  cashPence: 30_00,
  members: Array.from({ length: 6 }, (_, i) => ({
    username: `Saver ${i + 1}`,
    email: `saver-${i + 1}@e2e.test`,
  })),
};
