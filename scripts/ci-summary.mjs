// Adds up the JSON reports of Vitest and Playwright into one closing line: 'N passed, N failed'.
import { readdirSync, readFileSync } from 'node:fs';
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
process.exit(failed > 0 || passed === 0 ? 1 : 0);
