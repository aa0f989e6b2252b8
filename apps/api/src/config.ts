import { DEFAULT_TIME_ZONE } from '@jornada/shared/format';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  cookieSecure: boolean;
  trustProxy: boolean | string;
  timeZone: string;
  isProduction: boolean;
  sqliteSynchronous: 'NORMAL' | 'FULL';
  webDistDir: string | undefined;
  logLevel: string;
  /** The address people reach the app at, for links that leave it (printed demo links, later mails). No trailing slash. */
  publicUrl: string;
  /** SMTP_URL (smtp:// or smtps://, user and password in the address); unset, mails stay in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every mail (MAIL_FROM), e.g. 'Jornada <no-reply@example.es>'. */
  mailFrom: string;
}

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '') return false;
  if (['true', 'false'].includes(value.toLowerCase())) return value.toLowerCase() === 'true';
  return value;
}

/** Reads the run contract's environment variables once, at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const isProduction = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a valid port: ${env.PORT}`);
  const timeZone = env.TZ_DEFAULT || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('es-ES', { timeZone });
  } catch {
    throw new Error(`TZ_DEFAULT is not a valid IANA time zone: ${timeZone}`);
  }
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, port);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    cookieSecure: parseBoolean(env.COOKIE_SECURE, isProduction),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeZone,
    isProduction,
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS?.toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL',
    webDistDir: env.WEB_DIST_DIR || undefined,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    publicUrl,
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseMailFrom(env.MAIL_FROM, publicUrl),
  };
}

/** smtp://user:pass@host:port (STARTTLS when offered) or smtps://… (TLS from the start). */
function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The value is not echoed: it carries the SMTP password.
    throw new Error('SMTP_URL is not a valid address (expected smtp://user:pass@host:port or smtps://...)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol})`);
  if (!url.hostname) throw new Error('SMTP_URL has no host');
  return value;
}

/** MAIL_FROM when set ('Name <address>' or an address), else no-reply at PUBLIC_URL's host. */
function parseMailFrom(value: string | undefined, publicUrl: string): string {
  if (!value) {
    const host = new URL(publicUrl).hostname;
    return `Jornada <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`;
  }
  if (!/^[^<>@\s]+@[^<>@\s]+\.?[^<>@\s]*$|<[^<>@\s]+@[^<>@\s]+>\s*$/.test(value.trim())) throw new Error(`MAIL_FROM is not an e-mail address or 'Name <address>': ${value}`);
  return value.trim();
}

/** PUBLIC_URL when set (an http(s) address), else this machine at the configured port. */
function parsePublicUrl(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL is not a valid address: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must start with http:// or https:// (got ${url.protocol})`);
  return url.toString().replace(/\/+$/, '');
}
