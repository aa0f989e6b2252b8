import { beforeAll, describe, expect, it } from 'vitest';
import { appendAction } from '../../ledgers/action-log/action-log';
import { useTwoCompanies } from '../../test/worlds';

const { ctx, home, other, admin, supervisor, employee } = useTwoCompanies();

beforeAll(async () => {
  // 7 changes: three at the same instant (ties broken by id), the rest a minute apart, across two companies.
  const base = new Date('2026-11-20T09:00:00Z').getTime();
  for (let index = 0; index < 7; index++) {
    const at = new Date(base + Math.max(index - 2, 0) * 60_000);
    await appendAction(ctx.db, { actorId: admin.id, actorName: 'Ana Admin', companyId: index % 2 ? other.id : home.id, kind: 'test.change', message: `Cambio ${index}`, at });
  }
});

type Entry = { id: string; timestamp: string; message: string; kind: string; companyId: string | null };
const page = async (query: string) => {
  const response = await ctx.request({ method: 'GET', url: `/api/action-log${query}`, cookie: admin.cookie });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: Entry[]; nextCursor: string | null };
};

async function readAll(query: string, limit: number): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const result = await page(`?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(result.items.length).toBeLessThanOrEqual(limit);
    entries.push(...result.items);
    cursor = result.nextCursor;
  } while (cursor);
  return entries;
}

describe('GET /api/action-log', () => {
  it('lists changes newest first and hides sign-ins', async () => {
    const { items } = await page('');
    expect(items.length).toBeGreaterThanOrEqual(7);
    expect(items.some((entry) => entry.kind === 'login')).toBe(false);
    expect(await ctx.db.selectFrom('action_log').select('id').where('kind', '=', 'login').execute()).toHaveLength(3);
    const stamps = items.map((entry) => entry.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const mine = items.filter((entry) => entry.kind === 'test.change');
    expect(mine[0]).toMatchObject({ message: 'Cambio 6', timestamp: '2026-11-20T09:04:00.000Z', companyId: home.id });
  });

  it('pages with a cursor through ties on the same instant, without gaps or repeats', async () => {
    const all = (await page('?limit=200')).items.map((entry) => entry.id);
    for (const limit of [1, 2, 3]) {
      expect((await readAll('', limit)).map((entry) => entry.id)).toEqual(all);
    }
  });

  it('filters by company', async () => {
    const entries = await readAll(`&companyId=${other.id}`, 2);
    expect(entries.map((entry) => entry.message)).toEqual(['Cambio 5', 'Cambio 3', 'Cambio 1']);
  });

  it('is for administrators only, with a bounded page size and a checked cursor', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/action-log' })).statusCode).toBe(401);
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'GET', url: '/api/action-log', cookie: user.cookie })).statusCode).toBe(403);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/action-log?limit=201', cookie: admin.cookie })).statusCode).toBe(400);
    const bad = await ctx.request({ method: 'GET', url: '/api/action-log?cursor=xyz', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('El cursor de paginación no es válido.');
  });
});
