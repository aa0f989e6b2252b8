import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { insertFiles, type NewFile } from '../ledgers/files/files.repository';
import { documentPhotoPng, signaturePng } from '../ledgers/files/png';
import { newStoredFile } from '../ledgers/files/stored-files';
import { newId } from '../lib/ids';

const demoText = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

/**
 * Saved signatures (Juan and Lucía), their documents (a DNI photo and the TIP number) and signed
 * work reports with attachments for the latest finished events they worked; the oldest finished
 * events stay pending, so 'Generar Parte' has something to show.
 */
export async function seedDemoDocuments(db: Kysely<DB>, companyId: string, now: Date): Promise<void> {
  const people = await db.selectFrom('users').select(['id', 'username']).where('company_id', '=', companyId).execute();
  const idOf = new Map(people.map((person) => [person.username, person.id]));
  const juan = idOf.get('demo.juan');
  const lucia = idOf.get('demo.lucia');
  if (!juan || !lucia) return;
  const at = now.toISOString();
  const files: NewFile[] = [];
  const file = (ownerId: string, name: string, bytes: Buffer, purpose: NewFile['purpose']) => {
    const stored = newStoredFile({ name, bytes }, { companyId, ownerId }, purpose, now);
    files.push(stored);
    return stored.id;
  };

  const signatures = [juan, lucia].map((userId, index) => ({ userId, fileId: file(userId, 'firma.png', signaturePng(index * 5 + 1), 'signature') }));
  const required = new Set((await db.selectFrom('category_documents').select('id').execute()).map((row) => row.id));
  const documents = [
    { user_id: juan, document_id: 'doc-dni', document_name: 'DNI', type: 'foto' as const, text_value: null, file_id: file(juan, 'dni-juan.png', documentPhotoPng(), 'document') },
    { user_id: juan, document_id: 'doc-tip', document_name: 'Número TIP', type: 'escrito' as const, text_value: 'TIP-458123', file_id: null },
    { user_id: lucia, document_id: 'doc-dni-aux', document_name: 'DNI', type: 'foto' as const, text_value: null, file_id: file(lucia, 'dni-lucia.png', documentPhotoPng(), 'document') },
  ].filter((document) => required.has(document.document_id));

  const finished = await db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['events.id', 'events.name', 'events.end_time', 'event_assignments.user_id'])
    .where('events.company_id', '=', companyId)
    .where('events.end_time', '<=', at)
    .where('event_assignments.user_id', 'in', [juan, lucia])
    .orderBy('events.end_time', 'desc')
    .execute();
  const reported = [...finished.filter((row) => row.user_id === juan).slice(0, 2), ...finished.filter((row) => row.user_id === lucia).slice(0, 1)];
  const reports = reported.map((event, index) => {
    const id = newId('wr');
    const createdAt = new Date(Date.parse(event.end_time) + (30 + index * 7) * 60_000).toISOString();
    const signatureFileId = file(event.user_id, 'firma.png', signaturePng(event.user_id === juan ? 1 : 6), 'signature');
    const attachments = [
      file(event.user_id, 'incidencias.txt', demoText([`Parte de «${event.name}»`, 'Sin incidencias relevantes.', 'Acceso controlado por la puerta principal.']), 'attachment'),
      ...(index === 0 ? [file(event.user_id, 'foto-acceso.png', documentPhotoPng(), 'attachment')] : []),
    ];
    return {
      report: {
        id,
        company_id: companyId,
        user_id: event.user_id,
        event_id: event.id,
        observations: index === 1 ? '' : 'Turno sin incidencias. Se revisaron las salidas de emergencia.',
        signature_file_id: signatureFileId,
        created_at: createdAt,
      },
      attachments: attachments.map((fileId, position) => ({ report_id: id, file_id: fileId, position })),
    };
  });

  await insertFiles(db, files);
  await db
    .insertInto('user_signatures')
    .values(signatures.map(({ userId, fileId }) => ({ user_id: userId, company_id: companyId, file_id: fileId, created_at: at, updated_at: at })))
    .execute();
  if (documents.length > 0) {
    await db.insertInto('user_documents').values(documents.map((document) => ({ ...document, company_id: companyId, created_at: at, updated_at: at }))).execute();
  }
  if (reports.length > 0) {
    await db.insertInto('work_reports').values(reports.map(({ report }) => report)).execute();
    const links = reports.flatMap(({ attachments }) => attachments);
    if (links.length > 0) await db.insertInto('work_report_attachments').values(links).execute();
  }
}
