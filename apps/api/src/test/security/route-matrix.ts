/**
 * THE TENANT ISOLATION MATRIX: one row per API operation (`METHOD /api/path`, exactly as Fastify
 * registered it, `:param` syntax), giving the answer every actor must get. The test
 * (isolation-matrix.test.ts) reads the route registry of the app and FAILS when an operation has
 * no row here, so a new route cannot skip it. HEAD routes are covered by their GET row.
 *
 * HOW TO ADD A ROW (copy a neighbour):
 *
 *   row('POST /api/things/:id/approve', {
 *     targets: ALL,                                       // own / same / other objects (default: ALL when
 *                                                         // the path has a :param, else ['own'])
 *     fresh: (s) => s.world.make.thing(s.company),        // optional: a throwaway object, made only for the
 *                                                         // requests expected to succeed (they consume it)
 *     request: (s, fresh) => ({ url: `/api/things/${(fresh ?? s.company.thing).id}/approve`, payload: {…} }),
 *     expect: managers(200),                              // or { employee: 403, supervisor: {own: 200, other: 404}, admin: 200 }
 *   }),
 *
 * ACTORS: anonymous, the employee and the supervisor of company A and of company B (run with the
 * same expectation, each against its own company: the `employee` and `supervisor` keys), the platform
 * admin, a disabled user's old session and an expired session (both of company A). `anonymous`,
 * `disabled` and `expired` default to 401 (a public route says so).
 *
 * API TOKEN ACTORS (decision 054): each signed-in actor again with `Authorization: Bearer` and no
 * cookie, once with a token holding the route's scope and once with one lacking it. Their expected
 * answer is derived, not written per row: the route's scope (declared on its authorize() gate, read
 * from `app.apiTokenScopes`) missing or lacking gives 403; held, the session's own expectation. A row
 * whose request replaces the credentials (the metrics bearer) says what tokens get with `tokens`.
 *
 * TARGETS, relative to the actor's company (the admin and the signed-out actors count as company A):
 *   own   = the actor's company and the actor's own objects,
 *   same  = the same company, another user's objects (the colleague's),
 *   other = the other company's objects (ids of company B in the path, the query and the body).
 *   mixed = (only rows that ask for it) the actor's own object in the path, the other company's ids in
 *           the body or query (`s.foreign`): a foreign reference smuggled into an own request.
 * A status given as a number applies to every target; `{ own, same, other }` gives one per target
 * (`same` falls back to `own` and back). Every id the request carries must come from the Scope,
 * never be hard-coded, so that `other` really sends the other company's ids.
 *
 * CHECKED FOR EVERY REQUEST: the status; the error shape `{error:{code,message}}` on 4xx; the security
 * headers (header-checks.ts); that no body
 * or header sent to an actor of one company (or to a signed-out actor) contains the other company's
 * marker string; that the refused requests of a row changed no table; that a GET changed no table.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { RoleName } from '@jornada/shared/permissions';
import { hashToken, newSessionToken } from '../../features/auth/session-policy';
import { totpAt, newTotpSecret } from '../../features/two-factor/totp';
import { documentPhotoPng } from '../../ledgers/files/png';
import { INVITATION_PENDING_HASH } from '../../lib/passwords';
import { insertTestEvent, TEST_PASSWORD } from '../factories';
import { multipart } from '../multipart';
import type { CompanyWorld, PersonObjects, World, WorldUser } from './world';
import { HERE, pushSubscriptionOf, SIGNATURE, WORLD_METRICS_TOKEN } from './world';

export type Role = 'anonymous' | 'employee' | 'supervisor' | 'admin' | 'disabled' | 'expired';
export type Target = 'own' | 'same' | 'other' | 'mixed';
export const ALL: Target[] = ['own', 'same', 'other'];

/** What a row's request builder sees. */
export interface Scope {
  role: Role;
  target: Target;
  /** The acting user (null when signed out). */
  actor: WorldUser | null;
  /** The target's company: the actor's own for own/same, the other company for other. */
  company: CompanyWorld;
  /** The company that is not the actor's (for `mixed`: where the smuggled body ids come from). */
  foreign: CompanyWorld;
  /** The target Empleado: own = the actor if an Empleado (else the company's employee), same = the colleague, other = the other company's employee. */
  employee: WorldUser;
  /** The objects of `employee` (loans, vacations, record, report). */
  person: PersonObjects;
  /** The acting person's own record and report for own (a supervisor's own ones), else those of `employee`. */
  personal: { record: { id: string }; report: { id: string; attachmentId: string } };
  world: World;
  /** Set when the actor calls with an API token instead of its session. */
  via?: 'token';
}

export interface RequestSpec {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Replaces the actor's cookie (null: none), for requests that would end the actor's session. */
  cookie?: string | null;
}

export type PerTarget = number | Partial<Record<Target, number>>;
export type Expectation = Partial<Record<Role, PerTarget>> & Record<'employee' | 'supervisor' | 'admin', PerTarget>;

export interface MatrixRow<T = unknown> {
  route: string;
  targets?: Target[];
  fresh?: (s: Scope) => Promise<T>;
  request: (s: Scope, fresh?: T) => RequestSpec | Promise<RequestSpec>;
  expect: Expectation;
  /** Tables a GET may write by design (e.g. a public link's use log). */
  getMayWrite?: string[];
  /** Why the row looks the way it does, when it is not obvious. */
  note?: string;
  /** API token actors' answer when the request does not carry their token (see the header). */
  tokens?: number;
}

export function row<T>(route: string, spec: Omit<MatrixRow<T>, 'route'>): MatrixRow {
  return { route, ...spec } as MatrixRow;
}

/** The status `role` must get on `target`. */
export function expectedStatus(expectation: Expectation, role: Role, target: Target): number {
  const value = expectation[role] ?? 401;
  if (typeof value === 'number') return value;
  const fallback = target === 'same' ? value.own : target === 'own' ? value.same : undefined;
  if (target === 'mixed' && value.mixed === undefined) throw new Error(`no expected status for ${role} on mixed`);
  const status = value[target] ?? fallback;
  if (status === undefined) throw new Error(`no expected status for ${role} on ${target}`);
  return status;
}

/**
 * A distinct start (hours after the 5th or 6th day) for each actor and target: the event rows staff
 * the same people again and again, and overlapping times would be a double booking (decision 029).
 */
const slotHours = (s: Scope) =>
  ['anonymous', 'employee', 'supervisor', 'admin', 'disabled', 'expired'].indexOf(s.role) * 8 + ['own', 'same', 'other', 'mixed'].indexOf(s.target) * 2 + (s.via === 'token' ? 10 * 24 : 0);

// ---- Shorthands for the common policies ------------------------------------------------------------

/** Other company's object: not found (never 403, no probing). */
const isolated = (ok: number): PerTarget => ({ own: ok, same: ok, other: 404 });
/** A reference in the body or query to another company's object: refused as unprocessable, with the same message as an unknown id (no probing). */
const refusedReference = (ok: number): PerTarget => ({ own: ok, same: ok, other: 422 });
/** As refusedReference, and an own object given another company's ids in the body: refused with `mixed`. */
const refusedMix = (ok: number, mixed: number, other = 422): PerTarget => ({ own: ok, same: ok, other, mixed });
const WITH_MIXED: Target[] = ['own', 'same', 'other', 'mixed'];
/** The admin with a session: the rows that make their object inside `request` do so only for it (a token actor is refused there, and a refused request must leave every table as it was). */
const adminSession = (s: Scope) => s.role === 'admin' && s.via !== 'token';
/** Everyone, signed in or not, gets `status`. */
const publicRoute = (status: number): Expectation => ({ anonymous: status, employee: status, supervisor: status, admin: status, disabled: status, expired: status });
/** Any signed-in user; the company's objects only. */
const signedIn = (ok: number, perTarget = false): Expectation => ({ employee: perTarget ? isolated(ok) : ok, supervisor: perTarget ? isolated(ok) : ok, admin: ok });
const adminOnly = (ok: number): Expectation => ({ employee: 403, supervisor: 403, admin: ok });
/** Supervisor and admin; a supervisor reaches only their company's objects. */
const managers = (ok: number, perTarget: boolean | PerTarget = true): Expectation => ({
  employee: 403,
  supervisor: typeof perTarget === 'boolean' ? (perTarget ? isolated(ok) : ok) : perTarget,
  admin: ok,
});
/** Empleado and Supervisor acting on their own things (no admin). */
const holders = (ok: PerTarget): Expectation => ({ employee: ok, supervisor: ok, admin: 403 });
/** Only the Empleado, only on their own things: a colleague's or another company's object is not found. */
const ownEmployee = (ok: number): Expectation => ({ employee: { own: ok, same: 404, other: 404 }, supervisor: 403, admin: 403 });

const DAY = 86_400_000;

/**
 * Decision 051: an event of `company` with 2 open places of its category, nobody on it, `offset` ms
 * from now (half a day per slot, so no actor's claims break a rest rule), optionally with a pending
 * claim of `claimant`.
 */
async function openShiftEvent(s: Scope, company: CompanyWorld, offset: number, claimant?: WorldUser) {
  const start = s.world.ctx.clock().getTime() + offset + slotHours(s) * 12 * 3_600_000;
  const event = await insertTestEvent(s.world.ctx.db, { companyId: company.id, name: `Turno abierto ${company.marker}`, start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString() });
  await s.world.ctx.db.insertInto('event_open_places').values({ event_id: event.id, company_id: company.id, category_id: company.category.id, places: 2, remaining: 2 }).execute();
  if (!claimant) return { event, claim: { id: 'osc-ninguna' } };
  const claim = { id: `osc-${randomUUID()}` };
  await s.world.ctx.db
    .insertInto('open_shift_claims')
    .values({ id: claim.id, event_id: event.id, company_id: company.id, category_id: company.category.id, user_id: claimant.id, state: 'pending', created_at: s.world.ctx.clock().toISOString() })
    .execute();
  return { event, claim };
}

let qualificationTypeNames = 0;
const q = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return search.size ? `?${search}` : '';
};
/** A signed-in actor that would lose its session gets a throwaway user of its role and company. */
const throwawayActor = async (s: Scope) =>
  s.actor && (s.role === 'employee' || s.role === 'supervisor' || s.role === 'admin') ? s.world.make.user(s.actor.role as RoleName, s.actor.companyId) : null;
/** Whose record a correction is about: the acting Empleado or Supervisor for own, else the target Empleado. */
const recordOwner = (s: Scope): WorldUser => (s.target === 'own' && s.actor && (s.role === 'employee' || s.role === 'supervisor') ? s.actor : s.employee);
/** A notification of the actor (own) or of the target employee (same, other), read without writing. */
const notificationOf = async (s: Scope): Promise<string> => {
  const recipient = s.target === 'own' && s.actor && (s.role === 'employee' || s.role === 'supervisor') ? s.actor : s.employee;
  const found = await s.world.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', recipient.id).orderBy('id').executeTakeFirst();
  if (!found) throw new Error(`matrix: ${recipient.name} has no notification`);
  return found.id;
};
/** The Web Push subscription of the actor (own) or of the target employee (same, other), read without writing. */
const pushSubscriptionIdOf = async (s: Scope): Promise<string> => {
  const owner = s.target === 'own' && s.actor && (s.role === 'employee' || s.role === 'supervisor') ? s.actor : s.employee;
  const found = await s.world.ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', owner.id).orderBy('id').executeTakeFirst();
  if (!found) throw new Error(`matrix: ${owner.name} has no push subscription`);
  return found.id;
};
const photoUpload = (name: string) => multipart({}, [{ field: 'file', name, content: documentPhotoPng(), type: 'image/png' }]);

/** Issue 28 item 3 (decision 053): a one-row import file. The admin names the target company; a supervisor's rows go into their own. */
const importFile = (content: string) => multipart({}, [{ field: 'file', name: 'importar.csv', content: `\uFEFF${content}`, type: 'text/csv' }]);
/** A supervisor's file names no company (naming another is a row problem, imports.test.ts): the preview echoes the file, and the other's name carries its marker. */
const importCompany = (s: Scope) => (s.role === 'admin' ? s.company.name : '');
const employeeImportFile = (s: Scope) => {
  const id = s.world.make.unique();
  return importFile(`Nombre;Usuario;Correo;Empresa\nPersona Importada;imp${id};imp${id}@example.test;${importCompany(s)}`);
};
let importDay = 0;
/** Each request a day of its own in 2030: the same people staff every imported event, never twice at once. */
const eventImportFile = (s: Scope) => {
  const day = new Date(Date.UTC(2030, 2, 1) + ++importDay * DAY).toISOString().slice(0, 10);
  return importFile(`Nombre;Lugar;Inicio;Fin;Personal;Empresa\nEvento importado;Plaza Mayor;${day} 10:00;${day} 12:00;${s.employee.username};${importCompany(s)}`);
};

/** A dead job (a kind nobody handles, so a retry cannot run it by accident), for the retry row. */
async function deadJob(s: Scope): Promise<{ id: string }> {
  const id = `job-${s.world.make.unique()}`;
  const at = new Date().toISOString();
  await s.world.ctx.db
    .insertInto('jobs')
    .values({ id, kind: 'matrix.dead', payload: 'null', status: 'dead', attempts: 8, max_attempts: 8, run_at: at, locked_until: null, last_error: 'caído', created_at: at, finished_at: at })
    .execute();
  return { id };
}

/** A legal-archive entry for the target employee (as their deletion would write), for the archive rows. */
async function archiveSubject(s: Scope): Promise<{ id: string }> {
  const id = `arch-${s.world.make.unique()}`;
  await s.world.ctx.db
    .insertInto('legal_archive_subjects')
    .values({ id, kind: 'user', subject_id: `${s.employee.id}-${id}`, company_id: s.company.id, name: s.employee.name, username: null, email: null, deleted_at: s.world.ctx.clock().toISOString(), deleted_by_name: 'Matriz' })
    .execute();
  return { id };
}

/** A one-time link of `purpose` for a throwaway user of the target company (the mailed token, without the mail). */
async function oneTimeLink(s: Scope, purpose: 'invitation' | 'reset' | 'email_change'): Promise<{ token: string }> {
  const user = await s.world.ctx.factories.user({ role: 'Empleado', companyId: s.company.id, name: 'Persona enlace' });
  const token = newSessionToken();
  const now = s.world.ctx.clock();
  await s.world.ctx.db
    .insertInto('account_tokens')
    .values({
      id: `tok-${s.world.make.unique()}`,
      purpose,
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      used_at: null,
      new_email: purpose === 'email_change' ? `nuevo${s.world.make.unique()}@example.test` : null,
      created_at: now.toISOString(),
    })
    .execute();
  return { token };
}

/** A user of the target company created with an invitation and no password yet. */
async function pendingInvitee(s: Scope): Promise<{ id: string }> {
  const user = await s.world.ctx.factories.user({ role: 'Empleado', companyId: s.company.id, name: 'Persona invitada' });
  await s.world.ctx.db.updateTable('users').set({ password_hash: INVITATION_PENDING_HASH }).where('id', '=', user.id).execute();
  return { id: user.id };
}

/** Decision 055: a user of the target company with two-factor on (and a known secret), for the 2FA rows. */
async function twoFactorUser(s: Scope, options: { role?: RoleName; enabled?: boolean } = {}): Promise<WorldUser & { secret: string }> {
  const user = await s.world.make.user(options.role ?? 'Empleado', s.company.id, 'Persona verificada');
  const secret = newTotpSecret();
  await s.world.ctx.db
    .insertInto('two_factor_secrets')
    .values({ user_id: user.id, secret, enabled_at: options.enabled === false ? null : s.world.ctx.clock().toISOString(), last_step: 0, created_at: s.world.ctx.clock().toISOString() })
    .execute();
  return { ...user, secret };
}

/** A pending sign-in (the password step done) of a throwaway user of the target company. */
async function pendingSignIn(s: Scope, step: 'verify' | 'enrol'): Promise<{ token: string; secret: string }> {
  const user = await twoFactorUser(s, { enabled: step === 'verify' });
  const token = newSessionToken();
  const now = s.world.ctx.clock();
  await s.world.ctx.db
    .insertInto('pending_logins')
    .values({ token_hash: hashToken(token), user_id: user.id, step, ip: '127.0.0.1', expires_at: new Date(now.getTime() + 600_000).toISOString(), created_at: now.toISOString() })
    .execute();
  return { token, secret: user.secret };
}

export const routeMatrix: MatrixRow[] = [
  // ---- Public: health, OpenAPI and its documentation pages -------------------------------------------
  row('GET /api/health', { request: () => ({ url: '/api/health' }), expect: publicRoute(200) }),
  row('GET /api/health/ready', { request: () => ({ url: '/api/health/ready' }), expect: publicRoute(200) }),
  row('GET /api/health/live', { request: () => ({ url: '/api/health/live' }), expect: publicRoute(200) }),
  row('GET /api/metrics', {
    note: "The METRICS_TOKEN bearer is the authority, with or without a session (without it: 401, metrics.test.ts); route patterns only, never a company's data.",
    request: () => ({ url: '/api/metrics', headers: { authorization: `Bearer ${WORLD_METRICS_TOKEN}` } }),
    expect: publicRoute(200),
    tokens: 200,
  }),
  row('GET /api/openapi.json', { request: () => ({ url: '/api/openapi.json' }), expect: publicRoute(200) }),
  row('GET /api/docs', { request: () => ({ url: '/api/docs' }), expect: publicRoute(200) }),
  row('GET /api/docs/static/index.html', { request: () => ({ url: '/api/docs/static/index.html' }), expect: publicRoute(302) }),
  row('GET /api/docs/static/swagger-initializer.js', { request: () => ({ url: '/api/docs/static/swagger-initializer.js' }), expect: publicRoute(200) }),
  row('GET /api/docs/json', { request: () => ({ url: '/api/docs/json' }), expect: publicRoute(200) }),
  row('GET /api/docs/yaml', { request: () => ({ url: '/api/docs/yaml' }), expect: publicRoute(200) }),
  row('GET /api/docs/static/*', { request: () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: publicRoute(200) }),

  // ---- Sign-in -------------------------------------------------------------------------------------
  row('POST /api/auth/login', {
    note: 'A throwaway user signs in (a login replaces the cookie it came with); tenant-wise it only ever answers its own user.',
    fresh: (s) => s.world.make.user('Empleado', s.company.id),
    request: (s, user) => ({ url: '/api/auth/login', payload: { username: user?.username, password: TEST_PASSWORD }, cookie: null }),
    expect: publicRoute(200),
  }),
  row('POST /api/auth/logout', {
    fresh: throwawayActor,
    request: (_s, user) => ({ url: '/api/auth/logout', ...(user ? { cookie: user.cookie } : {}) }),
    expect: publicRoute(200),
  }),
  row('GET /api/auth/me', { request: () => ({ url: '/api/auth/me' }), expect: signedIn(200) }),
  // ---- Account lifecycle (decision 039): public one-time links, CSRF-checked like the sign-in ---------
  row('POST /api/auth/password-reset', {
    note: 'The same answer for any identifier; a new one per request so the per-account limit never trips.',
    request: (s) => ({ url: '/api/auth/password-reset', payload: { identifier: `nadie${s.world.make.unique()}` } }),
    expect: publicRoute(200),
  }),
  row('POST /api/auth/tokens/inspect', {
    fresh: (s) => oneTimeLink(s, 'reset'),
    request: (_s, link) => ({ url: '/api/auth/tokens/inspect', payload: { token: link?.token } }),
    expect: publicRoute(200),
  }),
  row('POST /api/auth/password-reset/confirm', {
    note: 'Signs the link owner in: sent without the actor cookie, like the sign-in row.',
    fresh: (s) => oneTimeLink(s, 'reset'),
    request: (_s, link) => ({ url: '/api/auth/password-reset/confirm', payload: { token: link?.token, newPassword: 'Otra-Clave-Segura9!', confirmPassword: 'Otra-Clave-Segura9!' }, cookie: null }),
    expect: publicRoute(200),
  }),
  row('POST /api/auth/invitations/accept', {
    fresh: (s) => oneTimeLink(s, 'invitation'),
    request: (_s, link) => ({ url: '/api/auth/invitations/accept', payload: { token: link?.token, newPassword: 'Otra-Clave-Segura9!', confirmPassword: 'Otra-Clave-Segura9!' }, cookie: null }),
    expect: publicRoute(200),
  }),
  row('POST /api/auth/email-change/confirm', {
    note: 'Opened in another user\'s session it changes nothing (409, account-lifecycle.test.ts); here signed out.',
    fresh: (s) => oneTimeLink(s, 'email_change'),
    request: (_s, link) => ({ url: '/api/auth/email-change/confirm', payload: { token: link?.token }, cookie: null }),
    expect: publicRoute(200),
  }),
  row('POST /api/account/email', {
    fresh: throwawayActor,
    request: (s, user) => ({
      url: '/api/account/email',
      payload: { currentPassword: TEST_PASSWORD, newEmail: `cambio${s.world.make.unique()}@example.test` },
      ...(user ? { cookie: user.cookie } : {}),
    }),
    expect: signedIn(200),
  }),
  row('POST /api/users/:id/invitation', {
    fresh: pendingInvitee,
    request: (s, user) => ({ url: `/api/users/${(user ?? s.employee).id}/invitation` }),
    expect: managers(200),
  }),
  row('POST /api/account/password', {
    fresh: throwawayActor,
    request: (_s, user) => ({
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Otra-Clave-Segura9!', confirmPassword: 'Otra-Clave-Segura9!' },
      ...(user ? { cookie: user.cookie } : {}),
    }),
    expect: signedIn(200),
  }),

  // ---- Two-factor sign-in (decision 055) --------------------------------------------------------------
  row('POST /api/auth/two-factor/verify', {
    note: 'Public like the sign-in: the pending token of a throwaway user of the target company is the only authority.',
    fresh: (s) => pendingSignIn(s, 'verify'),
    request: (s, pending) => ({ url: '/api/auth/two-factor/verify', payload: { pendingToken: pending?.token, code: pending ? totpAt(pending.secret, s.world.ctx.clock()) : '000000' }, cookie: null }),
    expect: publicRoute(200),
  }),
  row('POST /api/auth/two-factor/enrol', {
    fresh: (s) => pendingSignIn(s, 'enrol'),
    request: (_s, pending) => ({ url: '/api/auth/two-factor/enrol', payload: { pendingToken: pending?.token }, cookie: null }),
    expect: publicRoute(200),
  }),
  row('POST /api/auth/two-factor/enrol/confirm', {
    fresh: (s) => pendingSignIn(s, 'enrol'),
    request: (s, pending) => ({ url: '/api/auth/two-factor/enrol/confirm', payload: { pendingToken: pending?.token, code: pending ? totpAt(pending.secret, s.world.ctx.clock()) : '000000' }, cookie: null }),
    expect: publicRoute(200),
  }),
  row('GET /api/account/two-factor', { request: () => ({ url: '/api/account/two-factor' }), expect: signedIn(200) }),
  row('POST /api/account/two-factor/setup', {
    fresh: throwawayActor,
    request: (_s, user) => ({ url: '/api/account/two-factor/setup', ...(user ? { cookie: user.cookie } : {}) }),
    expect: signedIn(200),
  }),
  row('POST /api/account/two-factor/confirm', {
    note: 'A throwaway actor with a setup waiting for its code: only the own account is ever touched.',
    fresh: async (s) => (s.actor && ['employee', 'supervisor', 'admin'].includes(s.role) ? twoFactorUser({ ...s, company: { ...s.company, id: s.actor.companyId as string } }, { role: s.actor.role, enabled: false }) : null),
    request: (s, user) => ({ url: '/api/account/two-factor/confirm', payload: { code: user ? totpAt(user.secret, s.world.ctx.clock()) : '000000' }, ...(user ? { cookie: user.cookie } : {}) }),
    expect: signedIn(200),
  }),
  row('POST /api/account/two-factor/disable', {
    fresh: async (s) => (s.actor && ['employee', 'supervisor', 'admin'].includes(s.role) ? twoFactorUser({ ...s, company: { ...s.company, id: s.actor.companyId as string } }, { role: s.actor.role }) : null),
    request: (_s, user) => ({ url: '/api/account/two-factor/disable', payload: { currentPassword: TEST_PASSWORD }, ...(user ? { cookie: user.cookie } : {}) }),
    expect: signedIn(200),
  }),
  row('POST /api/users/:id/two-factor/reset', {
    note: "A throwaway Empleado of the target company with two-factor on; a supervisor reaches only their own company's.",
    fresh: (s) => twoFactorUser(s),
    request: (s, user) => ({ url: `/api/users/${(user ?? s.employee).id}/two-factor/reset` }),
    expect: managers(200),
  }),

  // ---- Administration: companies, categories, roles, users, permissions, action log ------------------
  row('GET /api/companies', { request: () => ({ url: '/api/companies' }), expect: signedIn(200) }),
  row('GET /api/companies/:id', { request: (s) => ({ url: `/api/companies/${s.company.id}` }), expect: signedIn(200, true) }),
  row('POST /api/companies', { request: (s) => ({ url: '/api/companies', payload: { name: `Nueva ${s.world.make.unique()}` } }), expect: adminOnly(201) }),
  row('PUT /api/companies/:id', {
    request: async (s) => ({ url: `/api/companies/${adminSession(s) ? (await s.world.make.company()).id : s.company.id}`, payload: { name: `Renombrada ${s.world.make.unique()}` } }),
    expect: adminOnly(200),
  }),
  row('DELETE /api/companies/:id', {
    request: async (s) => {
      const company = adminSession(s) ? await s.world.make.company() : { id: s.company.id, name: s.company.name };
      return { url: `/api/companies/${company.id}`, payload: { confirmName: company.name } };
    },
    expect: adminOnly(200),
  }),
  row('PUT /api/companies/:id/assignments', {
    request: async (s) => ({
      url: `/api/companies/${adminSession(s) ? (await s.world.make.company()).id : s.company.id}`.concat('/assignments'),
      payload: { assignedRoles: [s.world.roleIds.Supervisor, s.world.roleIds.Empleado], assignedCategories: [s.company.category.id] },
    }),
    expect: adminOnly(200),
  }),
  // 'Ajustes de fichaje' (issue 24): the company's rules, the administrator's like its permissions.
  row('GET /api/companies/:id/settings', { request: (s) => ({ url: `/api/companies/${s.company.id}/settings` }), expect: adminOnly(200) }),
  row('PUT /api/companies/:id/settings', {
    request: async (s) => ({
      url: `/api/companies/${adminSession(s) ? (await s.world.make.company()).id : s.company.id}/settings`,
      payload: { geofenceMode: 'refuse', autoClockOut: false, autoClockOutToleranceMin: 45 },
    }),
    expect: adminOnly(200),
  }),
  row('GET /api/categories', { request: () => ({ url: '/api/categories' }), expect: signedIn(200) }),
  row('POST /api/categories', {
    targets: ALL,
    request: (s) => ({ url: '/api/categories', payload: { name: `Categoría ${s.world.make.unique()}`, companyIds: [s.company.id] } }),
    expect: adminOnly(201),
  }),
  row('PUT /api/categories/:id', {
    request: async (s) => ({
      url: `/api/categories/${adminSession(s) ? (await s.world.make.category()).id : s.company.category.id}`,
      payload: { name: `Categoría ${s.world.make.unique()}`, companyIds: [s.company.id] },
    }),
    expect: adminOnly(200),
  }),
  row('DELETE /api/categories/:id', {
    request: async (s) => ({ url: `/api/categories/${adminSession(s) ? (await s.world.make.category()).id : s.company.category.id}` }),
    expect: adminOnly(200),
  }),
  row('GET /api/roles', { request: () => ({ url: '/api/roles' }), expect: adminOnly(200) }),
  row('POST /api/roles', { request: (s) => ({ url: '/api/roles', payload: { name: `Rol ${s.world.make.unique()}` } }), expect: adminOnly(201) }),
  row('PUT /api/roles/:id', {
    request: async (s) => ({ url: `/api/roles/${adminSession(s) ? (await s.world.make.role()).id : s.world.roleB.id}`, payload: { name: `Rol ${s.world.make.unique()}` } }),
    expect: adminOnly(200),
  }),
  row('DELETE /api/roles/:id', {
    request: async (s) => ({ url: `/api/roles/${adminSession(s) ? (await s.world.make.role()).id : s.world.roleB.id}` }),
    expect: adminOnly(200),
  }),
  row('PUT /api/roles/:id/companies', {
    request: async (s) => ({ url: `/api/roles/${adminSession(s) ? (await s.world.make.role()).id : s.world.roleB.id}/companies`, payload: { companyIds: [s.company.id] } }),
    expect: adminOnly(200),
  }),
  row('GET /api/users', { targets: ALL, request: (s) => ({ url: `/api/users${q({ companyId: s.company.id })}` }), expect: adminOnly(200) }),
  row('POST /api/users', {
    targets: ALL,
    request: (s) => ({
      url: '/api/users',
      payload: { name: 'Nueva Persona', username: `nueva${s.world.make.unique()}`, roleId: s.world.roleIds.Empleado, companyId: s.company.id, password: 'Clave-Segura-1!' },
    }),
    expect: adminOnly(201),
  }),
  row('PUT /api/users/:id', {
    fresh: (s) => s.world.make.user('Empleado', s.company.id),
    request: (s, user) => ({
      url: `/api/users/${(user ?? s.employee).id}`,
      payload: { name: 'Nombre Editado', username: `editado${s.world.make.unique()}`, roleId: s.world.roleIds.Empleado, companyId: s.company.id },
    }),
    expect: adminOnly(200),
  }),
  row('DELETE /api/users/:id', {
    fresh: (s) => s.world.make.user('Empleado', s.company.id),
    request: (s, user) => ({ url: `/api/users/${(user ?? s.employee).id}` }),
    expect: adminOnly(200),
  }),
  row('POST /api/users/:id/unlock-login', {
    request: (s) => ({ url: `/api/users/${s.employee.id}/unlock-login` }),
    expect: adminOnly(200),
  }),
  row('GET /api/employees', {
    targets: ALL,
    note: 'A supervisor who names another company still gets only their own company (the filter is the admin\'s).',
    request: (s) => ({ url: `/api/employees${q({ companyId: s.company.id })}` }),
    expect: managers(200, false),
  }),
  row('GET /api/employees/roles', {
    targets: ALL,
    note: "Decision 043: a supervisor who names another company still gets their own company's roles (the filter is the admin's).",
    request: (s) => ({ url: `/api/employees/roles${q({ companyId: s.company.id })}` }),
    expect: managers(200, false),
  }),
  row('PUT /api/employees/:id', {
    targets: WITH_MIXED,
    note: "mixed = an own employee given a category only the other company has.",
    fresh: (s) => s.world.make.user('Empleado', s.company.id),
    request: (s, user) => ({
      url: `/api/employees/${(user ?? s.employee).id}`,
      payload: { name: 'Nombre Editado', roleId: s.world.roleIds.Empleado, categoryIds: [(s.target === 'mixed' ? s.foreign : s.company).category.id] },
    }),
    expect: { employee: 403, supervisor: { own: 200, same: 200, other: 404, mixed: 422 }, admin: { own: 200, same: 200, other: 200, mixed: 422 } },
  }),
  row('PUT /api/employees/:id/access', {
    fresh: (s) => s.world.make.user('Empleado', s.company.id),
    request: (s, user) => ({ url: `/api/employees/${(user ?? s.employee).id}/access`, payload: { isDisabled: true } }),
    expect: managers(200),
  }),
  row('GET /api/permissions/:companyId', { request: (s) => ({ url: `/api/permissions/${s.company.id}` }), expect: adminOnly(200) }),
  row('PUT /api/permissions/:companyId', {
    request: async (s) => ({ url: `/api/permissions/${adminSession(s) ? (await s.world.make.company()).id : s.company.id}`, payload: { permissions: {} } }),
    expect: adminOnly(200),
  }),
  row('GET /api/action-log', { targets: ALL, request: (s) => ({ url: `/api/action-log${q({ companyId: s.company.id })}` }), expect: adminOnly(200) }),

  // ---- Events ---------------------------------------------------------------------------------------
  row('GET /api/events', { targets: ALL, request: (s) => ({ url: `/api/events${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/live', {
    targets: ALL,
    note: "A supervisor who names another company still gets only their own company (the filter is the admin's).",
    request: (s) => ({ url: `/api/live${q({ companyId: s.company.id })}` }),
    expect: managers(200, false),
  }),
  row('GET /api/events/supervise', { targets: ALL, request: (s) => ({ url: `/api/events/supervise${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/events/log', { targets: ALL, request: (s) => ({ url: `/api/events/log${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/events/shifts', { request: () => ({ url: '/api/events/shifts' }), expect: holders(200) }),
  row('GET /api/events/calendar', { targets: ALL, request: (s) => ({ url: `/api/events/calendar${q({ month: s.world.month, companyId: s.company.id })}` }), expect: signedIn(200) }),
  row('GET /api/events/assignable-employees', {
    targets: ALL,
    request: (s) => ({ url: `/api/events/assignable-employees${q({ companyId: s.company.id })}` }),
    expect: managers(200, refusedReference(200)),
  }),
  row('GET /api/events/assignee-availability', {
    targets: ALL,
    request: (s) => ({
      url: `/api/events/assignee-availability${q({ companyId: s.company.id, eventId: s.company.events.scheduled.id, date: '2026-12-01T09:00:00.000Z', endDate: '2026-12-01T13:00:00.000Z' })}`,
    }),
    expect: managers(200, refusedReference(200)),
  }),
  row('GET /api/events/:id', { request: (s) => ({ url: `/api/events/${s.company.events.scheduled.id}` }), expect: signedIn(200, true) }),
  row('POST /api/events', {
    targets: WITH_MIXED,
    request: (s) => ({
      url: '/api/events',
      payload: {
        name: 'Evento nuevo',
        location: 'Plaza Mayor',
        date: new Date(s.world.ctx.clock().getTime() + 5 * DAY + slotHours(s) * 3_600_000).toISOString(),
        endDate: new Date(s.world.ctx.clock().getTime() + 5 * DAY + (slotHours(s) + 1) * 3_600_000).toISOString(),
        assignedEmployees: [(s.target === 'mixed' ? s.foreign : s).employee.id],
        ...(s.role === 'admin' || s.target === 'other' ? { companyId: s.company.id } : {}),
        // The slots are hours apart: the rest rule warns, and isolation is what this row is about.
        acknowledgeWarnings: true,
      },
    }),
    expect: { employee: 403, supervisor: refusedMix(201, 422), admin: { own: 201, same: 201, other: 201, mixed: 422 } },
  }),
  row('PUT /api/events/:id', {
    targets: WITH_MIXED,
    note: "mixed = an own event re-staffed with the other company's employee.",
    fresh: (s) => s.world.make.event(s.company),
    request: (s, event) => ({
      url: `/api/events/${(event ?? s.company.events.scheduled).id}`,
      payload: {
        name: 'Evento editado',
        location: 'Plaza Mayor',
        date: new Date(s.world.ctx.clock().getTime() + 6 * DAY + slotHours(s) * 3_600_000).toISOString(),
        endDate: new Date(s.world.ctx.clock().getTime() + 6 * DAY + (slotHours(s) + 1) * 3_600_000).toISOString(),
        ...(s.target === 'mixed' ? { assignedEmployees: [s.foreign.employee.id] } : {}),
        acknowledgeWarnings: true,
      },
    }),
    expect: { employee: 403, supervisor: { own: 200, same: 200, other: 404, mixed: 422 }, admin: { own: 200, same: 200, other: 200, mixed: 422 } },
  }),
  row('DELETE /api/events/:id', {
    fresh: (s) => s.world.make.event(s.company),
    request: (s, event) => ({ url: `/api/events/${(event ?? s.company.events.scheduled).id}` }),
    expect: managers(200),
  }),
  row('PUT /api/events/:id/assignments', {
    targets: WITH_MIXED,
    fresh: (s) => s.world.make.event(s.company),
    request: (s, event) => ({
      url: `/api/events/${(event ?? s.company.events.scheduled).id}/assignments`,
      payload: { assignedEmployees: [(s.target === 'mixed' ? s.foreign : s).employee.id] },
    }),
    expect: { employee: 403, supervisor: refusedMix(200, 422, 404), admin: { own: 200, same: 200, other: 200, mixed: 422 } },
  }),
  // Decision 046: one's own pending assignment (a fresh event the actor is asked to accept); a colleague's or another company's answers 404.
  ...(['accept', 'decline'] as const).map((answer) =>
    row(`POST /api/events/:id/${answer}`, {
      fresh: async (s) => {
        const event = await s.world.make.event(s.company, [s.actor!.id]);
        await s.world.ctx.db.updateTable('event_assignments').set({ state: 'pending' }).where('event_id', '=', event.id).execute();
        return event;
      },
      request: (s, event) => ({ url: `/api/events/${(event ?? s.company.events.colleagueActive).id}/${answer}`, payload: answer === 'decline' ? { reason: 'Estoy enfermo' } : undefined }),
      expect: holders({ own: 200, same: 404, other: 404 }),
    }),
  ),
  // Decision 052: the event's assignment history, a manager's read like the event itself.
  row('GET /api/events/:id/assignment-history', { request: (s) => ({ url: `/api/events/${s.company.events.scheduled.id}/assignment-history` }), expect: managers(200) }),
  row('POST /api/events/:id/finish', {
    fresh: (s) => s.world.make.event(s.company, undefined, 'active'),
    request: (s, event) => ({ url: `/api/events/${(event ?? s.company.events.active).id}/finish` }),
    expect: managers(200),
  }),
  row('GET /api/events/:id/venue-code', {
    note: "The event's key is made the first time its code is shown.",
    getMayWrite: ['events'],
    request: (s) => ({ url: `/api/events/${s.company.events.active.id}/venue-code` }),
    expect: managers(200),
  }),
  row('GET /api/overview/summary', { targets: ALL, request: (s) => ({ url: `/api/overview/summary${q({ companyId: s.company.id })}` }), expect: signedIn(200) }),

  // ---- Clock-in and time records -----------------------------------------------------------------------
  row('GET /api/time-records/active', { request: () => ({ url: '/api/time-records/active' }), expect: holders(200) }),
  row('GET /api/time-records/clockable-events', { request: () => ({ url: '/api/time-records/clockable-events' }), expect: holders(200) }),
  row('GET /api/time-records/mine', { request: () => ({ url: '/api/time-records/mine' }), expect: holders(200) }),
  row('GET /api/my-hours', { request: (s) => ({ url: `/api/my-hours${q({ month: s.world.month })}` }), expect: holders(200) }),
  row('POST /api/time-records/start', {
    targets: ALL,
    note: "same = an event the colleague alone is assigned to: an Empleado may not clock in there, a Supervisor may (decision 009); other = the other company's event.",
    fresh: async (s) => {
      if (s.actor) await s.world.make.noActiveTimer(s.actor);
    },
    request: (s) => ({
      url: '/api/time-records/start',
      payload: { eventId: (s.target === 'same' ? s.company.events.colleagueActive : s.company.events.active).id, location: HERE },
    }),
    expect: { employee: { own: 201, same: 404, other: 404 }, supervisor: { own: 201, same: 201, other: 404 }, admin: 403 },
  }),
  row('POST /api/time-records/offline-punches', {
    targets: ALL,
    note: "A clock-in queued offline, judged like the online one: same = the colleague's event, other = the other company's event. Made at the server's 'now', so the record that noActiveTimer closed at 'now' does not cover it.",
    fresh: async (s) => {
      if (s.actor) await s.world.make.noActiveTimer(s.actor);
    },
    request: (s) => ({
      url: '/api/time-records/offline-punches',
      payload: {
        clientId: randomUUID(),
        kind: 'entrada',
        eventId: (s.target === 'same' ? s.company.events.colleagueActive : s.company.events.active).id,
        phoneTime: s.world.ctx.clock().toISOString(),
        serverAnchor: null,
        location: HERE,
      },
    }),
    expect: { employee: { own: 201, same: 404, other: 404 }, supervisor: { own: 201, same: 201, other: 404 }, admin: 403 },
  }),
  row('POST /api/time-records/:id/stop', {
    fresh: async (s) => (s.actor ? s.world.make.activeTimer(s.actor, s.company) : undefined),
    request: (s, record) => ({ url: `/api/time-records/${(record ?? s.personal.record).id}/stop`, payload: { location: HERE } }),
    expect: holders({ own: 200, same: 404, other: 404 }),
  }),
  row('GET /api/time-records', { targets: ALL, request: (s) => ({ url: `/api/time-records${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/time-records/filter-options', { targets: ALL, request: (s) => ({ url: `/api/time-records/filter-options${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),

  // ---- Material and loans ----------------------------------------------------------------------------
  row('GET /api/material', { targets: ALL, request: (s) => ({ url: `/api/material${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('POST /api/material', {
    targets: ALL,
    request: (s) => ({
      url: '/api/material',
      payload: { name: `Guantes ${s.world.make.unique()}`, items: [{ size: 'S', quantity: 3 }], ...(s.role === 'admin' || s.target === 'other' ? { companyId: s.company.id } : {}) },
    }),
    expect: managers(201, refusedReference(201)),
  }),
  row('POST /api/material/:id/items', {
    fresh: (s) => s.world.make.material(s.company),
    request: (s, material) => ({ url: `/api/material/${(material ?? s.company.material).id}/items`, payload: { size: 'XL', quantity: 2 } }),
    expect: managers(201),
  }),
  row('PUT /api/material/:id/items/:itemId', {
    fresh: (s) => s.world.make.material(s.company),
    request: (s, material) => {
      const target = material ?? s.company.material;
      return { url: `/api/material/${target.id}/items/${target.itemId}`, payload: { quantity: 7 } };
    },
    expect: managers(200),
  }),
  row('DELETE /api/material/:id', {
    fresh: (s) => s.world.make.material(s.company),
    request: (s, material) => ({ url: `/api/material/${(material ?? s.company.material).id}` }),
    expect: managers(200),
  }),
  row('GET /api/material-loans', { targets: ALL, request: (s) => ({ url: `/api/material-loans${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/material-loans/employees', {
    targets: ALL,
    request: (s) => ({ url: `/api/material-loans/employees${q({ companyId: s.company.id })}` }),
    expect: managers(200, false),
  }),
  row('POST /api/material-loans', {
    targets: WITH_MIXED,
    note: "mixed = an own employee lent the other company's material.",
    request: (s) => {
      const material = (s.target === 'mixed' ? s.foreign : s.company).material;
      return { url: '/api/material-loans', payload: { employeeId: s.employee.id, items: [{ materialId: material.id, size: material.size, quantity: 1 }] } };
    },
    expect: { employee: 403, supervisor: refusedMix(201, 422), admin: { own: 201, same: 201, other: 201, mixed: 422 } },
  }),
  row('POST /api/material-loans/:id/return-request', {
    fresh: (s) => s.world.make.loan(s.company, s.employee, 'confirmed'),
    request: (s, loan) => ({ url: `/api/material-loans/${(loan ?? s.person.loans.confirmed).id}/return-request` }),
    expect: managers(200),
  }),
  row('GET /api/material-loans/mine', { request: () => ({ url: '/api/material-loans/mine' }), expect: { employee: 200, supervisor: 403, admin: 403 } }),
  row('POST /api/material-loans/:id/confirm', {
    fresh: (s) => s.world.make.loan(s.company, s.employee, 'pending'),
    request: (s, loan) => ({ url: `/api/material-loans/${(loan ?? s.person.loans.pending).id}/confirm`, payload: { signature: SIGNATURE } }),
    expect: ownEmployee(200),
  }),
  row('POST /api/material-loans/:id/deny', {
    fresh: (s) => s.world.make.loan(s.company, s.employee, 'pending'),
    request: (s, loan) => ({ url: `/api/material-loans/${(loan ?? s.person.loans.pending).id}/deny` }),
    expect: ownEmployee(200),
  }),
  row('POST /api/material-loans/:id/return', {
    fresh: (s) => s.world.make.loan(s.company, s.employee, 'returnRequested'),
    request: (s, loan) => ({ url: `/api/material-loans/${(loan ?? s.person.loans.returnRequested).id}/return` }),
    expect: ownEmployee(200),
  }),
  row('GET /api/material-loans/:id/signature', {
    request: (s) => ({ url: `/api/material-loans/${s.person.loans.confirmed.id}/signature` }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: isolated(200), admin: 200 },
  }),

  // ---- Vacations -----------------------------------------------------------------------------------
  row('GET /api/vacations', { targets: ALL, request: (s) => ({ url: `/api/vacations${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/vacations/employees', { targets: ALL, request: (s) => ({ url: `/api/vacations/employees${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('POST /api/vacations', {
    targets: ALL,
    request: (s) => ({ url: '/api/vacations', payload: { employeeId: s.employee.id, dates: [s.world.make.vacationDay()] } }),
    expect: managers(201, refusedReference(201)),
  }),
  row('POST /api/vacations/:id/approve', {
    fresh: (s) => s.world.make.vacation(s.company, s.employee, 'pending'),
    request: (s, vacation) => ({ url: `/api/vacations/${(vacation ?? s.person.vacations.pending).id}/approve` }),
    expect: managers(200),
  }),
  row('POST /api/vacations/:id/reject', {
    fresh: (s) => s.world.make.vacation(s.company, s.employee, 'pending'),
    request: (s, vacation) => ({ url: `/api/vacations/${(vacation ?? s.person.vacations.pending).id}/reject` }),
    expect: managers(200),
  }),
  row('DELETE /api/vacations/:id', {
    fresh: (s) => s.world.make.vacation(s.company, s.employee, 'processed'),
    request: (s, vacation) => ({ url: `/api/vacations/${(vacation ?? s.person.vacations.processed).id}` }),
    expect: managers(200),
  }),
  row('GET /api/my-vacations', { request: () => ({ url: '/api/my-vacations' }), expect: holders(200) }),
  row('POST /api/my-vacations', {
    request: (s) => ({ url: '/api/my-vacations', payload: { dates: [s.world.make.vacationDay()] } }),
    expect: { employee: 201, supervisor: 403, admin: 403 },
  }),
  row('POST /api/my-vacations/:id/confirm', {
    fresh: (s) => s.world.make.vacation(s.company, s.employee, 'proposed'),
    request: (s, vacation) => ({ url: `/api/my-vacations/${(vacation ?? s.person.vacations.proposed).id}/confirm`, payload: { signature: SIGNATURE } }),
    expect: ownEmployee(200),
  }),
  row('POST /api/my-vacations/:id/reject', {
    fresh: (s) => s.world.make.vacation(s.company, s.employee, 'proposed'),
    request: (s, vacation) => ({ url: `/api/my-vacations/${(vacation ?? s.person.vacations.proposed).id}/reject` }),
    expect: ownEmployee(200),
  }),

  // ---- Documents and signatures ----------------------------------------------------------------------
  row('GET /api/my-documents', { request: () => ({ url: '/api/my-documents' }), expect: holders(200) }),
  row('PUT /api/my-documents/:documentId/text', {
    note: "A required document is the company's category's: same = own; another company's document is not found.",
    request: (s) => ({ url: `/api/my-documents/${s.company.docs.text}/text`, payload: { value: `TIP ${s.actor?.companyId === s.company.id ? s.company.marker : 'ajeno'}` } }),
    expect: holders({ own: 200, other: 404 }),
  }),
  row('PUT /api/my-documents/:documentId/photo', {
    request: (s) => ({ url: `/api/my-documents/${s.company.docs.photo}/photo`, ...photoUpload('dni.png') }),
    expect: holders({ own: 200, other: 404 }),
  }),
  row('GET /api/my-documents/:documentId/photo', {
    request: (s) => ({ url: `/api/my-documents/${s.company.docs.photo}/photo` }),
    expect: holders({ own: 200, other: 404 }),
  }),
  row('GET /api/my-signature', { request: () => ({ url: '/api/my-signature' }), expect: holders(200) }),
  row('PUT /api/my-signature', { request: () => ({ url: '/api/my-signature', payload: { signature: SIGNATURE } }), expect: holders(200) }),
  row('GET /api/my-signature/image', { request: () => ({ url: '/api/my-signature/image' }), expect: holders(200) }),
  row('GET /api/employees/:id/documents', { request: (s) => ({ url: `/api/employees/${s.employee.id}/documents` }), expect: managers(200) }),
  row('GET /api/employees/:id/documents/:documentId/photo', {
    request: (s) => ({ url: `/api/employees/${s.employee.id}/documents/${s.company.docs.photo}/photo` }),
    expect: managers(200),
  }),

  // ---- Work reports ----------------------------------------------------------------------------------
  row('GET /api/work-reports/pending', { request: () => ({ url: '/api/work-reports/pending' }), expect: holders(200) }),
  row('GET /api/work-reports', { request: () => ({ url: '/api/work-reports' }), expect: holders(200) }),
  row('POST /api/work-reports', {
    targets: ALL,
    note: "same = a finished event only the colleague worked; other = the other company's finished event.",
    fresh: async (s) => (s.actor ? s.world.make.reportableEvent(s.company, s.actor) : undefined),
    request: (s, event) => ({
      url: '/api/work-reports',
      ...multipart({ eventId: (event ?? (s.target === 'same' ? s.company.events.colleagueFinished : s.company.events.finished)).id, observations: 'Todo en orden', signature: SIGNATURE }),
    }),
    expect: holders({ own: 201, same: 422, other: 422 }),
  }),
  row('GET /api/work-reports/signature', { request: () => ({ url: '/api/work-reports/signature' }), expect: holders(200) }),
  row('GET /api/work-reports/signature/image', { request: () => ({ url: '/api/work-reports/signature/image' }), expect: holders(200) }),
  row('GET /api/work-reports/:id/signature', {
    request: (s) => ({ url: `/api/work-reports/${s.personal.report.id}/signature` }),
    expect: holders({ own: 200, same: 404, other: 404 }),
  }),
  row('GET /api/employee-reports', { targets: ALL, request: (s) => ({ url: `/api/employee-reports${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/employee-reports/filter-options', { targets: ALL, request: (s) => ({ url: `/api/employee-reports/filter-options${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/employee-reports/:id', { request: (s) => ({ url: `/api/employee-reports/${s.person.report.id}` }), expect: managers(200) }),
  row('GET /api/employee-reports/:id/signature', { request: (s) => ({ url: `/api/employee-reports/${s.person.report.id}/signature` }), expect: managers(200) }),
  row('GET /api/employee-reports/:id/attachments/:fileId', {
    request: (s) => ({ url: `/api/employee-reports/${s.person.report.id}/attachments/${s.person.report.attachmentId}` }),
    expect: managers(200),
  }),

  // ---- Payments and the monthly export -----------------------------------------------------------------
  row('GET /api/payments', { targets: ALL, request: (s) => ({ url: `/api/payments${q({ month: s.world.month, companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('POST /api/payments', {
    targets: ALL,
    fresh: (s) => s.world.make.user('Empleado', s.company.id),
    request: (s, user) => ({ url: '/api/payments', payload: { userId: (user ?? s.employee).id, month: s.world.month } }),
    expect: managers(201, refusedReference(201)),
  }),
  row('GET /api/pay-rules', { targets: ALL, request: (s) => ({ url: `/api/pay-rules${q({ companyId: s.company.id })}` }), expect: managers(200) }),
  row('PUT /api/pay-rules', {
    targets: WITH_MIXED,
    note: "A category override names the target company's category; `mixed` smuggles the other company's category into the actor's own rules (422).",
    request: (s) => ({
      url: '/api/pay-rules',
      payload: {
        nightWindow: { start: '22:00', end: '06:00' },
        nightPlusPerHourCents: 150,
        holidayPlusPerHourCents: 0,
        sundaysAreHolidays: false,
        nightHoliday: 'both',
        overtime: { kind: 'multiplier', factor: 1.75 },
        conceptCodes: { ordinary: '001', night: '010', holiday: '011', overtime: '020' },
        categories: [{ categoryId: (s.target === 'mixed' ? s.foreign : s.company).category.id, monthlyPluses: [{ name: 'Plus de transporte', cents: 5000 }] }],
        companyId: s.company.id,
      },
    }),
    expect: { employee: 403, supervisor: refusedMix(200, 422), admin: { own: 200, same: 200, other: 200, mixed: 422 } },
  }),
  row('GET /api/payroll', { targets: ALL, request: (s) => ({ url: `/api/payroll${q({ month: s.world.month, companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('GET /api/payroll/export', {
    targets: ALL,
    note: "Unlike GET /api/payroll, a supervisor naming another company gets 404 (as the registro's downloads). CSV, so the marker check reads the body (an XLSX is zipped). Each download is logged.",
    getMayWrite: ['action_log'],
    request: (s) => ({ url: `/api/payroll/export${q({ month: s.world.month, companyId: s.company.id, format: 'csv' })}` }),
    expect: managers(200),
  }),
  row('GET /api/payroll/mine', {
    targets: ALL,
    note: "'Mis Horas': the caller's own line. Only the month is read; the userId and companyId smuggled in are ignored, so no target reaches anyone else's figures.",
    request: (s) => ({ url: `/api/payroll/mine${q({ month: s.world.month, userId: s.employee.id, companyId: s.company.id })}` }),
    expect: holders(200),
  }),
  row('POST /api/payroll/close', {
    targets: ALL,
    note: 'Closing a closed month answers its snapshot (200), so repeated runs agree; a supervisor always closes their own company.',
    request: (s) => ({ url: '/api/payroll/close', payload: { month: s.world.month, companyId: s.company.id } }),
    expect: managers(200, false),
  }),
  row('POST /api/payroll/reopen', {
    targets: ALL,
    request: (s) => ({ url: '/api/payroll/reopen', payload: { month: s.world.month, companyId: s.company.id } }),
    expect: managers(200, false),
  }),
  row('GET /api/export', {
    note: "The export is always the caller's own company; an administrator has none (422). Each download is written to the action log (an audit entry, not a change of data).",
    getMayWrite: ['action_log'],
    request: (s) => ({ url: `/api/export${q({ month: s.world.month })}` }),
    expect: { employee: 403, supervisor: 200, admin: 422 },
  }),

  // ---- Access links for the Labour Inspection (decision 014) --------------------------------------------
  row('GET /api/access-links', { targets: ALL, request: (s) => ({ url: `/api/access-links${q({ companyId: s.company.id })}` }), expect: managers(200, false) }),
  row('POST /api/access-links', {
    targets: ALL,
    request: (s) => {
      const today = new Date(s.world.ctx.clock().getTime()).toISOString().slice(0, 10);
      return {
        url: '/api/access-links',
        payload: { from: today, to: today, expiresInDays: 3, purpose: 'Inspección de Trabajo', ...(s.role === 'admin' || s.target === 'other' ? { companyId: s.company.id } : {}) },
      };
    },
    expect: managers(201, refusedReference(201)),
  }),
  row('POST /api/access-links/:id/revoke', {
    fresh: (s) => s.world.make.accessLink(s.company),
    request: (s, link) => ({ url: `/api/access-links/${(link ?? s.company.accessLink)?.id}/revoke` }),
    expect: managers(200),
  }),
  row('GET /api/access-links/:id/uses', { request: (s) => ({ url: `/api/access-links/${s.company.accessLink?.id}/uses` }), expect: managers(200) }),
  row('GET /api/public/access/:token', {
    targets: ['own'],
    note: "No session: the token is the authority. Every actor presents its own company's token (a token of the other company shows that company, by design). Each view is logged as a use.",
    getMayWrite: ['access_link_uses', 'action_log'],
    request: (s) => ({ url: `/api/public/access/${s.company.accessLink?.token}` }),
    expect: publicRoute(200),
  }),

  // ---- Registro de jornada: rules, monthly records and signing (issue 11 parts 4 and 6) ------------------
  row('GET /api/registro/rules', { targets: ALL, request: (s) => ({ url: `/api/registro/rules${q({ companyId: s.company.id })}` }), expect: managers(200) }),
  row('PUT /api/registro/rules', {
    targets: ALL,
    request: (s) => ({ url: '/api/registro/rules', payload: { maxDailyHours: 9, minRestHours: 12, maxYearlyOvertimeHours: 80, maxMonthlyHours: null, companyId: s.company.id } }),
    expect: managers(200, refusedReference(200)),
  }),
  // ---- Calendario laboral (issue 26 part 1): as 'Normas de Jornada' ------------------------------------
  row('GET /api/holidays', { targets: ALL, request: (s) => ({ url: `/api/holidays${q({ year: '2027', companyId: s.company.id })}` }), expect: managers(200) }),
  row('POST /api/holidays', {
    targets: ALL,
    request: (s) => ({ url: '/api/holidays', payload: { date: s.world.make.holidayDay(), name: 'Fiesta local', kind: 'local', companyId: s.company.id } }),
    expect: managers(201, refusedReference(201)),
  }),
  row('DELETE /api/holidays/:id', {
    fresh: (s) => s.world.make.holiday(s.company),
    request: (s, holiday) => ({ url: `/api/holidays/${(holiday ?? s.company.holiday ?? { id: 'hol-none' }).id}` }),
    expect: managers(200),
  }),
  row('PUT /api/holidays/national/:date', {
    targets: ALL,
    request: (s) => ({ url: '/api/holidays/national/2027-01-06', payload: { excluded: true, companyId: s.company.id } }),
    expect: managers(200, refusedReference(200)),
  }),
  // ---- Titulaciones and Caducidades (issue 27 item 6, decision 042) ----------------------------------
  row('GET /api/qualification-types', { targets: ALL, request: (s) => ({ url: `/api/qualification-types${q({ companyId: s.company.id })}` }), expect: managers(200) }),
  row('POST /api/qualification-types', {
    targets: ALL,
    request: (s) => ({ url: '/api/qualification-types', payload: { name: `Titulación ${++qualificationTypeNames}`, companyId: s.company.id } }),
    expect: managers(201, refusedReference(201)),
  }),
  row('DELETE /api/qualification-types/:id', {
    fresh: (s) => s.world.make.qualificationType(s.company),
    request: (s, type) => ({ url: `/api/qualification-types/${(type ?? { id: s.company.qualifications!.typeId }).id}` }),
    expect: managers(200),
  }),
  row('GET /api/qualification-requirements', { targets: ALL, request: (s) => ({ url: `/api/qualification-requirements${q({ companyId: s.company.id })}` }), expect: managers(200) }),
  row('PUT /api/qualification-requirements/categories/:id', {
    targets: ALL,
    request: (s) => ({ url: `/api/qualification-requirements/categories/${s.company.category.id}`, payload: { companyId: s.company.id, requirements: [] } }),
    expect: managers(200, refusedReference(200)),
  }),
  row('GET /api/events/:id/qualification-requirements', { request: (s) => ({ url: `/api/events/${s.company.events.scheduled.id}/qualification-requirements` }), expect: managers(200) }),
  row('GET /api/employees/:id/qualifications', { request: (s) => ({ url: `/api/employees/${s.employee.id}/qualifications` }), expect: managers(200) }),
  row('POST /api/employees/:id/qualifications', {
    request: (s) => ({ url: `/api/employees/${s.employee.id}/qualifications`, payload: { typeId: s.company.qualifications!.typeId, number: `Nº ${s.company.marker}` } }),
    expect: managers(201),
  }),
  row('PUT /api/qualifications/:id', {
    request: (s) => ({
      url: `/api/qualifications/${s.company.qualifications!.byUser[s.employee.id]!.id}`,
      payload: { typeId: s.company.qualifications!.typeId, number: `TIP ${s.company.marker}`, expiresOn: '2027-01-31' },
    }),
    expect: managers(200),
  }),
  row('DELETE /api/qualifications/:id', {
    fresh: (s) => s.world.make.qualification(s.company),
    request: (s, made) => ({ url: `/api/qualifications/${(made ?? s.company.qualifications!.byUser[s.employee.id]!).id}` }),
    expect: managers(200),
  }),
  row('PUT /api/qualifications/:id/photo', {
    request: (s) => ({ url: `/api/qualifications/${s.company.qualifications!.byUser[s.employee.id]!.id}/photo`, ...photoUpload('tip.png') }),
    expect: managers(200),
  }),
  row('GET /api/qualifications/:id/photo', {
    request: (s) => ({ url: `/api/qualifications/${s.company.qualifications!.byUser[s.employee.id]!.id}/photo` }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: isolated(200), admin: 200 },
  }),
  row('GET /api/my-qualifications', { request: () => ({ url: '/api/my-qualifications' }), expect: holders(200) }),
  // Decision 052: swaps and offers. The holder's own shift (a colleague's or another company's is not found).
  row('GET /api/shift-swaps/options', {
    targets: ALL,
    request: (s) => ({ url: `/api/shift-swaps/options${q({ eventId: (s.target === 'own' ? s.company.events.scheduled : s.company.events.colleagueActive).id })}` }),
    expect: holders({ own: 200, same: 404, other: 404 }),
  }),
  row('GET /api/shift-swaps/mine', { request: () => ({ url: '/api/shift-swaps/mine' }), expect: holders(200) }),
  row('POST /api/shift-swaps', {
    targets: ALL,
    fresh: (s) => s.world.make.swapShift(s.company, s.actor!.id),
    request: (s, shift) => ({ url: '/api/shift-swaps', payload: { kind: 'offer', eventId: (shift ?? s.company.events.colleagueActive).id } }),
    expect: holders({ own: 201, same: 404, other: 404 }),
  }),
  row('POST /api/shift-swaps/:id/take', {
    note: "own: an open offer of the colleague's, which the actor takes; same: a swap proposed to the colleague (not the actor's to take).",
    fresh: (s) => s.world.make.swap(s.company, { state: 'open', from: s.company.colleague.id, to: null }),
    request: (s, swap) => ({ url: `/api/shift-swaps/${(swap ?? s.company.swaps!.proposedToColleague).id}/take` }),
    expect: holders({ own: 200, same: 404, other: 404 }),
  }),
  row('POST /api/shift-swaps/:id/cancel', {
    fresh: (s) => s.world.make.swap(s.company, { state: 'open', from: s.actor!.id, to: null }),
    request: (s, swap) => ({ url: `/api/shift-swaps/${(swap ?? s.company.swaps!.colleagueOffer).id}/cancel` }),
    expect: holders({ own: 200, same: 404, other: 404 }),
  }),
  row('GET /api/shift-swaps', { targets: ALL, request: (s) => ({ url: `/api/shift-swaps${q({ companyId: s.company.id })}` }), expect: managers(200) }),
  ...(['approve', 'reject'] as const).map((decision) =>
    row(`POST /api/shift-swaps/:id/${decision}`, {
      fresh: (s) => s.world.make.swap(s.company, { state: 'taken', from: s.company.colleague.id, to: s.company.employee.id }),
      request: (s, swap) => ({ url: `/api/shift-swaps/${(swap ?? s.company.swaps!.taken).id}/${decision}` }),
      expect: managers(200),
    }),
  ),
  // Decision 045: the roster ('Cuadrante'), a manager's read of their company (the admin names it).
  row('GET /api/roster', { targets: ALL, request: (s) => ({ url: `/api/roster${q({ from: '2026-11-23', to: '2026-11-29', companyId: s.company.id })}` }), expect: managers(200) }),
  row('GET /api/roster/week.pdf', { targets: ALL, request: (s) => ({ url: `/api/roster/week.pdf${q({ from: '2026-11-23', companyId: s.company.id })}` }), expect: managers(200) }),
  row('POST /api/roster/copy-week', {
    targets: ALL,
    note: 'A supervisor naming another company in the body is refused (422), as every body reference.',
    request: (s) => ({ url: '/api/roster/copy-week', payload: { from: '2026-11-23', companyId: s.company.id } }),
    expect: managers(200, { own: 200, same: 200, other: 422 }),
  }),
  row('GET /api/qualifications/expiring', { targets: ALL, request: (s) => ({ url: `/api/qualifications/expiring${q({ companyId: s.company.id })}` }), expect: managers(200) }),
  // Decision 044: 'Mi Disponibilidad'; a supervisor reads an employee's, as the company's people data.
  // Decision 051: open shifts. Claimed by who can be assigned ('Mis Turnos'), published and decided by event managers.
  row('GET /api/open-shifts', { request: () => ({ url: '/api/open-shifts' }), expect: holders(200) }),
  row('POST /api/open-shifts/:id/claim', {
    targets: ALL,
    fresh: (s) => openShiftEvent(s, s.company, 20 * DAY),
    request: (s, made) => ({ url: `/api/open-shifts/${(made?.event ?? s.company.events.scheduled).id}/claim`, payload: { categoryId: s.company.category.id } }),
    expect: holders({ own: 201, same: 201, other: 404 }),
  }),
  row('GET /api/events/:id/open-places', { request: (s) => ({ url: `/api/events/${s.company.events.scheduled.id}/open-places` }), expect: managers(200) }),
  row('PUT /api/events/:id/open-places', {
    targets: WITH_MIXED,
    fresh: (s) => s.world.make.event(s.company, []),
    request: (s, event) => ({ url: `/api/events/${(event ?? s.company.events.scheduled).id}/open-places`, payload: { places: [{ categoryId: (s.target === 'mixed' ? s.foreign : s.company).category.id, places: 3 }] } }),
    expect: { employee: 403, supervisor: refusedMix(200, 422, 404), admin: { own: 200, same: 200, other: 200, mixed: 422 } },
  }),
  ...(['approve', 'reject'] as const).map((decision) =>
    row(`POST /api/open-shift-claims/:id/${decision}`, {
      targets: ALL,
      fresh: (s) => openShiftEvent(s, s.company, 20 * DAY + 6 * 3_600_000, s.employee),
      request: (s, made) => ({ url: `/api/open-shift-claims/${(made?.claim ?? s.company.openShiftClaim!).id}/${decision}` }),
      expect: managers(200),
    }),
  ),
  row('GET /api/my-unavailability', { request: () => ({ url: '/api/my-unavailability' }), expect: holders(200) }),
  row('POST /api/my-unavailability', {
    request: (s) => ({ url: '/api/my-unavailability', payload: { kind: 'dates', startDate: '2029-03-01', endDate: '2029-03-02', allDay: false, startTime: '08:00', endTime: '09:00', note: `Nota ${s.company.marker}` } }),
    expect: holders(201),
  }),
  row('DELETE /api/my-unavailability/:id', {
    fresh: (s) => s.world.make.unavailability(s.actor!),
    request: (s, made) => ({ url: `/api/my-unavailability/${(made ?? s.company.unavailability![s.employee.id]!).id}` }),
    expect: holders({ own: 200, same: 404, other: 404 }),
  }),
  row('GET /api/employees/:id/unavailability', { request: (s) => ({ url: `/api/employees/${s.employee.id}/unavailability` }), expect: managers(200) }),
  row('GET /api/registro/mine', { request: (s) => ({ url: `/api/registro/mine${q({ month: s.world.month })}` }), expect: holders(200) }),
  row('GET /api/registro/mine/download', {
    note: 'Each download is written to the action log (an audit entry, not a change of data).',
    getMayWrite: ['action_log', 'registro_chain_anchors'],
    request: (s) => ({ url: `/api/registro/mine/download${q({ month: s.world.month, format: 'csv' })}` }),
    expect: holders(200),
  }),
  row('POST /api/registro/mine/sign', {
    note: 'A month is signed once: a throwaway user of the actor\'s role and company signs the month before the current one.',
    fresh: throwawayActor,
    request: (s, user) => {
      const [year, month] = s.world.month.split('-').map(Number) as [number, number];
      const previous = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
      return { url: '/api/registro/mine/sign', payload: { month: previous, signature: SIGNATURE }, ...(user ? { cookie: user.cookie } : {}) };
    },
    expect: holders(201),
  }),
  row('GET /api/registro/company', { targets: ALL, request: (s) => ({ url: `/api/registro/company${q({ month: s.world.month, companyId: s.company.id })}` }), expect: managers(200) }),
  row('GET /api/registro/company/download', {
    targets: ALL,
    getMayWrite: ['action_log', 'registro_chain_anchors'],
    request: (s) => ({ url: `/api/registro/company/download${q({ month: s.world.month, companyId: s.company.id, format: 'csv' })}` }),
    expect: managers(200),
  }),
  row('GET /api/registro/employees/:userId', { request: (s) => ({ url: `/api/registro/employees/${s.employee.id}${q({ month: s.world.month })}` }), expect: managers(200) }),
  row('GET /api/registro/employees/:userId/download', {
    getMayWrite: ['action_log', 'registro_chain_anchors'],
    request: (s) => ({ url: `/api/registro/employees/${s.employee.id}/download${q({ month: s.world.month, format: 'pdf' })}` }),
    expect: managers(200),
  }),

  row('GET /api/public/access/:token/download', {
    targets: ['own'],
    note: 'As the link page: the token is the authority; every download is logged as a use.',
    getMayWrite: ['access_link_uses', 'action_log', 'registro_chain_anchors'],
    request: (s) => ({ url: `/api/public/access/${s.company.accessLink?.token}/download?format=csv` }),
    expect: publicRoute(200),
  }),

  // ---- Corrections of the registro de jornada (issue 11) -----------------------------------------------
  row('GET /api/corrections', { targets: ALL, request: (s) => ({ url: `/api/corrections${q({ companyId: s.company.id })}` }), expect: signedIn(200) }),
  row('GET /api/corrections/summary', { request: () => ({ url: '/api/corrections/summary' }), expect: signedIn(200) }),
  row('GET /api/corrections/sin-cierre', { request: () => ({ url: '/api/corrections/sin-cierre' }), expect: signedIn(200) }),
  row('GET /api/time-records/:id/corrections', {
    request: (s) => ({ url: `/api/time-records/${s.personal.record.id}/corrections` }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: isolated(200), admin: 200 },
  }),
  row('POST /api/time-records/:id/corrections', {
    note: "The worker proposes on their own record, the company side (supervisor, admin) on its workers'; the record is fresh so no correction is pending on it.",
    fresh: (s) => s.world.make.completedRecord(recordOwner(s), s.company),
    request: (s, record) => ({
      url: `/api/time-records/${(record ?? s.personal.record).id}/corrections`,
      payload: { startTime: s.world.make.correctedStart(), reason: 'Olvidé fichar a tiempo' },
    }),
    expect: { employee: { own: 201, same: 404, other: 404 }, supervisor: isolated(201), admin: 201 },
  }),
  row('POST /api/corrections/:id/approve', {
    note: 'Only the other side decides: an Empleado approves the company\'s proposal on their record (with a signature), a supervisor or admin a worker\'s proposal.',
    fresh: (s) => (s.role === 'employee' && s.actor ? s.world.make.correction(s.actor, s.company.supervisor, s.company) : s.world.make.correction(s.employee, s.employee, s.company)),
    request: (s, correction) => ({ url: `/api/corrections/${(correction ?? s.person.correction)?.id}/approve`, payload: { signature: SIGNATURE } }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: isolated(200), admin: 200 },
  }),
  row('POST /api/corrections/:id/reject', {
    fresh: (s) => (s.role === 'employee' && s.actor ? s.world.make.correction(s.actor, s.company.supervisor, s.company) : s.world.make.correction(s.employee, s.employee, s.company)),
    request: (s, correction) => ({ url: `/api/corrections/${(correction ?? s.person.correction)?.id}/reject`, payload: { note: 'No coincide' } }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: isolated(200), admin: 200 },
  }),
  row('POST /api/corrections/:id/withdraw', {
    note: 'Only the proposer withdraws: the fresh correction is proposed by the actor (on its own record, or as the company side on the target employee\'s).',
    fresh: (s) => (s.actor ? s.world.make.correction(recordOwner(s), s.actor, s.company) : Promise.resolve(undefined)),
    request: (s, correction) => ({ url: `/api/corrections/${(correction ?? s.person.correction)?.id}/withdraw` }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: isolated(200), admin: 200 },
  }),
  row('GET /api/corrections/missing-records/events', {
    note: "The events a missing record may name: the worker's own, or a worker of the company for the company side.",
    request: (s) => ({ url: `/api/corrections/missing-records/events${q({ userId: recordOwner(s).id })}` }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: isolated(200), admin: 200 },
  }),
  row('POST /api/corrections/missing-records', {
    note: "'Alta de fichaje': the worker for themselves, the company side for its workers; the fresh event is a finished one the target worker was assigned to, the interval a distinct past hour per actor.",
    fresh: (s) => s.world.make.event(s.company, [recordOwner(s).id], 'finished'),
    request: (s, event) => {
      const start = s.world.ctx.clock().getTime() - 6 * DAY + slotHours(s) * 3_600_000;
      return {
        url: '/api/corrections/missing-records',
        payload: {
          userId: recordOwner(s).id,
          eventId: (event ?? s.company.events.finished).id,
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + 3_600_000).toISOString(),
          reason: 'Olvidé fichar',
        },
      };
    },
    expect: { employee: { own: 201, same: 404, other: 404 }, supervisor: isolated(201), admin: 201 },
  }),
  row('POST /api/registro-integrity/verify', {
    note: 'Reads every company\'s chain: platform administrators only; each check is logged.',
    request: () => ({ url: '/api/registro-integrity/verify' }),
    expect: adminOnly(200),
  }),
  // ---- Notifications (decision 033) ----------------------------------------------------------------------
  row('GET /api/notifications', { request: () => ({ url: '/api/notifications?limit=5' }), expect: holders(200) }),
  row('GET /api/notifications/unread-count', { request: () => ({ url: '/api/notifications/unread-count' }), expect: holders(200) }),
  row('POST /api/notifications/read-all', { note: "Only ever the caller's own: there is no target.", request: () => ({ url: '/api/notifications/read-all' }), expect: holders(200) }),
  row('POST /api/notifications/:id/read', {
    note: "The world's vacations notified everyone (proposed: the employees; requested: the supervisors). Only one's own can be marked; a colleague's or another company's is not found.",
    request: async (s) => ({ url: `/api/notifications/${await notificationOf(s)}/read` }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: { own: 200, same: 404, other: 404 }, admin: 403 },
  }),
  // ---- Web Push (decision 037) ------------------------------------------------------------------------
  row('GET /api/push/public-key', {
    note: 'The first ask may make the VAPID key pair and keep it (settings): a server started before this version has none yet.',
    getMayWrite: ['settings'],
    request: () => ({ url: '/api/push/public-key' }),
    expect: holders(200),
  }),
  row('GET /api/push/subscriptions', { note: "Only ever the caller's own devices.", request: () => ({ url: '/api/push/subscriptions' }), expect: holders(200) }),
  row('POST /api/push/subscriptions', {
    note: 'This browser, for the caller: there is no target.',
    request: (s) => ({ url: '/api/push/subscriptions', payload: pushSubscriptionOf(`${s.company.marker}-${s.role}-${s.world.make.unique()}`) }),
    expect: holders(200),
  }),
  row('DELETE /api/push/subscriptions/:id', {
    note: "Only one's own device: a colleague's or another company's is not found. The fresh one is a new browser of the actor.",
    fresh: async (s) => {
      const created = await s.world.ctx.request({ method: 'POST', url: '/api/push/subscriptions', cookie: s.actor!.cookie, payload: pushSubscriptionOf(`${s.company.marker}-fresh-${s.world.make.unique()}`) });
      return { id: (JSON.parse(created.body) as { id: string }).id };
    },
    request: async (s, fresh) => ({ url: `/api/push/subscriptions/${(fresh as { id: string } | undefined)?.id ?? (await pushSubscriptionIdOf(s))}` }),
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: { own: 200, same: 404, other: 404 }, admin: 403 },
  }),
  // ---- Webhooks (issue 28 item 5, decision 050): a company's subscriptions, as 'Calendario laboral' -------
  row('GET /api/webhooks', { targets: ALL, request: (s) => ({ url: `/api/webhooks${q({ companyId: s.company.id })}` }), expect: managers(200) }),
  row('POST /api/webhooks', {
    targets: ALL,
    request: (s) => ({ url: '/api/webhooks', payload: { url: `https://hooks.example.test/${s.company.marker}/${s.world.make.unique()}`, events: ['fichaje.entrada'], companyId: s.company.id } }),
    expect: managers(201, refusedReference(201)),
  }),
  row('DELETE /api/webhooks/:id', {
    fresh: (s) => s.world.make.webhook(s.company),
    request: (s, webhook) => ({ url: `/api/webhooks/${(webhook ?? s.company.webhook ?? { id: 'whk-none' }).id}` }),
    expect: managers(200),
  }),
  row('GET /api/webhooks/:id/deliveries', { request: (s) => ({ url: `/api/webhooks/${(s.company.webhook ?? { id: 'whk-none' }).id}/deliveries` }), expect: managers(200) }),
  row('POST /api/webhooks/:id/test', { request: (s) => ({ url: `/api/webhooks/${(s.company.webhook ?? { id: 'whk-none' }).id}/test` }), expect: managers(202) }),
  // ---- Calendar feed (issue 28 item 6, decision 047): the caller's own address; the public read by its secret --
  row('GET /api/calendar-feed', { note: "Only ever the caller's own address.", request: () => ({ url: '/api/calendar-feed' }), expect: holders(200) }),
  row('POST /api/calendar-feed', { note: "The caller's own address: there is no target.", request: () => ({ url: '/api/calendar-feed' }), expect: holders(201) }),
  row('DELETE /api/calendar-feed', {
    note: "The caller's own address, made fresh for the requests that succeed.",
    fresh: async (s) => s.world.ctx.request({ method: 'POST', url: '/api/calendar-feed', cookie: s.actor!.cookie }),
    request: () => ({ url: '/api/calendar-feed' }),
    expect: holders(200),
  }),
  row('GET /api/public/calendar/:token', {
    targets: ['own'],
    note: "No session: the secret is the authority. Every actor presents the address of a new employee of its own company, assigned to the company's scheduled event; each read notes its time.",
    getMayWrite: ['calendar_feeds'],
    fresh: async (s) => {
      // One person per request: a GET's fresh objects are all made first, and a second address of one person ends the first.
      const person = await s.world.make.user('Empleado', s.company.id);
      await s.world.ctx.db.insertInto('event_assignments').values({ event_id: s.company.events.scheduled.id, user_id: person.id }).execute();
      const created = await s.world.ctx.request({ method: 'POST', url: '/api/calendar-feed', cookie: person.cookie });
      return (JSON.parse(created.body) as { url: string }).url;
    },
    // An API token actor is refused before the address is read (no scope): it presents an unknown one.
    request: (_s, url) => ({ url: url ? new URL(url as string).pathname : '/api/public/calendar/desconocido' }),
    expect: publicRoute(200),
  }),
  // ---- Notification preferences (decision 035): only ever the caller's own ---------------------------------
  row('GET /api/account/notification-preferences', { request: () => ({ url: '/api/account/notification-preferences' }), expect: holders(200) }),
  row('PUT /api/account/notification-preferences', {
    note: "The caller's own choices: there is no target.",
    request: () => ({ url: '/api/account/notification-preferences', payload: { items: [{ kind: 'event.assigned', email: false, push: true }] } }),
    expect: holders(200),
  }),
  // ---- Mail outbox and dead jobs (decision 035): the platform Administrador's views ------------------------
  row('GET /api/admin/mails', { note: "'Correos enviados': the whole platform's outbox, administrators only.", request: () => ({ url: '/api/admin/mails?limit=5' }), expect: adminOnly(200) }),
  row('GET /api/admin/jobs', { note: "'Tareas fallidas': platform-wide, administrators only.", request: () => ({ url: '/api/admin/jobs?status=dead' }), expect: adminOnly(200) }),
  row('POST /api/admin/jobs/:id/retry', {
    note: 'A fresh dead job; only an administrator may give it its tries again.',
    fresh: (s) => deadJob(s),
    request: (s, job) => ({ url: `/api/admin/jobs/${job?.id ?? `job-${s.world.make.unique()}`}/retry` }),
    expect: adminOnly(200),
  }),
  // ---- Legal archive of deleted companies and workers (decision 014) ---------------------------------
  row('GET /api/legal-archive', { request: () => ({ url: '/api/legal-archive' }), expect: adminOnly(200) }),
  row('GET /api/legal-archive/:id/records', {
    note: 'Platform-wide, not per company: platform administrators only. The fresh subject archives the target employee.',
    fresh: (s) => archiveSubject(s),
    request: (s, subject) => ({ url: `/api/legal-archive/${subject?.id ?? `arch-${s.employee.id}`}/records` }),
    expect: adminOnly(200),
  }),
  row('GET /api/legal-archive/:id/download', {
    note: 'As the records: administrators only; each download is written to the action log.',
    getMayWrite: ['action_log', 'registro_chain_anchors'],
    fresh: (s) => archiveSubject(s),
    request: (s, subject) => ({ url: `/api/legal-archive/${subject?.id ?? `arch-${s.employee.id}`}/download?format=csv&year=${s.world.month.slice(0, 4)}` }),
    expect: adminOnly(200),
  }),
  // ---- Import (issue 28 item 3, decision 053) ------------------------------------------------------
  row('POST /api/imports/employees/preview', {
    note: "The file is the body. A supervisor's file that names another company gets a row problem (imports.test.ts), not a status.",
    request: (s) => ({ url: '/api/imports/employees/preview', ...employeeImportFile(s) }),
    expect: managers(200, false),
  }),
  row('POST /api/imports/employees', {
    request: (s) => ({ url: '/api/imports/employees', ...employeeImportFile(s) }),
    expect: managers(201, false),
  }),
  row('POST /api/imports/events/preview', {
    targets: ALL,
    note: "other: the other company's employee as staff: a row problem in the preview (unknown username), a 422 on import.",
    request: (s) => ({ url: '/api/imports/events/preview', ...eventImportFile(s) }),
    expect: managers(200, false),
  }),
  row('POST /api/imports/events', {
    targets: ALL,
    request: (s) => ({ url: '/api/imports/events', ...eventImportFile(s) }),
    expect: { employee: 403, supervisor: refusedReference(201), admin: 201 },
  }),

  // ---- API tokens (decision 054): each person's own, never anyone else's -------------------------------
  row('GET /api/api-tokens', { request: () => ({ url: '/api/api-tokens' }), expect: signedIn(200) }),
  row('POST /api/api-tokens', { request: () => ({ url: '/api/api-tokens', payload: { name: 'Integración de la matriz', scopes: ['eventos:leer'] } }), expect: signedIn(201) }),
  row('POST /api/api-tokens/:id/revoke', {
    note: "A colleague's token, or another company's, is not found: a token is revoked only by its own user.",
    fresh: (s) => s.world.make.apiToken(s.actor!),
    request: (s, fresh: { id: string } | undefined) => {
      const owner = s.target === 'own' && s.actor ? s.actor : s.employee;
      return { url: `/api/api-tokens/${fresh?.id ?? s.world.apiTokens.get(owner.id)!.onlyProfile.id}/revoke` };
    },
    expect: { employee: { own: 200, same: 404, other: 404 }, supervisor: { own: 200, same: 404, other: 404 }, admin: { own: 200, same: 404, other: 404 } },
  }),
];
