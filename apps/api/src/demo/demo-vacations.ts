import type { Kysely } from 'kysely';
import { dayKeyOf } from '@jornada/shared/events';
import { DEFAULT_TIME_ZONE } from '@jornada/shared/format';
import type { DB } from '../db/schema';
import { newId } from '../lib/ids';
import { insertFiles } from '../ledgers/files/files.repository';
import { newStoredFile } from '../ledgers/files/stored-files';

// A 1x1 PNG stands in for a drawn signature in demo data.
const DEMO_SIGNATURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DAY = 86_400_000;

/** Vacations in each state (both flows); the payments come last (demo-payments.ts). */
export async function seedDemoVacations(db: Kysely<DB>, companyId: string, now: Date, timeZone = DEFAULT_TIME_ZONE): Promise<void> {
  const people = await db.selectFrom('users').select(['id', 'username', 'role_id']).where('company_id', '=', companyId).execute();
  const idOf = (username: string) => people.find((person) => person.username === username)?.id;
  const supervisorId = idOf('demo.supervisora');
  const [juan, lucia, carlos] = ['demo.juan', 'demo.lucia', 'demo.carlos'].map(idOf);
  if (!supervisorId || !juan || !lucia || !carlos) return;
  const day = (offset: number) => dayKeyOf(new Date(now.getTime() + offset * DAY), timeZone);
  const at = now.toISOString();
  const requests = [
    { employee: juan, days: [day(40), day(41), day(42)], status: 'confirmado' as const, awaiting: null, createdBy: juan, signature: null },
    { employee: lucia, days: [day(25)], status: 'pendiente' as const, awaiting: 'supervisor' as const, createdBy: lucia, signature: null },
    { employee: carlos, days: [day(30), day(31)], status: 'pendiente' as const, awaiting: 'employee' as const, createdBy: supervisorId, signature: null },
    { employee: carlos, days: [day(60)], status: 'confirmado' as const, awaiting: null, createdBy: supervisorId, signature: DEMO_SIGNATURE },
    { employee: lucia, days: [day(-20)], status: 'rechazado' as const, awaiting: null, createdBy: lucia, signature: null },
  ];
  for (const request of requests) {
    const id = newId('vac');
    const processed = request.status !== 'pendiente';
    // The confirmation signature is a file of the employee's (decision 036).
    const signature = request.signature ? newStoredFile({ name: 'firma.png', bytes: request.signature }, { companyId, ownerId: request.employee }, 'signature', now) : null;
    if (signature) await insertFiles(db, [signature]);
    await db
      .insertInto('vacation_requests')
      .values({
        id,
        company_id: companyId,
        employee_id: request.employee,
        supervisor_id: request.createdBy === supervisorId || processed ? supervisorId : null,
        created_by: request.createdBy,
        created_at: at,
        status: request.status,
        awaiting: request.awaiting,
        signature_file_id: signature?.id ?? null,
        processed_at: processed ? at : null,
        processed_by: processed ? (request.signature ? request.employee : supervisorId) : null,
      })
      .execute();
    await db.insertInto('vacation_days').values(request.days.map((d) => ({ request_id: id, company_id: companyId, employee_id: request.employee, day: d }))).execute();
  }

}
