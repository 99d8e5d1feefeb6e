import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** One thing Redocly found, as its JSON report gives it. */
export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/**
 * Lints an OpenAPI description with Redocly's recommended rules (DESIGN §16). It runs offline: usage
 * data and the update notice are off by the variables Redocly documents, so the lint asks nothing of
 * the network, in CI or anywhere.
 */
export async function lintWithRedocly(description: unknown) {
  const folder = await mkdtemp(join(tmpdir(), 'openapi-'));
  try {
    const file = join(folder, 'openapi.json');
    await writeFile(file, JSON.stringify(description, null, 2));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const args = [
      cli,
      'lint',
      '--extends',
      'recommended',
      '--format',
      'json',
      '--max-problems',
      '1000',
      file,
    ];
    const env = {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    };
    // It exits 1 when it finds errors: the report says which, so the exit code is not needed.
    const { stdout } = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 64 << 20 }).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
    );
    const report = JSON.parse(stdout) as { problems: LintProblem[] };
    return {
      errors: report.problems.filter((p) => p.severity === 'error'),
      warnings: report.problems.filter((p) => p.severity === 'warn'),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
