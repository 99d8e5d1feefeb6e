/** Cache keys more than one feature refreshes, so features need not import each other to do it. */
export const queryKeys = {
  prizes: ['prizes'],
  winners: ['winners'],
  myEntries: ['my-entries'],
  dashboard: ['dashboard'],
} as const;
