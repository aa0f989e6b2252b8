// Prints one 'label: N passed, N failed' line per JSON report (Vitest or Playwright), then the total.
import { existsSync, readFileSync } from 'node:fs';

const reports = process.argv.slice(2).map((arg) => {
  const [label, file] = arg.split('=');
  return { label, file };
});

function count(report) {
  if (typeof report.numPassedTests === 'number') {
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  }
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0), skipped: stats.skipped ?? 0 };
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const { label, file } of reports) {
  if (!existsSync(file)) {
    console.log(`${label}: report missing (${file})`);
    total.failed += 1;
    continue;
  }
  const result = count(JSON.parse(readFileSync(file, 'utf8')));
  console.log(`${label}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
  for (const key of Object.keys(total)) total[key] += result[key];
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.failed > 0) process.exit(1);
