// Fails when an installed package declares a Node.js range that excludes one we support (20.19, 22, 24).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const semver = require('semver');
const supported = ['20.19.0', '22.13.0', '24.0.0'];
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const problems = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  const range = entry.engines?.node;
  if (!path || typeof range !== 'string') continue;
  const excluded = supported.filter((version) => !semver.satisfies(version, range));
  if (excluded.length > 0) problems.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range} (excludes ${excluded.join(', ')})`);
}
if (problems.length > 0) {
  console.error(`Packages that do not support every Node.js version we promise:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: every installed package supports Node.js ${supported.join(', ')}`);
