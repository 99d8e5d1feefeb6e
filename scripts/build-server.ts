/**
 * Compiles the server to one JavaScript file, dist/server/main.js, which plain
 * node runs (`npm start`): nothing is transpiled at run time. Packages stay in
 * node_modules; the SQL migrations are copied beside it.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
