import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Tools that only a benchmark needs (Lighthouse and its browser tooling: about 180 packages) are not in
 * package.json, so a clone installs without them (issue 40). The first run that needs one installs it, at the
 * pinned version, into `.bench-tools/` (outside git), and later runs find it there.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const prefix = resolve(root, '.bench-tools');

export const BENCH_TOOLS = { lighthouse: '12.8.2', 'chrome-launcher': '1.2.1' } as const;

export async function importBenchTool<T>(name: keyof typeof BENCH_TOOLS): Promise<T> {
  if (!existsSync(join(prefix, 'node_modules', name, 'package.json'))) {
    const specs = Object.entries(BENCH_TOOLS).map(([tool, version]) => `${tool}@${version}`);
    console.log(`installing ${specs.join(', ')} into .bench-tools (once)`);
    const result = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', ...specs],
      { stdio: 'inherit', env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' } },
    );
    if (result.status !== 0) throw new Error(`could not install ${name} into .bench-tools`);
  }
  const entry = createRequire(join(prefix, 'package.json')).resolve(name);
  return (await import(pathToFileURL(entry).href)) as T;
}
