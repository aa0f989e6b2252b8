import type { Kysely } from 'kysely';
import { SIN_CIERRE_GRACE_MS } from '@jornada/shared/sin-cierre';
import type { AmendmentSide, AmendmentStatus, DB } from '../db/schema';
import { newId } from '../lib/ids';
import { insertFiles } from '../ledgers/files/files.repository';
import { signaturePng } from '../ledgers/files/png';
import { newStoredFile } from '../ledgers/files/stored-files';
import { sealUnchainedBatch } from '../ledgers/registro-chain/registro-chain';

const MIN = 60_000;
const shift = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MIN).toISOString();

interface DemoAmendment {
  worker: string;
  side: AmendmentSide;
  status: AmendmentStatus;
  reason: string;
  startShift: number;
  endShift: number;
  note?: string;
}

/**
 * Registro de jornada demo (issue 11): a correction in each state on completed records of the
 * employees, one record 'Sin cierre' (a forgotten clock-out), and every demo record and amendment
 * sealed in the company's chain, so 'Integridad del Registro' reads correct.
 */
export async function seedDemoCorrections(trx: Kysely<DB>, companyId: string, now: Date): Promise<void> {
  const users = await trx.selectFrom('users').select(['id', 'username']).where('company_id', '=', companyId).execute();
  const idOf = (username: string) => users.find((user) => user.username === username)?.id;
  const supervisorId = idOf('demo.supervisora');
  const [juan, lucia, carlos] = [idOf('demo.juan'), idOf('demo.lucia'), idOf('demo.carlos')];
  if (!supervisorId || !juan || !lucia) return;
  const people = { supervisorId };
  const plan: DemoAmendment[] = [
    { worker: juan, side: 'empleado', status: 'pendiente', reason: 'Entré 20 minutos antes; el móvil no tenía cobertura en el recinto.', startShift: -20, endShift: 0 },
    { worker: lucia, side: 'empresa', status: 'pendiente', reason: 'Según el parte de trabajo salió 15 minutos antes.', startShift: 0, endShift: -15 },
    { worker: carlos ?? juan, side: 'empleado', status: 'aprobada', reason: 'Me quedé 30 minutos más para el cierre del recinto.', startShift: 0, endShift: 30, note: 'Confirmado con el jefe de equipo.' },
    { worker: juan, side: 'empresa', status: 'rechazada', reason: 'La cámara de acceso marca la entrada 10 minutos más tarde.', startShift: 10, endShift: 0, note: 'Llegué a mi hora; fiché en la puerta norte.' },
    { worker: lucia, side: 'empleado', status: 'retirada', reason: 'Creía que había fichado tarde.', startShift: -5, endShift: 0 },
  ];
  const used = new Set<string>();
  const latest = new Date(now.getTime() - MIN).toISOString();
  const notAfterNow = (iso: string) => (iso < latest ? iso : latest);
  for (const [index, item] of plan.entries()) {
    const record = await trx
      .selectFrom('time_records')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('user_id', '=', item.worker)
      .where('status', '=', 'completado')
      .$if(used.size > 0, (query) => query.where('id', 'not in', [...used]))
      .orderBy('start_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!record?.end_time) continue;
    used.add(record.id);
    const createdAt = notAfterNow(shift(record.end_time, 12 * 60));
    const decidedAt = notAfterNow(shift(createdAt, 3 * 60));
    const after = { start: shift(record.start_time, item.startShift), end: shift(record.end_time, item.endShift) };
    const proposer = item.side === 'empleado' ? item.worker : people.supervisorId;
    const decider = item.status === 'retirada' ? proposer : item.side === 'empleado' ? people.supervisorId : item.worker;
    const amendmentId = newId('amd');
    const file = item.side === 'empresa' && item.status === 'aprobada' ? newStoredFile({ name: 'firma.png', bytes: signaturePng(index + 3) }, { companyId, ownerId: item.worker }, 'registro-signature', now) : null;
    if (file) await insertFiles(trx, [file]);
    await trx
      .insertInto('time_record_amendments')
      .values({
        id: amendmentId,
        company_id: companyId,
        record_id: record.id,
        user_id: item.worker,
        event_id: record.event_id,
        proposed_by: proposer,
        proposer_side: item.side,
        status: item.status,
        reason: item.reason,
        before_start: record.start_time,
        before_end: record.end_time,
        after_start: after.start,
        after_end: after.end,
        decided_by: item.status === 'pendiente' ? null : decider,
        decided_at: item.status === 'pendiente' ? null : decidedAt,
        decision_note: item.note ?? null,
        signature_file_id: file?.id ?? null,
        hash: null,
        created_at: createdAt,
      })
      .execute();
    if (item.status === 'aprobada') {
      const duration = Math.floor((Date.parse(after.end) - Date.parse(after.start)) / MIN);
      await trx.updateTable('time_records').set({ start_time: after.start, end_time: after.end, duration, corrected: 1 }).where('id', '=', record.id).execute();
    }
  }
  await seedSinCierre(trx, companyId, now, used, carlos ?? juan);
  while ((await sealUnchainedBatch(trx, now, companyId)) > 0) {
    // Seals the demo's records and amendments, oldest first, in the seeding transaction.
  }
}

/** The worker's latest finished record stays open (unless they have a running timer): 'Sin cierre'. */
async function seedSinCierre(trx: Kysely<DB>, companyId: string, now: Date, used: Set<string>, workerId: string): Promise<void> {
  const active = await trx.selectFrom('time_records').select('user_id').where('company_id', '=', companyId).where('status', '=', 'activo').execute();
  const busy = active.map((row) => row.user_id);
  const candidate = await trx
    .selectFrom('time_records')
    .innerJoin('events', 'events.id', 'time_records.event_id')
    .select(['time_records.id'])
    .where('time_records.company_id', '=', companyId)
    .where('time_records.user_id', '=', workerId)
    .where('time_records.status', '=', 'completado')
    .where('events.end_time', '<=', new Date(now.getTime() - SIN_CIERRE_GRACE_MS).toISOString())
    .$if(busy.length > 0, (query) => query.where('time_records.user_id', 'not in', busy))
    .$if(used.size > 0, (query) => query.where('time_records.id', 'not in', [...used]))
    .orderBy('time_records.start_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return;
  await trx.updateTable('time_records').set({ status: 'activo', end_time: null, duration: null, end_location: null }).where('id', '=', candidate.id).execute();
}
