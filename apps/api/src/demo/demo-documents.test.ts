import { describe, expect, it } from 'vitest';
import { seedDemo } from './demo';
import { demoNow, useFreshDatabase } from '../test/demo-database';

const now = demoNow;
const database = useFreshDatabase(now);

describe('demo documents and work reports', () => {
  it('gives Juan and Lucía a saved signature, documents and signed reports with attachments, and leaves events to report', async () => {
    await seedDemo(database.db, now);
    const { db } = database;
    const users = new Map((await db.selectFrom('users').select(['id', 'username']).execute()).map((user) => [user.id, user.username]));
    const signatures = await db.selectFrom('user_signatures').select('user_id').execute();
    expect(signatures.map((row) => users.get(row.user_id)).sort()).toEqual(['demo.juan', 'demo.lucia']);
    const documents = await db.selectFrom('user_documents').select(['user_id', 'type', 'file_id', 'text_value']).execute();
    expect(documents).toHaveLength(3);
    expect(documents.filter((document) => document.type === 'foto').every((document) => document.file_id !== null)).toBe(true);

    const reports = await db.selectFrom('work_reports').innerJoin('events', 'events.id', 'work_reports.event_id').select(['work_reports.id', 'work_reports.user_id', 'events.end_time', 'work_reports.created_at']).execute();
    expect(reports).toHaveLength(3);
    expect(reports.every((report) => report.end_time <= now.toISOString() && report.created_at > report.end_time)).toBe(true);
    const attachments = await db.selectFrom('work_report_attachments').select('report_id').execute();
    expect(attachments.length).toBeGreaterThanOrEqual(3);

    const finishedUnreported = await db
      .selectFrom('event_assignments')
      .innerJoin('events', 'events.id', 'event_assignments.event_id')
      .select('event_assignments.user_id')
      .where('events.end_time', '<=', now.toISOString())
      .where('events.id', 'not in', db.selectFrom('work_reports').select('event_id'))
      .execute();
    const pendingFor = new Set(finishedUnreported.map((row) => users.get(row.user_id)));
    expect(pendingFor.has('demo.juan') && pendingFor.has('demo.lucia')).toBe(true);
  });
});
