// Adds up the JSON reports of Vitest and Playwright into one closing line: 'N passed, N failed'.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
    console.log(`${name}: ${report.stats.expected} passed, ${report.stats.unexpected} failed`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);

// Each step's time (.ci/run writes times.tsv: name, start, end in seconds from the run's start, exit code, and the
// machine's CPU jiffies before and after). Steps that overlap ran side by side. 'cores busy' is the share of the
// machine's cores at work over the step, whatever ran them: below 100% the step left room for another.
const busy = (cpu) => {
  const [total0, idle0, total1, idle1] = (cpu ?? '').split(' ').map(Number);
  const all = total1 - total0;
  return all > 0 ? Math.round((100 * (all - (idle1 - idle0))) / all) : undefined;
};
const timesFile = join(dir, 'times.tsv');
if (existsSync(timesFile)) {
  const steps = readFileSync(timesFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([name, from, to, code, cpu]) => ({
      name,
      from: Number(from),
      to: Number(to),
      code: Number(code),
      busy: busy(cpu),
    }))
    .sort((a, b) => a.from - b.from);
  const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  console.log('\nstep times (m:ss; overlapping steps ran side by side)');
  console.log(
    `${'step'.padEnd(44)} ${'from'.padStart(6)} ${'to'.padStart(6)} ${'took'.padStart(6)} ${'cores busy'.padStart(11)}`,
  );
  for (const step of steps) {
    const mark = step.code === 0 ? '' : `  (exit ${step.code})`;
    console.log(
      `${step.name.padEnd(44)} ${clock(step.from).padStart(6)} ${clock(step.to).padStart(6)} ${clock(step.to - step.from).padStart(6)} ${(step.busy === undefined ? '' : `${step.busy}%`).padStart(11)}${mark}`,
    );
  }
  console.log(
    `${'whole run'.padEnd(44)} ${''.padStart(6)} ${''.padStart(6)} ${clock(Math.max(...steps.map((s) => s.to))).padStart(6)}`,
  );
}
// Where each suite's time went (issue 40): its slowest files (Vitest) or tests (Playwright), to cut where it is spent.
const SLOWEST = Number(process.env.CI_SLOWEST ?? 8);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  let rows = [];
  if (Array.isArray(report.testResults)) {
    rows = report.testResults.map((file) => ({
      ms: (file.endTime ?? 0) - (file.startTime ?? 0),
      what: file.name.slice(file.name.lastIndexOf('/tests/') + 1 || file.name.lastIndexOf('/src/') + 1),
    }));
  } else if (Array.isArray(report.suites)) {
    const walk = (suite, file) => [
      ...(suite.specs ?? []).flatMap((spec) =>
        spec.tests.map((test) => ({
          ms: test.results.reduce((sum, result) => sum + (result.duration ?? 0), 0),
          what: `${suite.file ?? file}: ${spec.title}`,
        })),
      ),
      ...(suite.suites ?? []).flatMap((child) => walk(child, suite.file ?? file)),
    ];
    rows = report.suites.flatMap((suite) => walk(suite, suite.file));
  }
  if (rows.length === 0) continue;
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(
    `\n${name}: ${rows.length} ${report.suites ? 'tests' : 'files'}, ${seconds(total).trim()} in all; the slowest`,
  );
  for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) console.log(`${seconds(row.ms)}  ${row.what}`);
}
process.exit(failed > 0 || passed === 0 ? 1 : 0);
