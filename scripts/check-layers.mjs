#!/usr/bin/env node
/**
 * The layer rules of docs/architecture.md, checked from the imports (issue 22). Reads every
 * import, export-from and dynamic import() of apps/api/src and apps/web/src with the TypeScript
 * scanner, resolves relative paths, `@/` (web) and `@jornada/shared`, and reports each edge that
 * breaks a rule with its file and line. `npm run check-layers`; scripts/check-layers.test.ts runs
 * it in the unit tests.
 *
 * Test code (`*.test.ts(x)`, `*.test-*.ts` helpers, `apps/api/src/test/`, `apps/api/src/resilience/`)
 * is exempt from the folder rules and left out of the feature graph: a test may arrange its world
 * through any repository, and nothing in production depends on it. The one rule that binds it the
 * other way: production code never imports test code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * What one feature of the API may import from another, besides its `*.service.ts`: modules that are
 * the feature's public face (pure rules, types, renderers) rather than its storage. A
 * `*.repository.ts` is never public: another feature reaches the data through the service.
 */
export const API_PUBLIC_MODULES = {
  // The registro's document model and its renderers: the public download links and the legal
  // archive print the same registro the registro screen shows; the payroll export reuses the CSV
  // field guard.
  registro: ['registro-document.ts', 'registro-loader.ts', 'registro-csv.ts', 'registro-pdf.ts', 'assignment-warnings.ts'],
  // Who may see an event: the overview counts what the events screen would list.
  events: ['event-access.ts'],
  // The retention period (years) that companies and users quote when they archive.
  'legal-archive': ['retention.ts'],
  // Sending a registro file (CSV or PDF) the same way from the public link and the legal archive.
  'access-links': ['registro-download.ts'],
  // The notification texts, so the callers of notify() word them in one place.
  notifications: ['notification-messages.ts'],
  // The no-show alert job that an event's change reschedules.
  live: ['no-show-alerts.ts'],
  // The shift reminders that an event's creation or change schedules in its transaction.
  reminders: ['shift-reminders.ts'],
  // The sign-in throttle (Mi Cuenta's password check counts as a sign-in) and the session cache
  // the viewer cache shares its change feed with.
  // The session rules (lifetimes, cookie) that signing in from an account link applies too.
  auth: ['throttle.ts', 'auth-cache.ts', 'session-policy.ts'],
  // The mail outbox writer and the mail template: like notify(), called inside the caller's transaction.
  mail: ['queue-mail.ts', 'render-mail.ts'],
  // The webhook emitter (decision 050): like notify(), called inside the caller's transaction.
  webhooks: ['emit-webhook.ts'],
};

/**
 * Notifications are written inside the caller's transaction like a ledger (notify(), the outbox of
 * decision 033), but their writer still lives in features/notifications beside its screens, its
 * preferences and its delivery job, which it shares tables and constants with. These modules may be
 * imported by every feature, and those edges do not count in the feature graph. Moving them to
 * ledgers/notifications/ (with the deliveries' constants and the preference lookup) would empty
 * this list; until then it is the one exception, named here.
 */
export const API_LEDGER_EXCEPTIONS = ['apps/api/src/features/notifications/notify.ts', 'apps/api/src/features/notifications/delivery-channel.ts', 'apps/api/src/features/notifications/recipients.ts'];

/**
 * Tolerated violations, each an exact importing file → imported file (none today). An entry that no
 * longer matches an import that breaks a rule fails the check, so the list cannot outlive the problem.
 */
export const ALLOWLIST = [];

const SOURCE = /\.(ts|tsx|mts)$/;
const isTestFile = (rel) =>
  /\.test\.(ts|tsx)$/.test(rel) || /\.test-[\w-]+\.(ts|tsx)$/.test(rel) || /\.crash\.ts$/.test(rel);

/** Where a file of an app sits: its layer and, for a feature, the feature's name. */
function classify(app, rel) {
  const inSrc = rel.slice(`apps/${app}/src/`.length);
  if (isTestFile(rel) || (app === 'api' && (inSrc.startsWith('test/') || inSrc.startsWith('resilience/')))) {
    return { layer: 'test' };
  }
  const [head, second] = inSrc.split('/');
  if (head === 'features') return { layer: 'feature', feature: second };
  if (!inSrc.includes('/')) return { layer: 'top' };
  if (app === 'api' && inSrc === 'jobs/job-queue.ts') return { layer: 'job-queue' };
  return { layer: head };
}

const label = (where) => (where.layer === 'feature' ? `features/${where.feature}` : where.layer === 'top' ? 'the top level' : `${where.layer}/`);

/**
 * Which layers each layer may import (besides itself, packages and @jornada/shared). Between two
 * features more applies: see featureEdge. Anything not listed is a violation.
 */
const MAY_IMPORT = {
  api: {
    // Entry points and composers: the server, the app, the routes, the maintenance timers.
    top: ['plugins', 'features', 'ledgers', 'jobs', 'job-queue', 'db', 'lib', 'top', 'demo'],
    cli: ['top', 'plugins', 'features', 'ledgers', 'jobs', 'job-queue', 'db', 'lib', 'demo'],
    plugins: ['top', 'features', 'ledgers', 'jobs', 'job-queue', 'db', 'lib'],
    // The demo data composes features' services like a command does; it is not below them.
    demo: ['top', 'features', 'ledgers', 'jobs', 'job-queue', 'db', 'lib'],
    // The job runner and the handlers' table call into features; the queue itself is below them.
    jobs: ['top', 'features', 'ledgers', 'job-queue', 'db', 'lib'],
    feature: ['features', 'ledgers', 'job-queue', 'db', 'lib', 'top'],
    ledgers: ['job-queue', 'db', 'lib', 'top'],
    'job-queue': ['db', 'lib', 'top'],
    db: ['lib', 'top'],
    lib: ['db', 'top'],
  },
  web: {
    top: ['app', 'features', 'lib', 'components'],
    app: ['features', 'lib', 'components'],
    feature: ['features', 'lib', 'components'],
    lib: ['components'],
    components: ['lib'],
    // The service worker (src/sw, issue 24) is an entry point of its own: it shares lib's offline queue.
    sw: ['lib'],
  },
};

/**
 * The API's top-level files below the features: configuration only. server.ts, app.ts, routes.ts
 * and maintenance.ts are composers, so a layer below may not import them.
 */
const API_TOP_BELOW_FEATURES = new Set(['apps/api/src/config.ts']);

/**
 * Files whose own rule is wider than their folder's. db/prepare.ts readies a database at start
 * (migrations, then the registro chain's key), so it may call the registro chain ledger; the
 * ledger's tables are the database's, and no ledger imports prepare.ts back.
 */
const FILE_MAY_IMPORT = {
  'apps/api/src/db/prepare.ts': ['ledgers'],
  // The migration that sealed the existing registro rows hashes them with the chain's own functions.
  'apps/api/src/db/migrations/2026-11-22-0125-registro-chain-seal.ts': ['ledgers'],
};

function layerAllows(app, from, to, target) {
  const key = from.layer === 'feature' ? 'feature' : from.layer;
  const targetKey = to.layer === 'feature' ? 'features' : to.layer;
  if (from.layer === to.layer && from.layer !== 'feature') return true;
  if (from.layer === 'feature' && to.layer === 'feature' && from.feature === to.feature) return true;
  const allowed = [...(MAY_IMPORT[app][key] ?? []), ...(FILE_MAY_IMPORT[from.file] ?? [])];
  if (!allowed.includes(targetKey)) return false;
  // Only the composers may import the API's composing top-level files.
  if (app === 'api' && to.layer === 'top' && !['top', 'cli', 'plugins', 'demo', 'jobs'].includes(from.layer)) {
    return API_TOP_BELOW_FEATURES.has(target);
  }
  return true;
}

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The repository-relative path an import names, or null for packages and non-source files. */
function resolveImport(root, app, fromRel, specifier, files) {
  const spec = specifier.split('?')[0];
  let base;
  if (spec.startsWith('.')) base = posix.join(posix.dirname(fromRel), spec);
  else if (app === 'web' && spec.startsWith('@/')) base = `apps/web/src/${spec.slice(2)}`;
  else if (spec === '@jornada/shared' || spec.startsWith('@jornada/shared/')) return 'packages/shared';
  else return null;
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** Every import edge of both apps: { from, to, line, specifier }. */
export function collectEdges(root) {
  const edges = [];
  for (const app of ['api', 'web']) {
    const abs = walk(join(root, 'apps', app, 'src'));
    const files = new Set(abs.map((file) => relative(root, file).split('\\').join('/')));
    for (const file of abs) {
      const rel = relative(root, file).split('\\').join('/');
      const text = readFileSync(file, 'utf8');
      const { importedFiles } = ts.preProcessFile(text, true, true);
      for (const imported of importedFiles) {
        const to = resolveImport(root, app, rel, imported.fileName, files);
        if (!to) continue;
        const line = text.slice(0, imported.pos).split('\n').length;
        edges.push({ app, from: rel, to, line, specifier: imported.fileName });
      }
    }
  }
  return edges;
}

/** Strongly connected components of a directed graph (Tarjan), those with more than one node. */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return found;
}

/** A shortest path from one node back to another inside a component, for a readable message. */
function pathBetween(graph, start, goal, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next) || previous.has(next)) continue;
      previous.set(next, node);
      if (next === goal) {
        const path = [goal];
        for (let at = node; at !== null; at = previous.get(at)) path.unshift(at);
        return path;
      }
      queue.push(next);
    }
  }
  return [start, goal];
}

/**
 * The rule an edge breaks, or null. Feature → feature edges also go to the graph (cycles are
 * checked on the whole graph afterwards).
 */
function directViolation(edge, options) {
  if (edge.to === 'packages/shared') return null;
  const appSrc = `apps/${edge.app}/src/`;
  const from = { ...classify(edge.app, edge.from), file: edge.from };
  const to = classify(edge.app, edge.to);
  if (to.layer === 'test') return from.layer === 'test' ? null : 'production code imports test code';
  if (from.layer === 'test') return null;
  if (!layerAllows(edge.app, from, to, edge.to)) {
    return `${label(from)} may not import ${label(to)} (layer rules, docs/architecture.md)`;
  }
  if (edge.app === 'api' && from.layer === 'feature' && to.layer === 'feature' && from.feature !== to.feature) {
    if (options.ledgerExceptions.includes(edge.to)) return null;
    const file = edge.to.slice(`${appSrc}features/${to.feature}/`.length);
    if (file.endsWith('.repository.ts')) {
      return `features/${from.feature} reaches into another feature's repository (features/${to.feature}/${file}); go through its service`;
    }
    const isPublic = file.endsWith('.service.ts') || (options.publicModules[to.feature] ?? []).includes(file);
    if (!isPublic) {
      return `features/${from.feature} imports features/${to.feature}/${file}, which is not the feature's service nor listed in API_PUBLIC_MODULES`;
    }
  }
  return null;
}

/**
 * Checks the tree under root. Returns { violations: [{ file, line, message }], edges }. Allowlisted
 * edges are skipped, and an allowlist entry that matches no import breaking a rule is itself a
 * violation (reported at the checker's own file).
 */
export function checkLayers(root, options = {}) {
  const opts = {
    publicModules: options.publicModules ?? API_PUBLIC_MODULES,
    ledgerExceptions: options.ledgerExceptions ?? API_LEDGER_EXCEPTIONS,
    allowlist: options.allowlist ?? ALLOWLIST,
  };
  const edges = collectEdges(root);
  const allowed = (edge) => opts.allowlist.some((entry) => entry.from === edge.from && entry.to === edge.to);
  const violations = [];
  const brokenEdges = new Set();

  // The feature graph of each app: production files only, the ledger exceptions left out.
  const graphs = { api: new Map(), web: new Map() };
  const edgesBetween = new Map();
  for (const edge of edges) {
    const message = directViolation(edge, opts);
    if (message) {
      brokenEdges.add(`${edge.from}→${edge.to}`);
      if (!allowed(edge)) violations.push({ file: edge.from, line: edge.line, message });
    }
    const from = classify(edge.app, edge.from);
    const to = edge.to === 'packages/shared' ? null : classify(edge.app, edge.to);
    if (!to || from.layer !== 'feature' || to.layer !== 'feature' || from.feature === to.feature) continue;
    if (opts.ledgerExceptions.includes(edge.to)) continue;
    const key = `${edge.app}:${from.feature}→${to.feature}`;
    if (!edgesBetween.has(key)) edgesBetween.set(key, []);
    edgesBetween.get(key).push(edge);
  }
  // Every edge counts for finding cycles (an allowlisted edge is still a real import); the
  // allowlist then decides which of the cycle's imports are reported.
  for (const key of edgesBetween.keys()) {
    const [app, pair] = key.split(':');
    const [a, b] = pair.split('→');
    if (!graphs[app].has(a)) graphs[app].set(a, new Set());
    if (!graphs[app].has(b)) graphs[app].set(b, new Set());
    graphs[app].get(a).add(b);
  }
  for (const app of ['api', 'web']) {
    const graph = graphs[app];
    for (const component of cycles(graph)) {
      const members = new Set(component);
      for (const a of component) {
        for (const b of graph.get(a)) {
          if (!members.has(b)) continue;
          const loop = [a, ...pathBetween(graph, b, a, members)];
          for (const edge of edgesBetween.get(`${app}:${a}→${b}`)) {
            brokenEdges.add(`${edge.from}→${edge.to}`);
            if (allowed(edge)) continue;
            violations.push({
              file: edge.from,
              line: edge.line,
              message: `features/${a} → features/${b} closes a cycle between features: ${loop.join(' → ')}`,
            });
          }
        }
      }
    }
  }
  const checker = 'scripts/check-layers.mjs';
  for (const entry of opts.allowlist) {
    if (!brokenEdges.has(`${entry.from}→${entry.to}`)) {
      violations.push({
        file: checker,
        line: 1,
        message: `allowlist entry ${entry.from} → ${entry.to} is no longer needed (no such import breaks a rule): delete it`,
      });
    }
  }
  violations.sort((x, y) => x.file.localeCompare(y.file) || x.line - y.line || x.message.localeCompare(y.message));
  return { violations, edges };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { violations, edges } = checkLayers(root);
  for (const violation of violations) console.log(`${violation.file}:${violation.line}: ${violation.message}`);
  if (violations.length > 0) {
    console.log(`\n${violations.length} layer violation(s) in ${edges.length} imports (rules: docs/architecture.md).`);
    process.exit(1);
  }
  console.log(`Layer rules hold: ${edges.length} imports checked, ${ALLOWLIST.length} allowlisted (docs/architecture.md).`);
}
