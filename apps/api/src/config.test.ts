import { describe, expect, it } from 'vitest';
import { createECDH } from 'node:crypto';
import { loadConfig } from './config';
import { isAdmittedPushEndpoint } from './lib/push-service-hosts';

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

describe('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY', () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const pair = { VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'), VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url') };

  it('unset: none given, the server makes its pair once and keeps it in the database', () => {
    expect(loadConfig({}).vapidKeys).toBeUndefined();
  });

  it('takes a matching pair', () => {
    expect(loadConfig(pair).vapidKeys).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
  });

  it('refuses one without the other, a malformed key, and a public key of another private key', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/set both or neither/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: pair.VAPID_PRIVATE_KEY })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: 'not a key' })).toThrow(/VAPID_PUBLIC_KEY is not/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'c2hvcnQ' })).toThrow(/VAPID_PRIVATE_KEY is not/);
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: other.getPublicKey().toString('base64url') })).toThrow(/is not the public key of VAPID_PRIVATE_KEY/);
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  it('admits the browsers’ push services by default, and only what is listed when set', () => {
    const hosts = loadConfig({}).pushServiceHosts;
    expect(isAdmittedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAdmittedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc', hosts)).toBe(true);
    expect(isAdmittedPushEndpoint('https://web.push.apple.com/abc', hosts)).toBe(true);
    expect(isAdmittedPushEndpoint('https://push.services.mozilla.com.evil.example/x', hosts)).toBe(false);
    expect(isAdmittedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(isAdmittedPushEndpoint('https://192.168.1.1/x', hosts)).toBe(false);
    const narrowed = loadConfig({ PUSH_SERVICE_HOSTS: ' push.example.es , *.push.example.org ' }).pushServiceHosts;
    expect(narrowed).toEqual(['push.example.es', '*.push.example.org']);
    expect(isAdmittedPushEndpoint('https://a.push.example.org/x', narrowed)).toBe(true);
    expect(isAdmittedPushEndpoint('https://push.example.org/x', narrowed)).toBe(false);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://x.example' })).toThrow(/PUSH_SERVICE_HOSTS/);
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

describe('BACKUP_DIR and BACKUP_KEEP', () => {
  it('no daily backup unless BACKUP_DIR is set; 7 copies kept unless BACKUP_KEEP says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ backupDir: undefined, backupKeep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/var/backups/jornada', BACKUP_KEEP: '14' })).toMatchObject({ backupDir: '/var/backups/jornada', backupKeep: 14 });
  });

  it('refuses a BACKUP_KEEP that is not a whole number of copies, 1 or more', () => {
    for (const value of ['0', '-1', '2.5', 'siete']) expect(() => loadConfig({ BACKUP_KEEP: value })).toThrow(/BACKUP_KEEP/);
  });
});

describe('API_TOKEN_RATE_LIMIT', () => {
  it('is 120 requests a minute per token unless set, and refuses what is not a whole number, 1 or more', () => {
    expect(loadConfig({}).apiTokenRateLimit).toBe(120);
    expect(loadConfig({ API_TOKEN_RATE_LIMIT: '600' }).apiTokenRateLimit).toBe(600);
    for (const value of ['0', '-5', '1.5', 'mucho']) expect(() => loadConfig({ API_TOKEN_RATE_LIMIT: value })).toThrow(/API_TOKEN_RATE_LIMIT/);
  });
});
