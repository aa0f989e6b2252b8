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

describe('SMTP_URL and MAIL_FROM', () => {
  it('leave mail in the outbox when SMTP_URL is unset, from no-reply at PUBLIC_URL’s host', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://jornada.example.es' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Jornada <no-reply@jornada.example.es>');
  });

  it('take smtp:// and smtps:// addresses and a From in either form', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.es:465' }).smtpUrl).toBe('smtps://user:secret@mail.example.es:465');
    expect(loadConfig({ MAIL_FROM: 'Jornada <avisos@example.es>' }).mailFrom).toBe('Jornada <avisos@example.es>');
    expect(loadConfig({ MAIL_FROM: 'avisos@example.es' }).mailFrom).toBe('avisos@example.es');
  });

  it('refuse another scheme or a From without an address, never echoing the SMTP password', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.es' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url secret' })).toThrow(/^(?!.*secret).*SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'Jornada' })).toThrow(/MAIL_FROM/);
  });
});
