import { notificationKinds } from '@jornada/shared/schemas/notifications';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/job-handlers';
import { JobRunner } from '../../jobs/job-runner';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox';
import { createMailer, type Mailer } from '../mail/mailer';
import type { DeliveryChannel } from './delivery-channel';

const PUBLIC_URL = 'https://jornada.example.es';
const concert = { name: 'Concierto', location: 'Palacio de Deportes', date: '2026-11-28T18:00:00.000Z', endDate: '2026-11-28T23:00:00.000Z' };

let ctx: TestContext;
let mailbox: TestMailbox;
let mailer: Mailer;
let home: { id: string; name: string };
let employee: SignedInUser;
let colleague: SignedInUser;
let supervisor: SignedInUser;
let foreignEmployee: SignedInUser;
let admin: SignedInUser;
let day = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  home = await ctx.factories.company('Vigilancia Norte');
  const other = await ctx.factories.company('Eventos Sur');
  employee = await signInAs(ctx, 'Empleado', home.id, { name: 'Juan Pérez' });
  colleague = await signInAs(ctx, 'Empleado', home.id, { name: 'Lucía García' });
  supervisor = await signInAs(ctx, 'Supervisor', home.id, { name: 'Marta López' });
  foreignEmployee = await signInAs(ctx, 'Empleado', other.id);
  admin = await signInAs(ctx, 'Administrador');
  mailbox = await startTestMailbox();
  mailer = createMailer({ smtpUrl: mailbox.url, from: 'Jornada <avisos@jornada.example.es>' });
});
afterAll(async () => {
  mailer.close();
  await mailbox.close();
  await ctx.close();
});
beforeEach(() => mailbox.clear());

const emailOf = (user: SignedInUser) => `${user.username}@example.test`.toLowerCase();

const runner = (channels: DeliveryChannel[] = []) =>
  new JobRunner({ db: ctx.db, dialect: ctx.database.dialect, clock: ctx.clock, handlers: jobHandlers({ timeZone: 'Europe/Madrid', mailer, publicUrl: PUBLIC_URL, channels }), backoffMs: 1_000 });

/** Runs every due job, including those the jobs themselves enqueue (a delivery queues its mail). */
async function drain(jobs = runner()): Promise<void> {
  while ((await jobs.runDue()) > 0);
}

/** A new event (a different day each time, no double booking) with these people assigned by the supervisor. */
async function assign(...people: SignedInUser[]): Promise<string> {
  day += 1;
  const date = new Date(Date.parse(concert.date) + day * 86_400_000).toISOString();
  const endDate = new Date(Date.parse(concert.endDate) + day * 86_400_000).toISOString();
  const response = await ctx.request({ method: 'POST', url: '/api/events', cookie: supervisor.cookie, payload: { ...concert, date, endDate, assignedEmployees: people.map((p) => p.id) } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().items[0].id;
}

const deliveriesOf = (user: SignedInUser) =>
  ctx.db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notifications as n', 'n.id', 'd.notification_id')
    .select(['d.channel', 'd.status', 'n.kind'])
    .where('n.user_id', '=', user.id)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc') // ids are time-ordered: the newest notification first
    .orderBy('d.channel')
    .execute();

describe('the e-mail channel', () => {
  it('mails each assigned person, from their company, with a button to PUBLIC_URL + the link; nobody else', async () => {
    await assign(employee, colleague);
    await drain();
    const toEmployee = await mailbox.waitFor(emailOf(employee));
    const toColleague = await mailbox.waitFor(emailOf(colleague));
    expect(mailbox.messages()).toHaveLength(2);
    expect(mailbox.messages().flatMap((mail) => mail.to)).not.toContain(emailOf(supervisor));
    expect(mailbox.messages().flatMap((mail) => mail.to)).not.toContain(emailOf(foreignEmployee));
    for (const mail of [toEmployee, toColleague]) {
      expect(mail.subject).toBe('Nuevo turno asignado');
      expect(mail.links).toContain(`${PUBLIC_URL}/dashboard/shifts`);
      expect(mail.text).toContain(`Abrir en Jornada: ${PUBLIC_URL}/dashboard/shifts`);
      expect(mail.text).toContain('Vigilancia Norte');
      expect(mail.text).toContain('«Concierto»');
      expect(mail.html).toContain('Vigilancia Norte');
    }
    // The link works: it is a screen of the app (the SPA answers every /dashboard path).
    expect(new URL(toEmployee.links[0]!).pathname).toBe('/dashboard/shifts');
    // E-mail recorded as sent; push, with no push channel registered here, skipped.
    expect((await deliveriesOf(employee))[0]).toEqual({ channel: 'email', status: 'sent', kind: 'event.assigned' });
    expect((await deliveriesOf(employee))[1]).toEqual({ channel: 'push', status: 'skipped', kind: 'event.assigned' });
    const mailRow = await ctx.db.selectFrom('mails').selectAll().where('to_address', '=', emailOf(employee)).executeTakeFirstOrThrow();
    expect(mailRow).toMatchObject({ status: 'sent', company_id: home.id, kind: 'notification:event.assigned' });
    expect(toEmployee.messageId).toBe(`<${mailRow.message_id}@jornada.example.es>`);
  });

  it('does not mail again when the delivery job runs a second time (a runner that died before marking it done)', async () => {
    await assign(employee);
    await drain();
    await mailbox.waitFor(emailOf(employee));
    await ctx.db.updateTable('jobs').set({ status: 'pending' }).where('kind', 'in', ['notification.deliver', 'mail.send']).execute();
    await drain();
    expect(mailbox.messages()).toHaveLength(1);
  });

  it('writes no e-mail delivery for a person without an address', async () => {
    await ctx.db.updateTable('users').set({ email: null }).where('id', '=', colleague.id).execute();
    await assign(colleague);
    await drain();
    expect((await deliveriesOf(colleague)).filter((row) => row.kind === 'event.assigned').slice(0, 1)).toEqual([{ channel: 'push', status: 'skipped', kind: 'event.assigned' }]);
    expect(mailbox.messages()).toEqual([]);
    await ctx.db.updateTable('users').set({ email: emailOf(colleague) }).where('id', '=', colleague.id).execute();
  });
});

describe('preferences per kind and channel', () => {
  it('start from the defaults: e-mail for what changes one’s work, push for every kind', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/account/notification-preferences', cookie: employee.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.hasEmail).toBe(true);
    expect(body.items.map((item: { kind: string }) => item.kind)).toEqual([...notificationKinds]);
    expect(body.items.find((item: { kind: string }) => item.kind === 'event.assigned')).toEqual({ kind: 'event.assigned', email: true, push: true });
    expect(body.items.find((item: { kind: string }) => item.kind === 'live.no-show')).toEqual({ kind: 'live.no-show', email: false, push: true });
    expect((await ctx.request({ method: 'GET', url: '/api/account/notification-preferences', cookie: admin.cookie })).statusCode).toBe(403);
  });

  it('are obeyed: e-mail off for assignments means no mail and no e-mail delivery; the colleague still gets theirs', async () => {
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/account/notification-preferences',
      cookie: employee.cookie,
      payload: { items: [{ kind: 'event.assigned', email: false, push: true }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().items.find((item: { kind: string }) => item.kind === 'event.assigned')).toEqual({ kind: 'event.assigned', email: false, push: true });
    // Another person's choices are untouched.
    const colleagues = (await ctx.request({ method: 'GET', url: '/api/account/notification-preferences', cookie: colleague.cookie })).json();
    expect(colleagues.items.find((item: { kind: string }) => item.kind === 'event.assigned')).toEqual({ kind: 'event.assigned', email: true, push: true });

    await assign(employee, colleague);
    await drain();
    await mailbox.waitFor(emailOf(colleague));
    expect(mailbox.messages().flatMap((mail) => mail.to)).toEqual([emailOf(colleague)]);
    expect((await deliveriesOf(employee)).slice(0, 1)).toEqual([{ channel: 'push', status: 'skipped', kind: 'event.assigned' }]);
    // The in-app notification is there all the same: in-app is always on.
    const inbox = (await ctx.request({ method: 'GET', url: '/api/notifications?limit=1', cookie: employee.cookie })).json();
    expect(inbox.items[0].kind).toBe('event.assigned');

    // Both off: no delivery row at all, and no job for nothing.
    await ctx.request({ method: 'PUT', url: '/api/account/notification-preferences', cookie: employee.cookie, payload: { items: [{ kind: 'event.assigned', email: false, push: false }] } });
    const jobsBefore = await ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'notification.deliver').execute();
    await assign(employee);
    const jobsAfter = await ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'notification.deliver').execute();
    expect(jobsAfter.length).toBe(jobsBefore.length);
    await ctx.request({ method: 'PUT', url: '/api/account/notification-preferences', cookie: employee.cookie, payload: { items: [{ kind: 'event.assigned', email: true, push: true }] } });
  });

  it('refuse an unknown kind or a kind twice with a Spanish 400, storing nothing', async () => {
    const unknown = await ctx.request({ method: 'PUT', url: '/api/account/notification-preferences', cookie: employee.cookie, payload: { items: [{ kind: 'nada', email: true, push: true }] } });
    expect(unknown.statusCode).toBe(400);
    const twice = await ctx.request({
      method: 'PUT',
      url: '/api/account/notification-preferences',
      cookie: employee.cookie,
      payload: { items: [{ kind: 'event.deleted', email: false, push: false }, { kind: 'event.deleted', email: true, push: true }] },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toMatch(/una vez/);
    expect(await ctx.db.selectFrom('notification_preferences').selectAll().where('user_id', '=', employee.id).where('kind', '=', 'event.deleted').execute()).toEqual([]);
  });
});

describe('the delivery registry', () => {
  it('hands each row to the channel of its name; a failing channel is retried alone, the e-mail already recorded is not repeated', async () => {
    const pushed: string[] = [];
    let failures = 1;
    const flakyPush: DeliveryChannel = {
      channel: 'push',
      async deliver(_context, { notification, user, company }) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('push caído');
        }
        expect(company.id).toBe(home.id);
        pushed.push(`${user.id} ${notification.kind}`);
        return 'sent';
      },
    };
    const jobs = runner([flakyPush]);
    await assign(colleague);
    await drain(jobs);
    await mailbox.waitFor(emailOf(colleague));
    expect((await deliveriesOf(colleague)).slice(0, 2)).toEqual([
      { channel: 'email', status: 'sent', kind: 'event.assigned' },
      { channel: 'push', status: 'pending', kind: 'event.assigned' },
    ]);
    const job = await ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'notification.deliver').where('last_error', '=', 'push caído').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    ctx.clock.set(job.run_at);
    await drain(jobs);
    expect(pushed).toEqual([`${colleague.id} event.assigned`]);
    expect((await deliveriesOf(colleague))[1]).toEqual({ channel: 'push', status: 'sent', kind: 'event.assigned' });
    expect(mailbox.messages()).toHaveLength(1);
  });
});
