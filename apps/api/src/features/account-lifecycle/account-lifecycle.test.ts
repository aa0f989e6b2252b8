import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_INVALID_MESSAGE, PASSWORD_RESET_REQUESTED_MESSAGE } from '@jornada/shared/schemas/account-lifecycle';
import { PASSWORD_RULE_MESSAGE } from '@jornada/shared/schemas/common';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { jobHandlers } from '../../jobs/job-handlers';
import { JobRunner } from '../../jobs/job-runner';
import { TEST_PASSWORD } from '../../test/factories';
import { arrangeTwoCompanies, type TwoCompanies } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startTestMailbox, type ReceivedMail, type TestMailbox } from '../../test/test-mailbox';
import { createMailer, type Mailer } from '../mail/mailer';
import { RESET_MIN_RESPONSE_MS, RESET_REQUESTS_PER_ACCOUNT, RESET_REQUESTS_PER_IP } from './account-lifecycle.service';

let ctx: TestContext;
let world: TwoCompanies;
let mailbox: TestMailbox;
let mailer: Mailer;
let jobs: JobRunner;
const NEW_PASSWORD = 'Nueva-Clave-9!';

beforeAll(async () => {
  ctx = await createTestContext();
  world = await arrangeTwoCompanies(ctx);
  mailbox = await startTestMailbox();
  mailer = createMailer({ smtpUrl: mailbox.url, from: 'Jornada <avisos@jornada.example.es>' });
  jobs = new JobRunner({ db: ctx.db, dialect: ctx.database.dialect, clock: ctx.clock, handlers: jobHandlers({ timeZone: 'Europe/Madrid', mailer, publicUrl: 'https://jornada.example.es' }), backoffMs: 1_000, maxBackoffMs: 60_000 });
});
afterAll(async () => {
  mailer.close();
  await mailbox.close();
  await ctx.close();
});
beforeEach(async () => {
  // Tests move the clock by hours and days: everyone signs in again so no session has timed out.
  world = { ...world, ...(await signInAgain(world)) };
  mailbox.clear();
  await ctx.db.deleteFrom('account_token_requests').execute();
});

async function signInAgain(people: TwoCompanies) {
  const again = async (person: TwoCompanies['admin']) => ({ ...person, cookie: await ctx.login(person.username, person.password) });
  return { admin: await again(people.admin), supervisor: await again(people.supervisor), employee: await again(people.employee) };
}

/** Runs the queued mail.send jobs, then waits for the mail to `to` on the real SMTP server. */
async function deliveredTo(to: string): Promise<ReceivedMail> {
  while ((await jobs.runDue()) > 0);
  return mailbox.waitFor(to, { timeoutMs: 5_000 });
}

/** The token of the mail's one link, from its fragment (#t=…). */
function tokenOf(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((href) => href.includes(path));
  expect(link, `a link to ${path}`).toBeDefined();
  const url = new URL(link!);
  expect(url.search).toBe('');
  const token = new URLSearchParams(url.hash.slice(1)).get('t');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

const sessionCookie = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'jornada_session');
  return cookie ? `jornada_session=${cookie.value}` : undefined;
};

const actionKinds = async (userName: string) =>
  (await ctx.db.selectFrom('action_log').select(['kind', 'message']).where('message', 'like', `%${userName}%`).orderBy('created_at').orderBy('id').execute()).map((row) => row.kind);

let sequence = 0;
function invitee(companyId: string, roleId: string = defaultRoleIds.Empleado) {
  sequence += 1;
  return { name: `Invitada ${sequence} Pérez`, username: `invitada${sequence}`, email: `invitada${sequence}@example.es`, roleId, companyId, sendInvitation: true };
}

const reset = (identifier: string, remoteAddress = '10.0.0.1') =>
  ctx.request({ method: 'POST', url: '/api/auth/password-reset', payload: { identifier }, remoteAddress });

describe('invitations', () => {
  it('creates a user without a password, mails a link that sets it once and signs the person in', async () => {
    const body = invitee(world.home.id);
    const created = await ctx.request({ method: 'POST', url: '/api/users', cookie: world.admin.cookie, payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: body.username, invitationPending: true });
    // Not before the password exists, whatever is typed.
    for (const password of ['', TEST_PASSWORD, '!invitation-pending']) {
      const login = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username: body.username, password } });
      expect([400, 401]).toContain(login.statusCode);
    }

    const mail = await deliveredTo(body.email);
    expect(mail.subject).toBe('Te han invitado a Jornada');
    expect(mail.text).toContain(world.home.name);
    expect(mail.text).toContain(body.username);
    const token = tokenOf(mail, '/crear-contrasena');
    // Only the hash is stored.
    const stored = await ctx.db.selectFrom('account_tokens').selectAll().where('purpose', '=', 'invitation').execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const info = await ctx.request({ method: 'POST', url: '/api/auth/tokens/inspect', payload: { token } });
    expect(info.json()).toEqual({ purpose: 'invitation', firstName: 'Invitada' });

    const weak = await ctx.request({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, newPassword: 'corta', confirmPassword: 'corta' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain(PASSWORD_RULE_MESSAGE);
    // The reset route does not take an invitation's link.
    expect((await ctx.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).statusCode).toBe(410);

    const accepted = await ctx.request({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ username: body.username, companyId: world.home.id });
    const cookie = sessionCookie(accepted);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);

    const again = await ctx.request({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, newPassword: 'Otra-Clave-1!', confirmPassword: 'Otra-Clave-1!' } });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(LINK_INVALID_MESSAGE);
    await ctx.login(body.username, NEW_PASSWORD);
    expect(await actionKinds(body.name)).toEqual(['user.create', 'user.invite', 'account.invitation.accept', 'login']);
  });

  it('needs an e-mail, refuses a password beside it, and the link dies after 72 hours', async () => {
    const noEmail = await ctx.request({ method: 'POST', url: '/api/users', cookie: world.admin.cookie, payload: { ...invitee(world.home.id), email: '' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body).toContain('correo electrónico');
    const withPassword = await ctx.request({ method: 'POST', url: '/api/users', cookie: world.admin.cookie, payload: { ...invitee(world.home.id), password: NEW_PASSWORD } });
    expect(withPassword.statusCode).toBe(400);

    const body = invitee(world.home.id);
    expect((await ctx.request({ method: 'POST', url: '/api/users', cookie: world.admin.cookie, payload: body })).statusCode).toBe(201);
    const token = tokenOf(await deliveredTo(body.email), '/crear-contrasena');
    ctx.clock.advance(72 * 60 * 60 * 1000 - 1);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/tokens/inspect', payload: { token } })).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/tokens/inspect', payload: { token } })).statusCode).toBe(410);
    const late = await ctx.request({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(late.statusCode).toBe(410);
  });

  it('Reenviar invitación: a new link, the old one stops working; a supervisor only within the company', async () => {
    const body = invitee(world.home.id);
    const id = (await ctx.request({ method: 'POST', url: '/api/users', cookie: world.admin.cookie, payload: body })).json().id;
    const first = tokenOf(await deliveredTo(body.email), '/crear-contrasena');

    const foreign = invitee(world.other.id);
    const foreignId = (await ctx.request({ method: 'POST', url: '/api/users', cookie: world.admin.cookie, payload: foreign })).json().id;
    await deliveredTo(foreign.email);

    // A supervisor cannot create (invite) users at all, and another company's pending user is not there.
    expect((await ctx.request({ method: 'POST', url: '/api/users', cookie: world.supervisor.cookie, payload: invitee(world.home.id) })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/users', cookie: world.supervisor.cookie, payload: invitee(world.other.id) })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: `/api/users/${foreignId}/invitation`, cookie: world.supervisor.cookie })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'POST', url: `/api/users/${id}/invitation`, cookie: world.employee.cookie })).statusCode).toBe(403);
    expect(await ctx.db.selectFrom('mails').select('id').where('to_address', '=', foreign.email).execute()).toHaveLength(1);

    const resent = await ctx.request({ method: 'POST', url: `/api/users/${id}/invitation`, cookie: world.supervisor.cookie });
    expect(resent.statusCode).toBe(200);
    const second = tokenOf(await deliveredTo(body.email), '/crear-contrasena');
    expect(second).not.toBe(first);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/tokens/inspect', payload: { token: first } })).statusCode).toBe(410);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token: second, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).statusCode).toBe(200);
    // Nothing pending any more.
    expect((await ctx.request({ method: 'POST', url: `/api/users/${id}/invitation`, cookie: world.admin.cookie })).statusCode).toBe(422);
    expect(await actionKinds(body.name)).toContain('user.invite');
  });
});

describe('password reset', () => {
  it('mails a one-use link that sets the password, ends every other session and signs in', async () => {
    const person = await ctx.factories.user({ role: 'Empleado', companyId: world.home.id, name: 'Rosa Reset' });
    const [laptop, phone] = [await ctx.login(person.username, TEST_PASSWORD), await ctx.login(person.username, TEST_PASSWORD)];
    const requested = await reset(person.username.toUpperCase() === person.username ? person.username : `${person.username}@example.test`.toUpperCase());
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    const mail = await deliveredTo(`${person.username}@example.test`);
    expect(mail.subject).toBe('Restablecer tu contraseña de Jornada');
    const token = tokenOf(mail, '/restablecer-contrasena');
    expect((await ctx.request({ method: 'POST', url: '/api/auth/tokens/inspect', payload: { token } })).json()).toEqual({ purpose: 'reset', firstName: 'Rosa' });

    const mismatch = await ctx.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: NEW_PASSWORD, confirmPassword: 'otra' } });
    expect(mismatch.statusCode).toBe(400);
    const done = await ctx.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(done.statusCode).toBe(200);
    for (const old of [laptop, phone]) expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: old })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: sessionCookie(done) })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { username: person.username, password: TEST_PASSWORD } })).statusCode).toBe(401);
    await ctx.login(person.username, NEW_PASSWORD);

    const twice = await ctx.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: 'Tercera-Clave-1!', confirmPassword: 'Tercera-Clave-1!' } });
    expect(twice.statusCode).toBe(410);
    expect(await actionKinds('Rosa Reset')).toEqual(['login', 'login', 'account.reset.request', 'account.reset', 'login']);
  });

  it('answers an unknown account exactly as a known one, and mails nobody', async () => {
    const person = await ctx.factories.user({ role: 'Empleado', companyId: world.home.id });
    const mailsBefore = (await ctx.db.selectFrom('mails').select('id').execute()).length;
    const timed = async (identifier: string, ip: string) => {
      const started = performance.now();
      const response = await reset(identifier, ip);
      // Both take at least the floor, whatever work they did (the mail is only a queued row).
      expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_MIN_RESPONSE_MS - 5);
      return response;
    };
    const known = await timed(person.username, '10.0.1.1');
    const unknown = await timed('nadie-con-este-nombre', '10.0.1.2');
    const unknownEmail = await reset('nadie@example.es', '10.0.1.3');
    const strip = (response: typeof known) => {
      const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
      return { status: response.statusCode, headers, body: response.body };
    };
    expect(strip(unknown)).toEqual(strip(known));
    expect(strip(unknownEmail)).toEqual(strip(known));
    expect((await ctx.db.selectFrom('mails').select('id').execute()).length).toBe(mailsBefore + 1);
  });

  it('throttles per account across addresses and per address across accounts, in the database', async () => {
    const person = await ctx.factories.user({ role: 'Empleado', companyId: world.home.id });
    for (let n = 0; n < RESET_REQUESTS_PER_ACCOUNT; n += 1) expect((await reset(person.username, `10.0.2.${n}`)).statusCode).toBe(200);
    const blocked = await reset(person.username, '10.0.2.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toContain('demasiados enlaces');
    // The same limit for an identifier that is no account: no tell there either.
    for (let n = 0; n < RESET_REQUESTS_PER_ACCOUNT; n += 1) expect((await reset('fantasma', `10.0.3.${n}`)).statusCode).toBe(200);
    expect((await reset('fantasma', '10.0.3.99')).statusCode).toBe(429);

    await ctx.db.deleteFrom('account_token_requests').execute();
    for (let n = 0; n < RESET_REQUESTS_PER_IP; n += 1) expect((await reset(`otro${n}`, '10.0.4.1')).statusCode).toBe(200);
    expect((await reset('otro-mas', '10.0.4.1')).statusCode).toBe(429);
    expect((await reset('otro-mas', '10.0.4.2')).statusCode).toBe(200);
    // An hour later the address may ask again.
    ctx.clock.advance(60 * 60 * 1000 + 1);
    expect((await reset('otro-mas', '10.0.4.1')).statusCode).toBe(200);
  }, 30_000);

  it('a reset link dies after 1 hour, and a newer one replaces it', async () => {
    const person = await ctx.factories.user({ role: 'Supervisor', companyId: world.other.id });
    await reset(person.username);
    const first = tokenOf(await deliveredTo(`${person.username}@example.test`), '/restablecer-contrasena');
    await reset(person.username);
    const second = tokenOf(await deliveredTo(`${person.username}@example.test`), '/restablecer-contrasena');
    expect((await ctx.request({ method: 'POST', url: '/api/auth/tokens/inspect', payload: { token: first } })).statusCode).toBe(410);
    ctx.clock.advance(60 * 60 * 1000);
    const late = await ctx.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: second, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(late.statusCode).toBe(410);
    await ctx.login(person.username, TEST_PASSWORD);
  });

  it('refuses junk tokens with the same Spanish message and no 500', async () => {
    for (const token of ['', 'x', 'a'.repeat(500), 'no/vale', 'A'.repeat(43)]) {
      const response = await ctx.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
      expect([400, 410]).toContain(response.statusCode);
      expect(response.body).toContain(LINK_INVALID_MESSAGE);
    }
  });
});

describe('e-mail change', () => {
  it('keeps the old e-mail until the link sent to the new one is opened; tells the old address', async () => {
    const person = await ctx.factories.user({ role: 'Empleado', companyId: world.home.id, name: 'Marta Correo' });
    const cookie = await ctx.login(person.username, TEST_PASSWORD);
    const oldEmail = `${person.username}@example.test`;
    const wrong = await ctx.request({ method: 'POST', url: '/api/account/email', cookie, payload: { currentPassword: 'mala', newEmail: 'marta@nuevo.es' } });
    expect(wrong.statusCode).toBe(400);
    const invalid = await ctx.request({ method: 'POST', url: '/api/account/email', cookie, payload: { currentPassword: TEST_PASSWORD, newEmail: 'no-es-correo' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('El correo electrónico no es válido.');

    const asked = await ctx.request({ method: 'POST', url: '/api/account/email', cookie, payload: { currentPassword: TEST_PASSWORD, newEmail: 'marta@nuevo.es' } });
    expect(asked.statusCode).toBe(200);
    const token = tokenOf(await deliveredTo('marta@nuevo.es'), '/confirmar-correo');
    const notice = await mailbox.waitFor(oldEmail, { timeoutMs: 5_000 });
    expect(notice.links).toEqual([]);
    expect(notice.text).not.toContain('marta@nuevo.es');
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).json().user.email).toBe(oldEmail);

    // Opened in somebody else's session: nothing changes, the link still works for its owner.
    const elsewhere = await ctx.request({ method: 'POST', url: '/api/auth/email-change/confirm', cookie: world.employee.cookie, payload: { token } });
    expect(elsewhere.statusCode).toBe(409);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie: world.employee.cookie })).json().user.email).toBe(`${world.employee.username}@example.test`);
    // A reset route does not take it either.
    expect((await ctx.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).statusCode).toBe(410);

    const confirmed = await ctx.request({ method: 'POST', url: '/api/auth/email-change/confirm', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', cookie })).json().user.email).toBe('marta@nuevo.es');
    expect((await ctx.request({ method: 'POST', url: '/api/auth/email-change/confirm', payload: { token } })).statusCode).toBe(410);
    expect(await actionKinds('Marta Correo')).toEqual(['login', 'account.email.request', 'account.email.change']);
  });
});
