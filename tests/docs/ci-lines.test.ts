import { execFileSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What each of CI's runs holds (.ci/run, ADR 050): the files Vitest would run under a run's variables, as
 * `vitest list` names them. Node 20's line (`TEST_LINE=1`) had run every fuzz suite again at 1,000 runs a route --
 * a third of CI's time -- because the isolated project ignored the line's list (issue 40).
 */
const root = resolve(import.meta.dirname, '../..');

function filesUnder(env: Record<string, string>): string[] {
  const out = execFileSync(resolve(root, 'node_modules/.bin/vitest'), ['list', '--filesOnly', '--json'], {
    cwd: root,
    env: { ...process.env, TEST_LINE: '', TEST_SERVER_ONLY: '', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(out) as { file: string }[]).map((entry) => relative(root, entry.file)).sort();
}

describe("CI's runs", () => {
  it(
    "Node 20's line runs the runtime's tests only: no fuzz suite, no screen, no lint rule",
    { timeout: 60_000 },
    () => {
      const line = filesUnder({ TEST_LINE: '1' });
      expect(line).toContain('src/server/lib/password.test.ts');
      expect(line).toContain('src/server/config.test.ts');
      expect(line.filter((file) => /fuzz-|src\/client\/|tests\/lint\/|tests\/api\//.test(file))).toEqual([]);
    },
  );

  it(
    'the server-only run leaves out the screens and the lint rules, and keeps the fuzz suites',
    { timeout: 60_000 },
    () => {
      const server = filesUnder({ TEST_SERVER_ONLY: '1' });
      expect(server.filter((file) => /src\/client\/|tests\/lint\//.test(file))).toEqual([]);
      expect(server.filter((file) => file.includes('fuzz-')).length).toBeGreaterThan(10);
    },
  );
});
