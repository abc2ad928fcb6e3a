import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * README.md's "Layout" names the folders a newcomer opens first (issue 41: it had drifted -- a `tests/factories/`
 * that did not exist, and no word of `jobs/`, `lib/`, `hooks/`). Each line of its block is a path and what it
 * holds; the paths it names must exist, and every folder of the trees below must have its line.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const TREES = ['src/server', 'src/client', 'tests'];

function layoutBlock(): string[] {
  const section = /^## Layout\n\n```\n([\s\S]*?)```/m.exec(readme);
  if (!section) throw new Error("README.md has no '## Layout' section with a code block");
  return section[1]!.split('\n').filter((line) => line.trim() !== '');
}

/** Each line: its path, and the file or folder names its description gives (relative to that path). */
function entries() {
  return layoutBlock().map((line) => {
    const [path, ...words] = line.trim().split(/\s+/);
    const named = words
      .map((w) => w.replace(/^[(`]+|[),.:;`]+$/g, ''))
      .filter((w) => !w.startsWith('.') && !/[<*]/.test(w))
      .filter((w) => w.includes('/') || /\.(ts|tsx|mjs|json|md|html|css|svg|jpg)$/.test(w));
    return { path: path!, named };
  });
}

describe("README.md's layout", () => {
  it('names only paths that exist', () => {
    const missing = entries().flatMap(({ path, named }) => [
      ...(existsSync(join(root, path)) ? [] : [path]),
      ...named.filter((name) => !existsSync(join(root, path, name))).map((name) => `${path} ${name}`),
    ]);
    expect(missing).toEqual([]);
  });

  it(`gives every folder of ${TREES.join(', ')} a line`, () => {
    const described = new Set(entries().map(({ path }) => path.replace(/\/$/, '')));
    const folders = TREES.flatMap((tree) =>
      readdirSync(join(root, tree), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${tree}/${entry.name}`),
    );
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((folder) => !described.has(folder))).toEqual([]);
  });
});
