import { createECDH } from 'node:crypto';
import { DEFAULT_TIME_ZONE } from '@jornada/shared/format';
import { parsePushServiceHosts } from './lib/push-service-hosts';

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
  /** DATABASE_POOL_SIZE: PostgreSQL connections per server (default 10). */
  databasePoolSize: number;
  /** DATABASE_PREPARED_STATEMENTS: PostgreSQL statements prepared by name (default on; off behind a pooler that cannot keep them). */
  databasePreparedStatements: boolean;
  webDistDir: string | undefined;
  logLevel: string;
  /** The address people reach the app at, for links that leave it (printed demo links, later mails). No trailing slash. */
  publicUrl: string;
  /** The Web Push VAPID key pair from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; unset: made once and kept in the database (decision 037). */
  vapidKeys: VapidKeyPair | undefined;
  /** The push services a subscription may point at (PUSH_SERVICE_HOSTS; decision 037): the server posts to them. */
  pushServiceHosts: readonly string[];
  /** SMTP_URL (smtp:// or smtps://, user and password in the address); unset, mails stay in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every mail (MAIL_FROM), e.g. 'Jornada <no-reply@example.es>'. */
  mailFrom: string;
  /** METRICS_TOKEN: with it, GET /api/metrics answers to `Authorization: Bearer <token>` (docs/decisions/048). */
  metricsToken: string | undefined;
  /** METRICS_PORT: a second listener serving only /metrics, without a token, on METRICS_HOST (127.0.0.1). */
  metricsPort: number | undefined;
  metricsHost: string;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may go to http:// and private addresses (a receiver inside the company's network; tests). */
  webhookAllowPrivate: boolean;
  /** BACKUP_DIR: where the server writes its daily SQLite backup (docs/decisions/049); unset, none. */
  backupDir: string | undefined;
  /** BACKUP_KEEP: how many daily backups are kept (default 7). */
  backupKeep: number;
  /** API_TOKEN_RATE_LIMIT: requests a minute one personal API token may make (default 120; docs/decisions/054). */
  apiTokenRateLimit: number;
  /** TWO_FACTOR_ADMIN_REQUIRED: the Administrador must sign in with a second factor (decision 055); default on in production. */
  twoFactorAdminRequired: boolean;
}

/** base64url, as web-push and the browser's applicationServerKey take them. */
export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
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
    databasePoolSize: parsePoolSize(env.DATABASE_POOL_SIZE),
    databasePreparedStatements: parseBoolean(env.DATABASE_PREPARED_STATEMENTS, true),
    webDistDir: env.WEB_DIST_DIR || undefined,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    publicUrl,
    vapidKeys: parseVapidKeys(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY),
    pushServiceHosts: parsePushServiceHosts(env.PUSH_SERVICE_HOSTS),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseMailFrom(env.MAIL_FROM, publicUrl),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    metricsPort: parseMetricsPort(env.METRICS_PORT, port),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    webhookAllowPrivate: parseBoolean(env.WEBHOOK_ALLOW_PRIVATE, false),
    backupDir: env.BACKUP_DIR || undefined,
    backupKeep: parseBackupKeep(env.BACKUP_KEEP),
    apiTokenRateLimit: parseApiTokenRateLimit(env.API_TOKEN_RATE_LIMIT),
    twoFactorAdminRequired: parseBoolean(env.TWO_FACTOR_ADMIN_REQUIRED, isProduction),
  };
}

/** What openDatabase takes from the configuration (db/database.ts OpenDatabaseOptions). */
export function databaseOptionsOf(config: Config) {
  return { synchronous: config.sqliteSynchronous, poolSize: config.databasePoolSize, namedStatements: config.databasePreparedStatements };
}

function parsePoolSize(value: string | undefined): number {
  if (!value) return 10;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 200) throw new Error(`DATABASE_POOL_SIZE must be a whole number of connections from 1 to 200: ${value}`);
  return size;
}

function parseBackupKeep(value: string | undefined): number {
  if (!value) return 7;
  const keep = Number(value);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of copies, 1 or more: ${value}`);
  return keep;
}

function parseApiTokenRateLimit(value: string | undefined): number {
  if (!value) return 120;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`API_TOKEN_RATE_LIMIT must be a whole number of requests a minute, 1 or more: ${value}`);
  return limit;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A bearer secret long enough not to be guessed; the value is never echoed. */
function parseMetricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 24 || /\s/.test(value)) throw new Error('METRICS_TOKEN must have at least 24 characters and no spaces');
  return value;
}

function parseMetricsPort(value: string | undefined, appPort: number): number | undefined {
  if (!value) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`METRICS_PORT is not a valid port: ${value}`);
  if (port === appPort) throw new Error('METRICS_PORT must differ from PORT: the metrics listener is a separate one');
  return port;
}

/** Both or neither: a public key without its private key (or the reverse) cannot sign anything. */
function parseVapidKeys(publicKey: string | undefined, privateKey: string | undefined): VapidKeyPair | undefined {
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  // An uncompressed P-256 point (65 bytes) and a P-256 private scalar (32 bytes), base64url without padding.
  if (!BASE64URL.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65) throw new Error('VAPID_PUBLIC_KEY is not a base64url P-256 public key (65 bytes)');
  if (!BASE64URL.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32) throw new Error('VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes)');
  let derived: Buffer;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    derived = ecdh.getPublicKey();
  } catch {
    throw new Error('VAPID_PRIVATE_KEY is not a valid P-256 private key');
  }
  if (!derived.equals(Buffer.from(publicKey, 'base64url'))) throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  return { publicKey, privateKey };
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
