import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetOtherUsers, isPersistedQuery, restoreQueries, saveQueries, type PersistStorage } from './query-persistence';

function memoryStorage(): PersistStorage & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => structuredClone(map.get(key)),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    del: async (key) => void map.delete(key),
    keys: async () => [...map.keys()],
  };
}

describe('the offline query cache', () => {
  it('keeps only the viewer’s own screens', () => {
    expect(isPersistedQuery(['overview', 'summary'])).toBe(true);
    expect(isPersistedQuery(['time-records', 'active'])).toBe(true);
    expect(isPersistedQuery(['time-records', 'log', 'all', {}])).toBe(false);
    expect(isPersistedQuery(['vacations', 'list', 'pending', null])).toBe(false);
  });

  it('gives a user back their own answers, and never another user’s', async () => {
    const storage = memoryStorage();
    const ana = new QueryClient();
    ana.setQueryData(['overview', 'summary'], { hours: 'de Ana' });
    ana.setQueryData(['time-records', 'log', 'all', {}], { company: 'wide' });
    await saveQueries(ana, storage, 'ana');

    const again = new QueryClient();
    expect(await restoreQueries(again, storage, 'ana')).toBe(true);
    expect(again.getQueryData(['overview', 'summary'])).toEqual({ hours: 'de Ana' });
    expect(again.getQueryData(['time-records', 'log', 'all', {}])).toBeUndefined();

    // Luis signs in on the same phone: Ana's saved cache is deleted, and Luis gets nothing of hers.
    await forgetOtherUsers(storage, 'luis');
    const luis = new QueryClient();
    expect(await restoreQueries(luis, storage, 'luis')).toBe(false);
    expect(luis.getQueryData(['overview', 'summary'])).toBeUndefined();
    expect(await restoreQueries(new QueryClient(), storage, 'ana')).toBe(false);
    expect(storage.map.size).toBe(0);
  });

  it('forgets everyone on sign-out, and a stale cache is not restored', async () => {
    const storage = memoryStorage();
    const client = new QueryClient();
    client.setQueryData(['overview', 'summary'], { hours: 1 });
    await saveQueries(client, storage, 'ana', 0);
    expect(await restoreQueries(new QueryClient(), storage, 'ana', 8 * 24 * 3_600_000)).toBe(false);
    await saveQueries(client, storage, 'luis');
    await forgetOtherUsers(storage, null);
    expect(storage.map.size).toBe(0);
  });

  it('never reads a cache stored under one id for another', async () => {
    const storage = memoryStorage();
    storage.map.set('queries:luis', { userId: 'ana', savedAt: Date.now(), state: { queries: [], mutations: [] } });
    expect(await restoreQueries(new QueryClient(), storage, 'luis')).toBe(false);
  });
});
