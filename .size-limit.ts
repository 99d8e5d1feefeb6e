import { FIRST_LOAD_BUDGET_KIB, firstLoadFiles } from './scripts/first-load';

// The build fails when a visitor's first load grows past its budget (npm run size, in .ci/run).
export default [
  {
    name: 'first load: the entry and what it preloads',
    path: firstLoadFiles(),
    limit: `${FIRST_LOAD_BUDGET_KIB} KiB`,
    gzip: true,
  },
];
