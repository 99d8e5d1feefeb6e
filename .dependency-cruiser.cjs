/**
 * Import rules `npm run lint` enforces (STYLE.md, "Our layout"). TypeScript 7 has
 * no compiler API for dependency-cruiser to read TypeScript with, so Babel strips
 * the types first; that is also why the lint script lists the files itself.
 */
const path = require('node:path');

const feature = '^src/web/features/([^/]+)/';

// Tests and their set-up build whatever they need, across features and straight on the ledger.
const testCode = '(\\.test\\.ts|/test-setup\\.ts)$';
const floors = require('./src/server/features/floors.cjs');
const serverFeature = (names) => `^src/server/features/(${names.join('|')})/`;
/** One rule per feature: nothing from its own floor or above but itself (floors.cjs). */
const floorRules = floors.flatMap((names, floor) =>
  names.map((name) => ({
    name: `server-feature-${name}-imports-only-below-floor-${floor}`,
    comment: `features/${name} is on floor ${floor} (src/server/features/floors.cjs): it imports from lower floors only; what a higher feature must learn travels as an event or a step it hands down.`,
    severity: 'error',
    from: { path: `^src/server/features/${name}/`, pathNot: testCode },
    to: {
      path: serverFeature(
        floors
          .slice(floor)
          .flat()
          .filter((other) => other !== name),
      ),
    },
  })),
);

module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'every-server-feature-has-a-floor',
      comment: 'A feature folder not in src/server/features/floors.cjs: give it a floor there.',
      severity: 'error',
      from: { path: '^src/server/features/[^/]+/', pathNot: serverFeature(floors.flat()) },
      to: {},
    },
    {
      name: 'money-has-one-door',
      comment:
        'Balances move only through features/earning (earn, spend, refund, reverse, adjust), which does what follows each move; nothing else imports lib/ledger.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/server/features/earning/', '^src/server/lib/ledger', testCode] },
      to: { path: '^src/server/lib/ledger\\.ts$' },
    },
    {
      name: 'toasts-load-after-the-page',
      comment:
        'Toasts go through web/lib/toast, which loads react-hot-toast once the page has drawn, not with the first load.',
      severity: 'error',
      from: { path: '^src/web/', pathNot: '^src/web/lib/toast\\.tsx$' },
      to: { path: 'node_modules/react-hot-toast/' },
    },
    {
      name: 'no-import-cycles',
      comment: 'Imports go one way; a cycle means a module is half-initialised when first used.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-features-are-independent',
      comment:
        'A web feature uses app-wide code (lib, components, config), never another feature; pages in app/ compose features.',
      severity: 'error',
      from: { path: feature },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-shared-code-stays-shared',
      comment: 'lib, components and config are used by features and pages, so they import neither.',
      severity: 'error',
      from: { path: '^src/web/(lib|components|config)/' },
      to: { path: '^src/web/(features|app)/' },
    },
    {
      name: 'web-features-do-not-import-the-app',
      severity: 'error',
      from: { path: feature },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'the-browser-never-imports-the-server',
      severity: 'error',
      from: { path: '^src/(web|shared|contract)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-data-and-lib-stay-below-the-features',
      comment:
        'db/ and lib/ are what features build on: they never import a feature, a job, start-up or the app. Start-up preparation and seeding, which use features, live in start-up/ beside main.ts.',
      severity: 'error',
      // Their tests may build the whole app around them.
      from: { path: '^src/server/(db|lib)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/(features|jobs|start-up|plugins)/|^src/server/(app|main|context)\\.ts$' },
    },
    {
      name: 'plugins-know-no-feature',
      comment:
        "The guards, the definitions' registration and the other plugins serve every feature and know none: what they need of one (who a token signs in) comes through the app context.",
      severity: 'error',
      from: { path: '^src/server/plugins/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'the-contract-imports-only-zod',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { pathNot: ['^src/contract/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'every-import-resolves',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    babelConfig: { fileName: path.join(__dirname, '.dependency-cruiser.babel.cjs') },
    // What Babel leaves (type imports kept as bare imports by the config above).
    tsPreCompilationDeps: false,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      // Packages that name their entry points only in "exports" (csv-parse/sync).
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
