import { expect } from 'vitest';
import { jobHandlers } from '../../jobs/job-handlers';
import { JobRunner } from '../../jobs/job-runner';
import { createMailer } from '../mail/mailer';
import type { TestContext } from '../../test/test-app';
import type { SignedInUser } from '../../test/sign-in';

export const MIN = 60_000;
export const here = { lat: 40.4167754, lng: -3.7037902, accuracy: 12 };

/** Runs every job due at the test clock's now with the server's own handlers, as the runner would. */
export async function runDueJobs(ctx: TestContext): Promise<void> {
  const runner = new JobRunner({ db: ctx.db, dialect: ctx.database.dialect, clock: ctx.clock, handlers: jobHandlers({ timeZone: 'Europe/Madrid', mailer: createMailer({ smtpUrl: undefined, from: 'Jornada <no-reply@example.es>' }), publicUrl: 'https://jornada.example.es' }) });
  while ((await runner.runDue()) > 0);
}

/** The notifications of `kind` each person holds, oldest first. */
export function toldOf(ctx: TestContext, kind: string, userId: string) {
  return ctx.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', userId).where('kind', '=', kind).orderBy('created_at').orderBy('id').execute();
}

/** Who holds notifications of `kind`, by user id (how many each). */
export async function recipientsOf(ctx: TestContext, kind: string): Promise<Record<string, number>> {
  const rows = await ctx.db.selectFrom('notifications').select('user_id').where('kind', '=', kind).execute();
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.user_id] = (counts[row.user_id] ?? 0) + 1;
  return counts;
}

export async function createEvent(ctx: TestContext, supervisor: SignedInUser, input: { name: string; start: Date; minutes?: number; staff: readonly SignedInUser[] }) {
  const end = new Date(input.start.getTime() + (input.minutes ?? 60) * MIN);
  const response = await ctx.request({
    method: 'POST',
    url: '/api/events',
    cookie: supervisor.cookie,
    payload: { name: input.name, location: 'Estadio', date: input.start.toISOString(), endDate: end.toISOString(), type: 'momentary', assignedEmployees: input.staff.map((person) => person.id), acknowledgeWarnings: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: (response.json() as { items: { id: string }[] }).items[0]!.id, start: input.start, end };
}

export async function clockIn(ctx: TestContext, person: SignedInUser, eventId: string): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: person.cookie, payload: { eventId, location: here } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

export async function clockOut(ctx: TestContext, person: SignedInUser, recordId: string): Promise<void> {
  const response = await ctx.request({ method: 'POST', url: `/api/time-records/${recordId}/stop`, cookie: person.cookie, payload: { location: here } });
  expect(response.statusCode, response.body).toBe(200);
}

/** Days apart outlast the sessions' idle timeout: each person signs in again at the new time. */
export async function signInAgain(ctx: TestContext, people: readonly SignedInUser[]): Promise<void> {
  for (const person of people) person.cookie = await ctx.login(person.username, person.password);
}
