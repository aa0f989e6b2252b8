import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { seedDemo, type DemoSeed } from './demo';

let ctx: TestContext;
let seed: DemoSeed;

beforeAll(async () => {
  ctx = await createTestContext();
  seed = (await seedDemo(ctx.db, ctx.clock()))!;
});
afterAll(() => ctx.close());

describe('demo access links', () => {
  it('returns the active link’s path once; it opens the demo company’s records of its range', async () => {
    expect(seed.accessLinkPath).toMatch(/^\/acceso\/[A-Za-z0-9_-]{43}$/);
    const token = seed.accessLinkPath!.split('/').pop();
    const response = await ctx.request({ method: 'GET', url: `/api/public/access/${token}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.companyName).toBe('Seguridad Demo S.L.');
    expect(body.records.length).toBeGreaterThan(0);
  });

  it('also shows a revoked link with a use, and never stores a token in clear', async () => {
    const links = await ctx.db.selectFrom('access_links').select(['token_hash', 'revoked_at']).execute();
    expect(links.map((link) => link.revoked_at === null).sort()).toEqual([false, true]);
    expect(links.every((link) => /^[0-9a-f]{64}$/.test(link.token_hash))).toBe(true);
    expect(await ctx.db.selectFrom('access_link_uses').select('id').execute()).toHaveLength(2);
  });
});
