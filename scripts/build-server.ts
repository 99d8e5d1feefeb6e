/**
 * Compiles the server to dist/server/main.js (and the draw's second thread), which plain
 * node runs (`npm start`): nothing is transpiled at run time. Packages stay in
 * node_modules; the SQL migrations are copied beside it.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  // The draw's second picker runs on a thread of its own, from a file of its own (second-picker.ts).
  entryPoints: { main: 'src/server/main.ts', 'picker-thread': 'src/server/features/prizes/picker-thread.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
