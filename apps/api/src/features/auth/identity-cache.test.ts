import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@jornada/shared/schemas/auth';
import { IdentityCache } from './identity-cache';

const profile = (name: string) => ({ user: { name }, profile: { name } }) as unknown as SessionResponse;

describe('the identity cache (PostgreSQL, decision 056)', () => {
  it('answers only a request that read the version an entry was stored under', () => {
    const cache = new IdentityCache();
    cache.rememberProfile('u1', 7, profile('Ana'));
    cache.rememberGrantedViews('c1', 'r1', 7, new Set(['view-a']));
    expect(cache.profile('u1', 7)).toEqual(profile('Ana'));
    expect(cache.grantedViews('c1', 'r1', 7)).toEqual(new Set(['view-a']));
    // A newer version (someone changed an identity table, on any server): everything goes.
    expect(cache.profile('u1', 8)).toBeUndefined();
    expect(cache.grantedViews('c1', 'r1', 8)).toBeUndefined();
    expect(cache.profile('u1', 7)).toBeUndefined();
  });

  it('neither serves nor stores for a request that read an older version than the newest seen', () => {
    const cache = new IdentityCache();
    cache.rememberProfile('u1', 8, profile('Nueva'));
    cache.rememberProfile('u1', 7, profile('Vieja'));
    expect(cache.profile('u1', 7)).toBeUndefined();
    expect(cache.profile('u1', 8)).toEqual(profile('Nueva'));
  });

  it('keeps working when the counter wraps', () => {
    const cache = new IdentityCache();
    cache.rememberProfile('u1', 1_999_999_999, profile('Antes'));
    expect(cache.profile('u1', 0)).toBeUndefined();
    cache.rememberProfile('u1', 0, profile('Después'));
    expect(cache.profile('u1', 0)).toEqual(profile('Después'));
    expect(cache.profile('u1', 1_999_999_999)).toBeUndefined();
  });
});
