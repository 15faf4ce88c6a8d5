// Reads vitest's JSON report, prints the plain closing line, and exits 1 when
// the report shows a red or empty run, whatever exit code the runner gave (a
// dependency's exit hook once turned a red run into exit 0).
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.quire/test-results.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.log('0 passed, 0 failed');
  console.error(`CI: no readable test report at ${file} (${err.message}): the suite did not run to the end.`);
  process.exit(1);
}

const { numPassedTests = 0, numFailedTests = 0, numPendingTests = 0, numTodoTests = 0, numTotalTests = 0, numFailedTestSuites = 0 } = report;
const skipped = numPendingTests + numTodoTests;
console.log(`${numPassedTests} passed, ${numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);

const problems = [];
if (numFailedTests > 0) problems.push(`${numFailedTests} test(s) failed`);
if (numFailedTestSuites > 0) problems.push(`${numFailedTestSuites} test file(s) failed (a load error or a hook that threw)`);
if (numTotalTests === 0 || numPassedTests === 0) problems.push('no test ran');
const unfinished = (report.testResults ?? []).filter((file) => file.status !== 'passed' && file.status !== 'skipped');
if (unfinished.length) problems.push(`test files not passed: ${unfinished.map((f) => `${f.name} (${f.status})`).join(', ')}`);
if (report.success === false) problems.push('the runner reports the run as unsuccessful');
if (problems.length) {
  console.error(`CI: red run: ${problems.join('; ')}`);
  process.exit(1);
}
