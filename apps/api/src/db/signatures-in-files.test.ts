import { createHash } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultRoleIds, roleNames } from '@jornada/shared/permissions';
import type { Database } from './database';
import { seedDemo } from '../demo/demo';
import { migrateToLatest } from './migrate';
import { migrationProvider } from './migrations/index';
import { prepareDatabase } from './prepare';
import type { DB } from './schema';
import { deleteCompanyCascade } from '../features/companies/companies.repository';
import { deleteReplacedSignatureFiles, upsertSignature } from '../features/documents/signatures.repository';
import { signaturePng } from '../ledgers/files/png';
import { activeChainKeyring } from '../ledgers/registro-chain/chain-key';
import { ensureChainKey, sealAmendment, sealTimeRecord } from '../ledgers/registro-chain/registro-chain';
import { verifyRegistro } from '../ledgers/registro-chain/registro-verify';
import { createTestDatabase } from '../test/test-database';
import { demoNow } from '../test/demo-database';

const PREVIOUS = '2026-11-26-0200-jobs-notifications';
const AT = '2026-11-20T08:00:00.000Z';
const END = '2026-11-20T16:00:00.000Z';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

/** The tables as they were at 0200: the columns this migration drops are not in today's types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the 0200 columns are not in today's types
const old = (db: Kysely<DB>) => db as unknown as Kysely<any>;

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.destroy());

async function registroIsValid(db: Kysely<DB>) {
  const result = await verifyRegistro(db, new Date(END));
  expect(result.companies.filter((company) => !company.ok)).toEqual([]);
  expect(result.ok).toBe(true);
  return result.companies.map((company) => ({ companyId: company.companyId, entries: company.entries }));
}

/** Every shape of signature at 0200, with a correction and its record sealed in the chain. */
async function seedOldShapes(db: Kysely<DB>) {
  const png = { mine: signaturePng(1), report: signaturePng(2), loan: signaturePng(3), vacation: signaturePng(4), month: signaturePng(5), approval: signaturePng(6), gone: signaturePng(7) };
  // The default roles as they were at 0200 (seedDefaults writes today's columns, e.g. base_role of 0320).
  await db
    .insertInto('roles')
    .values(roleNames.map((name) => ({ id: defaultRoleIds[name], name, price_cents: null, is_default: 1, created_at: AT }) as never))
    .execute();
  await ensureChainKey(db, activeChainKeyring(), new Date(AT));
  await db.insertInto('companies').values({ id: 'comp-a', name: 'Firmas Antiguas', created_at: AT } as never).execute();
  const user = (id: string, role: keyof typeof defaultRoleIds) => ({
    id,
    name: `Persona ${id}`,
    username: id,
    password_hash: 'x',
    role_id: defaultRoleIds[role],
    company_id: 'comp-a',
    email: null,
    is_disabled: 0,
    is_deleted: 0,
    created_at: AT,
    updated_at: AT,
  });
  await db.insertInto('users').values([user('usr-worker', 'Empleado'), user('usr-boss', 'Supervisor')]).execute();
  const file = (id: string, bytes: Buffer, owner = 'usr-worker') => ({
    id,
    company_id: 'comp-a',
    owner_id: owner,
    purpose: 'signature' as const,
    name: 'firma.png',
    content_type: 'image/png',
    size: bytes.length,
    sha256: sha256(bytes),
    bytes,
    created_at: AT,
  });
  // Already in files: Mi Firma and a work report's own copy.
  await db.insertInto('files').values([file('file-mine', png.mine), file('file-report', png.report), file('file-approval', png.approval)]).execute();
  await db.insertInto('user_signatures').values({ user_id: 'usr-worker', company_id: 'comp-a', file_id: 'file-mine', created_at: AT, updated_at: AT }).execute();
  await db.insertInto('work_reports').values({ id: 'wr-1', company_id: 'comp-a', user_id: 'usr-worker', event_id: 'evt-1', observations: '', signature_file_id: 'file-report', created_at: END }).execute();
  // Data URL columns.
  await old(db)
    .insertInto('material_loans')
    .values({ id: 'loan-1', company_id: 'comp-a', employee_id: 'usr-worker', employee_name: 'W', supervisor_id: 'usr-boss', supervisor_name: 'B', status: 'Confirmado', loan_date: AT, confirmation_date: END, denial_date: null, return_request_date: null, return_date: null, signature: dataUrl(png.loan) })
    .execute();
  await old(db)
    .insertInto('material_loans')
    .values({ id: 'loan-2', company_id: 'comp-a', employee_id: 'usr-worker', employee_name: 'W', supervisor_id: 'usr-boss', supervisor_name: 'B', status: 'Pendiente de confirmación', loan_date: AT, confirmation_date: null, denial_date: null, return_request_date: null, return_date: null, signature: null })
    .execute();
  await old(db)
    .insertInto('vacation_requests')
    .values({ id: 'vac-1', company_id: 'comp-a', employee_id: 'usr-worker', supervisor_id: 'usr-boss', created_by: 'usr-boss', created_at: AT, status: 'confirmado', awaiting: null, signature: dataUrl(png.vacation), processed_at: END, processed_by: 'usr-worker' })
    .execute();
  // A signed month with its PNG in the row.
  await old(db)
    .insertInto('signed_months')
    .values({ id: 'sm-1', company_id: 'comp-a', user_id: 'usr-worker', month: '2026-10', signed_at: END, user_name: 'W', signature_png: png.month, signature_sha256: sha256(png.month), worked_minutes: 480, overtime_minutes: 0, year_overtime_minutes: 0, rule_breaks: 0, content_sha256: 'c'.repeat(64), version: 1 })
    .execute();
  // An approved correction of a sealed record: its file id is in the chain payload, its PNG copied beside it.
  // The second company was deleted: its `files` row went with it, only the copy is left.
  for (const [company, worker, fileId, bytes] of [
    ['comp-a', 'usr-worker', 'file-approval', png.approval],
    ['comp-gone', 'usr-gone', 'file-gone', png.gone],
  ] as const) {
    const recordId = `tr-${company}`;
    await db
      .insertInto('time_records')
      .values({ id: recordId, company_id: company, user_id: worker, event_id: 'evt-1', start_time: AT, end_time: END, duration: 480, status: 'completado', start_location: null, end_location: null, created_at: AT })
      .execute();
    const amendmentId = `amd-${company}`;
    await db
      .insertInto('time_record_amendments')
      .values({
        id: amendmentId,
        company_id: company,
        record_id: recordId,
        user_id: worker,
        event_id: 'evt-1',
        proposed_by: 'usr-boss',
        proposer_side: 'empresa',
        status: 'aprobada',
        reason: 'Salida según el parte',
        before_start: AT,
        before_end: END,
        after_start: AT,
        after_end: END,
        decided_by: worker,
        decided_at: END,
        decision_note: null,
        signature_file_id: fileId,
        hash: null,
        created_at: AT,
      })
      .execute();
    await old(db).insertInto('amendment_signatures').values({ amendment_id: amendmentId, company_id: company, signature_png: bytes, signature_sha256: sha256(bytes), signed_at: END }).execute();
    // Sealed as the app does: the record, the proposal, then the approval over the row as it is now.
    await db.transaction().execute(async (trx) => {
      await sealTimeRecord(trx, recordId, 'entrada', new Date(AT));
      await sealAmendment(trx, amendmentId, 'propuesta', new Date(AT));
      await sealAmendment(trx, amendmentId, 'aprobada', new Date(END));
    });
  }
  return png;
}

const bytesOf = async (db: Kysely<DB>, id: string | null) => {
  const row = await db.selectFrom('files').selectAll().where('id', '=', id ?? '').executeTakeFirstOrThrow();
  return { ...row, bytes: Buffer.from(row.bytes) };
};

describe('migration 0210: every signature in files', () => {
  it('moves every old shape into files, byte for byte, drops the old columns, and the registro verifies before and after', async () => {
    const { db } = database;
    await new Migrator({ db, provider: migrationProvider }).migrateTo(PREVIOUS);
    const png = await seedOldShapes(db);
    const before = await registroIsValid(db);
    const amendmentsBefore = await db.selectFrom('time_record_amendments').select(['id', 'signature_file_id', 'hash']).orderBy('id').execute();

    await migrateToLatest(db);

    expect(await registroIsValid(db)).toEqual(before);
    // The sealed amendments keep their file id and hash: the chain payload did not move.
    expect(await db.selectFrom('time_record_amendments').select(['id', 'signature_file_id', 'hash']).orderBy('id').execute()).toEqual(amendmentsBefore);

    const loan = await db.selectFrom('material_loans').select(['id', 'signature_file_id']).orderBy('id').execute();
    expect(loan[1]!.signature_file_id).toBeNull();
    expect(await bytesOf(db, loan[0]!.signature_file_id)).toMatchObject({ purpose: 'signature', company_id: 'comp-a', owner_id: 'usr-worker', content_type: 'image/png', size: png.loan.length, sha256: sha256(png.loan), bytes: png.loan, created_at: END });

    const vacation = await db.selectFrom('vacation_requests').select('signature_file_id').executeTakeFirstOrThrow();
    expect(await bytesOf(db, vacation.signature_file_id)).toMatchObject({ purpose: 'signature', company_id: 'comp-a', owner_id: 'usr-worker', sha256: sha256(png.vacation), bytes: png.vacation, created_at: END });

    const month = await db.selectFrom('signed_months').selectAll().executeTakeFirstOrThrow();
    expect(month.signature_sha256).toBe(sha256(png.month));
    expect(await bytesOf(db, month.signature_file_id)).toMatchObject({ purpose: 'registro-signature', company_id: 'comp-a', owner_id: 'usr-worker', sha256: month.signature_sha256, bytes: png.month, created_at: END });

    expect(await bytesOf(db, 'file-approval')).toMatchObject({ purpose: 'registro-signature', company_id: 'comp-a', owner_id: 'usr-worker', bytes: png.approval });
    // The deleted company's approval comes back under the id the chain sealed.
    expect(await bytesOf(db, 'file-gone')).toMatchObject({ purpose: 'registro-signature', company_id: 'comp-gone', owner_id: 'usr-gone', sha256: sha256(png.gone), bytes: png.gone, created_at: END });

    // What was in files already stays as it was, its references too (SQLite rebuilt the table).
    expect(await bytesOf(db, 'file-mine')).toMatchObject({ purpose: 'signature', bytes: png.mine });
    expect(await bytesOf(db, 'file-report')).toMatchObject({ purpose: 'signature', bytes: png.report });
    expect(await db.selectFrom('user_signatures').select('file_id').execute()).toEqual([{ file_id: 'file-mine' }]);
    expect(await db.selectFrom('work_reports').select('signature_file_id').execute()).toEqual([{ signature_file_id: 'file-report' }]);
    expect(Number((await db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(7);

    // The old columns and table are gone.
    await expect(old(db).selectFrom('material_loans').select('signature').execute()).rejects.toThrow();
    await expect(old(db).selectFrom('vacation_requests').select('signature').execute()).rejects.toThrow();
    await expect(old(db).selectFrom('signed_months').select('signature_png').execute()).rejects.toThrow();
    await expect(old(db).selectFrom('amendment_signatures').selectAll().execute()).rejects.toThrow();

    // The guarantees: a new 'Mi Firma' keeps the receipts; deleting the company keeps the registro's.
    await db.insertInto('files').values({ ...(await bytesOf(db, 'file-mine')), id: 'file-mine-2' }).execute();
    await db.transaction().execute(async (trx) => {
      await upsertSignature(trx, { userId: 'usr-worker', companyId: 'comp-a', fileId: 'file-mine-2', at: new Date(END) });
      await deleteReplacedSignatureFiles(trx, 'usr-worker');
    });
    const left = async () => (await db.selectFrom('files').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(await left()).toEqual(expect.arrayContaining([loan[0]!.signature_file_id, vacation.signature_file_id, month.signature_file_id, 'file-approval', 'file-report']));
    expect(await left()).not.toContain('file-mine');
    await db.transaction().execute((trx) => deleteCompanyCascade(trx, { id: 'comp-a', name: 'Firmas Antiguas' }, { at: new Date(END), byName: 'Admin' }));
    expect((await left()).sort()).toEqual([month.signature_file_id, 'file-approval', 'file-gone'].sort());
    expect(await bytesOf(db, month.signature_file_id)).toMatchObject({ bytes: png.month });
    await registroIsValid(db);
  });

  it('verify-registro passes on the demo data before and after the migration, and every signature keeps its bytes', async () => {
    const { db } = database;
    await prepareDatabase(db, demoNow);
    await seedDemo(db, demoNow);
    const signaturesNow = async () => {
      const ids = [
        ...(await db.selectFrom('material_loans').select('signature_file_id as id').where('signature_file_id', 'is not', null).execute()),
        ...(await db.selectFrom('vacation_requests').select('signature_file_id as id').where('signature_file_id', 'is not', null).execute()),
        ...(await db.selectFrom('signed_months').select('signature_file_id as id').execute()),
        ...(await db.selectFrom('time_record_amendments').select('signature_file_id as id').where('signature_file_id', 'is not', null).execute()),
      ];
      const files = await db.selectFrom('files').select(['sha256']).where('id', 'in', ids.map((row) => row.id as string)).execute();
      return files.map((row) => row.sha256).sort();
    };
    const demoSignatures = await signaturesNow();
    expect(demoSignatures.length).toBeGreaterThanOrEqual(4);
    // The demo back in 0200's shape (data URLs, PNG columns, the copies table), as an older server left it.
    // Every later migration is undone too (their downs), so this holds whatever comes after 0210.
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(PREVIOUS);
    expect(error).toBeUndefined();
    expect(await old(db).selectFrom('signed_months').select('signature_png').execute()).not.toEqual([]);
    const before = await registroIsValid(db);

    await migrateToLatest(db);

    expect(await registroIsValid(db)).toEqual(before);
    expect(await signaturesNow()).toEqual(demoSignatures);
  });
});
