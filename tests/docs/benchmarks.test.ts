import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS_FILE, readTable, root, withSummary } from '../../bench/table';

/**
 * BENCHMARKS.md is one page (issue 41): the verdict between its markers is rendered from the committed rows
 * (bench/table.json), so it cannot say anything the rows do not. After a benchmark run or a hand edit of the
 * rows: `BENCH_RENDER=1 npm run bench` renders it again (and the full table into bench/results/table.md).
 */
const page = readFileSync(BENCHMARKS_FILE, 'utf8');

describe('BENCHMARKS.md', () => {
  it('says the verdict bench/table.json gives, formatted as the repository formats Markdown', async () => {
    expect(await withSummary(page, await readTable())).toBe(page);
  });

  it("stays one page: the full table and the rounds' narratives live elsewhere", () => {
    // About 20 KB today; the generated table alone was 1.3 MB.
    expect(page.length).toBeLessThan(30_000);
    expect(page.split('\n').length).toBeLessThan(200);
  });

  it('links only to decision records that exist', () => {
    const links = [...page.matchAll(/\]\((docs\/decisions\/[^)#]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !existsSync(join(root, link)))).toEqual([]);
  });
});
