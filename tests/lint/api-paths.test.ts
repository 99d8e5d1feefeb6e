import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const self = resolve(import.meta.filename);

/**
 * An API path as a test would spell it: `/api/` starting a string, a glob or a line of prose, after a
 * site's address, or escaped in a regular expression; not a web feature's `api/` folder in a module
 * path (`../api/get-prizes`, `features/prizes/api/`).
 */
const SPELLED_API_PATH = /(?<![\w.-])\/api\/|:\/\/[^/\s'"`]*\/api\/|\\\/api\\\//;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** Every test and test helper: all of tests/ (e2e specs included), and the tests and their set-up beside the code. */
const testFiles = () => [
  ...sources(join(root, 'tests')),
  ...[...sources(join(root, 'src'))].filter((f) => /(\.test\.tsx?|test-setup\.ts)$/.test(f)),
];

describe('tests speak through the definitions (DESIGN §20)', () => {
  it('spell no API path: they call each endpoint by its definition', () => {
    const files = testFiles().filter((f) => f !== self);
    expect(files.some((f) => f.includes(join('tests', 'e2e')))).toBe(true);
    expect(files.some((f) => f.endsWith('.test.ts') && f.includes(join('src', 'server')))).toBe(true);
    const offenders = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          SPELLED_API_PATH.test(line) ? [`${relative(root, f)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(
      offenders,
      'use inject(t, ep, input), rawInject or callApi with a definition from src/contract',
    ).toEqual([]);
  });

  it('know an API path in each way a test could write one, and a module path for the folder it is not', () => {
    const spelled = [
      "t.app.inject({ url: '/api/auth/me' })",
      `request.post(\`/api/prizes/\${id}/enter\`)`,
      `fetch(\`\${base}/api/auth/login\`)`,
      "page.route('**/api/prizes', fulfil)",
      "'https://prizedraw.example/api/offers/postback/w?tx=1'",
      'expect(raw).toMatch(/<http:\\/\\/localhost:3000\\/api\\/unsubscribe/)',
      "describe('POST /api/auth/register', () => {",
    ];
    const modules = [
      "import { get } from '../api/get';",
      "'src/web/features/prizes/api/get.ts'",
      "import { useTasks } from '../../tasks/api/get-tasks';",
      "url: 'https://api.drand.sh'",
    ];
    expect(spelled.filter((line) => !SPELLED_API_PATH.test(line))).toEqual([]);
    expect(modules.filter((line) => SPELLED_API_PATH.test(line))).toEqual([]);
  });
});
