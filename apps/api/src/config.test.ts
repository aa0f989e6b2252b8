import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('PUBLIC_URL', () => {
  it('defaults to this machine at the configured port, so printed links follow PORT', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('takes the address people reach the app at, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://jornada.example.es/' }).publicUrl).toBe('https://jornada.example.es');
    expect(loadConfig({ PUBLIC_URL: 'https://example.es/jornada/', PORT: '8080' }).publicUrl).toBe('https://example.es/jornada');
  });

  it('refuses an address that is not http(s) at start, with the variable named', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'jornada.example.es' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.es' })).toThrow(/PUBLIC_URL/);
  });
});
