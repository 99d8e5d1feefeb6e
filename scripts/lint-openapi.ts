import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { fromPglite, pgliteExtensions } from '../src/server/db/client';
import { type LintProblem, lintWithRedocly } from './redocly';

/**
 * `npm run lint:openapi`: the OpenAPI description the app serves, linted with Redocly's recommended
 * rules. The app is built in-process on an empty embedded database, as the tests build it, and listens
 * on nothing; the description is what GET /api/docs/json answers. Errors fail it; warnings are listed.
 */
const database = fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
const description = (await app.inject('/api/docs/json')).json();
await app.close();
await database.close();

const { errors, warnings } = await lintWithRedocly(description);
const where = (p: LintProblem) => p.location[0]?.pointer ?? '';
for (const p of errors) console.error(`error   ${p.ruleId} at ${where(p)}: ${p.message}`);
const byRule = new Map<string, number>();
for (const p of warnings) byRule.set(p.ruleId, (byRule.get(p.ruleId) ?? 0) + 1);
for (const [rule, count] of byRule) console.log(`warning ${rule}: ${count}`);
console.log(
  `OpenAPI description: ${errors.length} errors, ${warnings.length} warnings (Redocly, recommended rules)`,
);
process.exit(errors.length ? 1 : 0);
