import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { checkLayers } from './check-layers.mjs';

interface Violation {
  file: string;
  line: number;
  message: string;
}
type Check = (root: string, options?: object) => { violations: Violation[]; edges: unknown[] };
const check = checkLayers as Check;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const roots: string[] = [];

/** A small tree of source files under a fresh temporary directory. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'jornada-layers-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const noExceptions = { publicModules: {}, ledgerExceptions: [], allowlist: [] };

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-layers', () => {
  // Reading about 700 files: generous on a machine shared with other test runs.
  it('passes on the real tree (apps/api and apps/web)', { timeout: 60_000 }, () => {
    const { violations, edges } = check(repoRoot);
    expect(violations).toEqual([]);
    expect(edges.length).toBeGreaterThan(1000);
  });

  it('reports a layer broken upwards with its file and line', () => {
    const root = tree({
      'apps/api/src/lib/helper.ts': "import type { X } from 'kysely';\nimport { a } from '../features/a/a.service';\nexport const h = a;\n",
      'apps/api/src/features/a/a.service.ts': "export const a = 1;\nexport const guard = () => import('../../plugins/guard');\n",
      'apps/api/src/plugins/guard.ts': 'export const g = 1;\n',
      'apps/api/src/db/schema.ts': "export * from '../demo/demo';\n",
      'apps/api/src/demo/demo.ts': 'export const d = 1;\n',
    });
    const { violations } = check(root, noExceptions);
    expect(violations).toEqual([
      { file: 'apps/api/src/db/schema.ts', line: 1, message: 'db/ may not import demo/ (layer rules, docs/architecture.md)' },
      { file: 'apps/api/src/features/a/a.service.ts', line: 2, message: 'features/a may not import plugins/ (layer rules, docs/architecture.md)' },
      { file: 'apps/api/src/lib/helper.ts', line: 2, message: 'lib/ may not import features/a (layer rules, docs/architecture.md)' },
    ]);
  });

  it('finds a cycle of three features, and a repository reached from another feature', () => {
    const root = tree({
      'apps/api/src/features/a/a.service.ts': "import { b } from '../b/b.service';\nexport const a = b;\n",
      'apps/api/src/features/b/b.service.ts': "import { c } from '../c/c.repository';\nexport const b = c;\n",
      'apps/api/src/features/c/c.repository.ts': "\n\nimport { a } from '../a/a.service';\nexport const c = a;\n",
      // Tests may reach anywhere and stay out of the feature graph.
      'apps/api/src/features/c/c.test.ts': "import { b } from '../b/b.service';\nimport '../../plugins/x';\n",
      'apps/api/src/plugins/x.ts': 'export {};\n',
    });
    const messages = check(root, noExceptions).violations.map((v) => `${v.file}:${v.line}: ${v.message}`);
    expect(messages).toEqual([
      'apps/api/src/features/a/a.service.ts:1: features/a → features/b closes a cycle between features: a → b → c → a',
      'apps/api/src/features/b/b.service.ts:1: features/b → features/c closes a cycle between features: b → c → a → b',
      'apps/api/src/features/b/b.service.ts:1: features/b reaches into another feature\'s repository (features/c/c.repository.ts); go through its service',
      'apps/api/src/features/c/c.repository.ts:3: features/c → features/a closes a cycle between features: c → a → b → c',
    ]);
  });

  it('accepts a named public module and the notify exception, refuses other private modules', () => {
    const root = tree({
      'apps/api/src/features/a/a.service.ts': "import { r } from '../b/rules';\nimport { p } from '../b/private';\nimport { notify } from '../n/notify';\n",
      'apps/api/src/features/b/rules.ts': 'export const r = 1;\n',
      'apps/api/src/features/b/private.ts': 'export const p = 1;\n',
      'apps/api/src/features/n/notify.ts': "import { a } from '../a/a.service';\nexport const notify = a;\n",
    });
    const { violations } = check(root, {
      publicModules: { b: ['rules.ts'] },
      ledgerExceptions: ['apps/api/src/features/n/notify.ts'],
      allowlist: [],
    });
    expect(violations).toEqual([
      {
        file: 'apps/api/src/features/a/a.service.ts',
        line: 2,
        message: "features/a imports features/b/private.ts, which is not the feature's service nor listed in API_PUBLIC_MODULES",
      },
    ]);
  });

  it('tolerates an allowlisted web edge, and fails when an allowlist entry is no longer needed', () => {
    const files = {
      'apps/web/src/features/x/api/x.ts': "import { y } from '@/features/y/lib/y';\nexport const x = y;\n",
      'apps/web/src/features/y/lib/y.ts': "export const y = 1;\nexport const later = () => import('../../x/api/x');\n",
      'apps/web/src/lib/util.ts': "import { x } from '../features/x/api/x';\nexport const u = x;\n",
      'apps/web/src/app/router.tsx': "import { u } from '@/lib/util';\nexport const r = u;\n",
    };
    const root = tree(files);
    const allowlist = [
      { from: 'apps/web/src/features/x/api/x.ts', to: 'apps/web/src/features/y/lib/y.ts' },
      { from: 'apps/web/src/features/y/lib/y.ts', to: 'apps/web/src/features/x/api/x.ts' },
      { from: 'apps/web/src/lib/util.ts', to: 'apps/web/src/features/x/api/x.ts' },
    ];
    expect(check(root, { ...noExceptions, allowlist }).violations).toEqual([]);
    expect(check(root, noExceptions).violations.map((v) => `${v.file}:${v.line}`)).toEqual([
      'apps/web/src/features/x/api/x.ts:1',
      'apps/web/src/features/y/lib/y.ts:2',
      'apps/web/src/lib/util.ts:1',
    ]);

    // The cycle is broken on one side: the other side's entry and the vanished edge's entry are stale.
    writeFileSync(join(root, 'apps/web/src/features/y/lib/y.ts'), 'export const y = 1;\n');
    expect(check(root, { ...noExceptions, allowlist }).violations.map((v) => v.message)).toEqual([
      'allowlist entry apps/web/src/features/x/api/x.ts → apps/web/src/features/y/lib/y.ts is no longer needed (no such import breaks a rule): delete it',
      'allowlist entry apps/web/src/features/y/lib/y.ts → apps/web/src/features/x/api/x.ts is no longer needed (no such import breaks a rule): delete it',
    ]);
  });
});
