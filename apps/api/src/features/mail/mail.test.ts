import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/job-handlers';
import { JobRunner } from '../../jobs/job-runner';
import { arrangeTwoCompanies, type TwoCompanies } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox';
import { createMailer, type Mailer } from './mailer';
import { MAIL_MAX_ATTEMPTS, queueMail } from './queue-mail';
import { renderMail } from './render-mail';

let ctx: TestContext;
let world: TwoCompanies;
let mailbox: TestMailbox;
const FROM = 'Jornada <avisos@jornada.example.es>';

beforeAll(async () => {
  ctx = await createTestContext();
  world = await arrangeTwoCompanies(ctx);
  mailbox = await startTestMailbox();
});
afterAll(async () => {
  await mailbox.close();
  await ctx.close();
});
beforeEach(async () => {
  mailbox.clear();
  mailbox.refuse(false);
  await ctx.db.deleteFrom('jobs').execute();
  await ctx.db.deleteFrom('mails').execute();
});

const runnerWith = (mailer: Mailer, log?: (line: string) => void) =>
  new JobRunner({ db: ctx.db, dialect: ctx.database.dialect, clock: ctx.clock, handlers: jobHandlers({ timeZone: 'Europe/Madrid', mailer, log, publicUrl: 'https://jornada.example.es' }), backoffMs: 1_000, maxBackoffMs: 60_000 });

const welcome = (to: string) => {
  const rendered = renderMail({
    companyName: world.home.name,
    subject: 'Bienvenido a Jornada',
    heading: 'Tu cuenta está lista',
    paragraphs: ['Entra para ver tus turnos.'],
    action: { label: 'Abrir Jornada', url: 'https://jornada.example.es/dashboard' },
  });
  return { companyId: world.home.id, to, kind: 'test', ...rendered };
};

const mailRow = (id: string) => ctx.db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the mail outbox', () => {
  it('sends a queued mail through a real SMTP server with its stable Message-ID, once', async () => {
    const mailer = createMailer({ smtpUrl: mailbox.url, from: FROM });
    const { id } = await ctx.db.transaction().execute((trx) => queueMail(trx, ctx.clock(), welcome('ana@example.es')));
    expect(await mailRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    const jobs = runnerWith(mailer);
    expect(await jobs.runDue()).toBe(1);
    const received = await mailbox.waitFor('ana@example.es');
    expect(received).toMatchObject({ subject: 'Bienvenido a Jornada', messageId: `<${id}@jornada.example.es>` });
    expect(received.from).toContain('avisos@jornada.example.es');
    expect(received.text).toContain('Abrir Jornada: https://jornada.example.es/dashboard');
    expect(received.text).toContain(world.home.name);
    expect(received.links).toContain('https://jornada.example.es/dashboard');
    expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: ctx.clock().toISOString(), last_error: null });

    // The same job run again (a runner that died before marking it done): the sent row is skipped.
    await ctx.db.updateTable('jobs').set({ status: 'pending' }).execute();
    expect(await jobs.runDue()).toBe(1);
    expect(mailbox.messages()).toHaveLength(1);
    mailer.close();
  });

  it('queues nothing when the transaction of its cause rolls back', async () => {
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await queueMail(trx, ctx.clock(), welcome('ana@example.es'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await ctx.db.selectFrom('mails').selectAll().execute()).toEqual([]);
    expect(await ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('queues a mail with an idempotency id once, however often it is queued', async () => {
    const first = await queueMail(ctx.db, ctx.clock(), { ...welcome('ana@example.es'), id: 'mail-ntf-1' });
    const second = await queueMail(ctx.db, ctx.clock(), { ...welcome('ana@example.es'), id: 'mail-ntf-1' });
    expect([first.queued, second.queued]).toEqual([true, false]);
    expect(await ctx.db.selectFrom('jobs').select('kind').execute()).toEqual([{ kind: 'mail.send' }]);
  });

  it('without SMTP_URL keeps the mail in the outbox as unsent, prints it, and shows it in Correos enviados', async () => {
    const printed: string[] = [];
    const { id } = await queueMail(ctx.db, ctx.clock(), welcome('luis@example.es'));
    expect(await runnerWith(createMailer({ smtpUrl: undefined, from: FROM }), (line) => printed.push(line)).runDue()).toBe(1);
    expect(await mailRow(id)).toMatchObject({ status: 'unsent', sent_at: null });
    expect(await ctx.db.selectFrom('jobs').select('status').execute()).toEqual([{ status: 'done' }]);
    expect(printed.join('\n')).toContain('luis@example.es');
    expect(printed.join('\n')).toContain('Bienvenido a Jornada');

    const response = await ctx.request({ method: 'GET', url: '/api/admin/mails', cookie: world.admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      expect.objectContaining({ id, to: 'luis@example.es', subject: 'Bienvenido a Jornada', status: 'unsent', companyName: world.home.name, text: expect.stringContaining('Entra para ver tus turnos.') }),
    ]);
    for (const person of [world.supervisor, world.employee]) {
      expect((await ctx.request({ method: 'GET', url: '/api/admin/mails', cookie: person.cookie })).statusCode).toBe(403);
    }
  });

  it('pages Correos enviados newest first', async () => {
    for (let n = 0; n < 5; n += 1) {
      await queueMail(ctx.db, ctx.clock(), { ...welcome(`p${n}@example.es`), subject: `Correo ${n}` });
      ctx.clock.advance(1_000);
    }
    const first = (await ctx.request({ method: 'GET', url: '/api/admin/mails?limit=3', cookie: world.admin.cookie })).json();
    expect(first.items.map((mail: { subject: string }) => mail.subject)).toEqual(['Correo 4', 'Correo 3', 'Correo 2']);
    const second = (await ctx.request({ method: 'GET', url: `/api/admin/mails?limit=3&cursor=${first.nextCursor}`, cookie: world.admin.cookie })).json();
    expect(second.items.map((mail: { subject: string }) => mail.subject)).toEqual(['Correo 1', 'Correo 0']);
    expect(second.nextCursor).toBeNull();
    expect((await ctx.request({ method: 'GET', url: '/api/admin/mails?cursor=roto', cookie: world.admin.cookie })).statusCode).toBe(400);
  });

  it('retries while the SMTP server refuses, with backoff; then the job is dead, visible in Tareas fallidas, and Reintentar sends it', async () => {
    const mailer = createMailer({ smtpUrl: mailbox.url, from: FROM });
    mailbox.refuse(true);
    const { id } = await queueMail(ctx.db, ctx.clock(), welcome('eva@example.es'));
    const jobs = runnerWith(mailer);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await jobs.runDue()).toBe(1);
      const job = await ctx.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(job).toMatchObject({ status: 'pending', attempts: attempt });
        delays.push(new Date(job.run_at).getTime() - ctx.clock().getTime());
        expect(await jobs.runDue()).toBe(0); // not before its backoff
        ctx.clock.set(job.run_at);
      } else {
        expect(job).toMatchObject({ status: 'dead', attempts: MAIL_MAX_ATTEMPTS });
        expect(job.last_error).toMatch(/451/);
      }
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000]);
    expect(await mailRow(id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(mailbox.messages()).toEqual([]);

    const dead = (await ctx.request({ method: 'GET', url: '/api/admin/jobs?status=dead', cookie: world.admin.cookie })).json();
    expect(dead.items).toEqual([expect.objectContaining({ kind: 'mail.send', status: 'dead', attempts: MAIL_MAX_ATTEMPTS, lastError: expect.stringMatching(/451/) })]);
    expect((await ctx.request({ method: 'GET', url: '/api/admin/jobs?status=dead', cookie: world.supervisor.cookie })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/admin/jobs?status=done', cookie: world.admin.cookie })).statusCode).toBe(400);

    mailbox.refuse(false);
    const jobId = dead.items[0].id as string;
    expect((await ctx.request({ method: 'POST', url: `/api/admin/jobs/${jobId}/retry`, cookie: world.supervisor.cookie })).statusCode).toBe(403);
    const retried = await ctx.request({ method: 'POST', url: `/api/admin/jobs/${jobId}/retry`, cookie: world.admin.cookie });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await ctx.request({ method: 'POST', url: `/api/admin/jobs/${jobId}/retry`, cookie: world.admin.cookie })).statusCode).toBe(409);
    expect((await ctx.request({ method: 'POST', url: '/api/admin/jobs/job-nadie/retry', cookie: world.admin.cookie })).statusCode).toBe(404);
    expect(await jobs.runDue()).toBe(1);
    await mailbox.waitFor('eva@example.es');
    expect(await mailRow(id)).toMatchObject({ status: 'sent' });
    expect((await ctx.request({ method: 'GET', url: '/api/admin/jobs?status=dead', cookie: world.admin.cookie })).json().items).toEqual([]);
    mailer.close();
  });
});

describe('renderMail', () => {
  it('escapes what people typed in the HTML part and keeps the text part plain', () => {
    const mail = renderMail({
      companyName: 'Eventos <b>"Sur"</b> & Cía',
      subject: 'Hola\r\nBcc: intruso@example.es',
      heading: '<script>alert(1)</script>',
      paragraphs: ["Lugar: O'Donnell <img src=x>"],
      action: { label: 'Ver', url: 'https://jornada.example.es/dashboard/shifts?a=1&b=2' },
    });
    expect(mail.subject).toBe('Hola Bcc: intruso@example.es');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x>');
    expect(mail.html).toContain('Eventos &lt;b&gt;&quot;Sur&quot;&lt;/b&gt; &amp; Cía');
    expect(mail.html).toContain('href="https://jornada.example.es/dashboard/shifts?a=1&amp;b=2"');
    expect(mail.text).toContain("Lugar: O'Donnell <img src=x>");
    expect(mail.text).toContain('Ver: https://jornada.example.es/dashboard/shifts?a=1&b=2');
    expect(() => renderMail({ companyName: null, subject: 'x', heading: 'x', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow();
  });
});
