import { PHOTO_REQUIRED_MESSAGE } from '@jornada/shared/files';
import {
  DOCUMENT_NOT_FOUND_MESSAGE,
  type EmployeeDocumentsResponse,
  type MyDocument,
  type MyDocumentsResponse,
  type SaveDocumentTextRequest,
} from '@jornada/shared/schemas/documents';
import { requireRole, scopeOf, type Actor, type CompanyScope } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findFileContent, insertFiles, type FileContent } from '../../ledgers/files/files.repository';
import { newStoredFile, requirePhoto } from '../../ledgers/files/stored-files';
import type { MultipartForm } from '../../ledgers/files/uploads';
import * as documents from './documents.repository';

const EMPLOYEE_NOT_FOUND_MESSAGE = 'Empleado no encontrado.';
const documentHolders = ['Empleado', 'Supervisor'] as const;

/** Documents belong to a company's Empleado or Supervisor; the scope is exactly their company. */
function ownScope(actor: Actor): { scope: CompanyScope; companyId: string } {
  requireRole(actor, documentHolders);
  const scope = scopeOf(actor);
  if (scope.kind !== 'company') throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
  return { scope, companyId: scope.companyId };
}

type FileUrl = (documentId: string, fileId: string) => string;

const myPhotoUrl: FileUrl = (documentId, fileId) => `/api/my-documents/${encodeURIComponent(documentId)}/photo?v=${encodeURIComponent(fileId)}`;

function employeePhotoUrl(employeeId: string): FileUrl {
  return (documentId, fileId) =>
    `/api/employees/${encodeURIComponent(employeeId)}/documents/${encodeURIComponent(documentId)}/photo?v=${encodeURIComponent(fileId)}`;
}

function present(
  required: documents.RequiredDocument,
  saved: documents.SavedDocument | undefined,
  url: FileUrl,
): MyDocument {
  return {
    id: required.id,
    name: required.name,
    type: required.type,
    text: required.type === 'escrito' ? (saved?.text ?? null) : null,
    file:
      required.type === 'foto' && saved?.file
        ? { name: saved.file.name, size: saved.file.size, type: saved.file.contentType, url: url(required.id, saved.file.id) }
        : null,
    updatedAt: saved?.updatedAt ?? null,
  };
}

/** Mis Documentos: the required documents of all the user's categories (by id, once), with their values. */
export async function listMyDocuments(deps: ServiceDeps, actor: Actor): Promise<MyDocumentsResponse> {
  const { scope } = ownScope(actor);
  const [required, saved] = await Promise.all([
    documents.listRequiredDocuments(deps.db, actor.userId),
    documents.listSavedDocuments(deps.db, scope, actor.userId),
  ]);
  const savedById = new Map(saved.map((value) => [value.documentId, value]));
  return { items: required.map((document) => present(document, savedById.get(document.id), myPhotoUrl)) };
}

/** A document the user's categories ask for, of the expected type; any other id is simply not there. */
async function requireOwnDocument(deps: ServiceDeps, actor: Actor, documentId: string, type: 'escrito' | 'foto') {
  const own = ownScope(actor);
  const document = await documents.findRequiredDocument(deps.db, actor.userId, documentId);
  if (!document) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
  if (document.type !== type) {
    throw unprocessable(type === 'foto' ? 'Este documento se rellena con texto, no con una foto.' : 'Este documento se entrega como foto.');
  }
  return { ...own, document };
}

async function reload(deps: ServiceDeps, actor: Actor, scope: CompanyScope, document: documents.RequiredDocument): Promise<MyDocument> {
  const saved = (await documents.listSavedDocuments(deps.db, scope, actor.userId)).find((value) => value.documentId === document.id);
  return present(document, saved, myPhotoUrl);
}

/** 'escrito': the text ('Dato Guardado'); a blank value never reaches here (shared schema). */
export async function saveDocumentText(deps: ServiceDeps, actor: Actor, documentId: string, input: SaveDocumentTextRequest): Promise<MyDocument> {
  const { scope, companyId, document } = await requireOwnDocument(deps, actor, documentId, 'escrito');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await documents.upsertDocument(trx, { userId: actor.userId, companyId, document, text: input.value, fileId: null, at: now });
    await documents.deleteReplacedDocumentFiles(trx, actor.userId);
    await appendActorAction(trx, actor, now, { companyId, kind: 'document.save', message: `${actor.name} ha guardado el documento «${document.name}»` });
  });
  return reload(deps, actor, scope, document);
}

/**
 * 'foto': one JPEG, PNG or WebP image by its bytes ('Documento Guardado'). The access check runs
 * before the upload is read; the old photo goes in the same transaction.
 */
export async function saveDocumentPhoto(
  deps: ServiceDeps,
  actor: Actor,
  documentId: string,
  readUpload: () => Promise<MultipartForm>,
): Promise<MyDocument> {
  const { scope, companyId, document } = await requireOwnDocument(deps, actor, documentId, 'foto');
  const { files } = await readUpload();
  const upload = files[0];
  if (!upload) throw badRequest(PHOTO_REQUIRED_MESSAGE);
  requirePhoto(upload);
  const now = deps.clock();
  const file = newStoredFile(upload, { companyId, ownerId: actor.userId }, 'document', now);
  await deps.db.transaction().execute(async (trx) => {
    await insertFiles(trx, [file]);
    await documents.upsertDocument(trx, { userId: actor.userId, companyId, document, text: null, fileId: file.id, at: now });
    await documents.deleteReplacedDocumentFiles(trx, actor.userId);
    await appendActorAction(trx, actor, now, { companyId, kind: 'document.save', message: `${actor.name} ha subido el documento «${document.name}»` });
  });
  return reload(deps, actor, scope, document);
}

async function photoOf(deps: ServiceDeps, scope: CompanyScope, userId: string, documentId: string): Promise<FileContent> {
  const fileId = await documents.findSavedDocumentFileId(deps.db, scope, userId, documentId);
  const file = fileId ? await findFileContent(deps.db, scope, fileId) : undefined;
  if (!file) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
  return file;
}

/** The user's own photo (preview and download). */
export async function getMyDocumentPhoto(deps: ServiceDeps, actor: Actor, documentId: string): Promise<FileContent> {
  const { scope } = ownScope(actor);
  return photoOf(deps, scope, actor.userId, documentId);
}

/** The view-employees check: a supervisor's own company, every company for an administrator. */
async function requireEmployee(deps: ServiceDeps, actor: Actor, employeeId: string) {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const scope = scopeOf(actor);
  const employee = await documents.findEmployee(deps.db, scope, employeeId);
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND_MESSAGE);
  return { scope: { kind: 'company', companyId: employee.companyId } as CompanyScope, employee };
}

/** The Documentos tab: every value the employee saved, marked when no category asks for it any more. */
export async function listEmployeeDocuments(deps: ServiceDeps, actor: Actor, employeeId: string): Promise<EmployeeDocumentsResponse> {
  const { scope, employee } = await requireEmployee(deps, actor, employeeId);
  const [required, saved] = await Promise.all([
    documents.listRequiredDocuments(deps.db, employee.id),
    documents.listSavedDocuments(deps.db, scope, employee.id),
  ]);
  const requiredIds = new Set(required.map((document) => document.id));
  const url = employeePhotoUrl(employee.id);
  return {
    items: saved.map((value) => ({
      ...present({ id: value.documentId, name: value.name, type: value.type }, value, url),
      required: requiredIds.has(value.documentId),
    })),
  };
}

export async function getEmployeeDocumentPhoto(deps: ServiceDeps, actor: Actor, employeeId: string, documentId: string): Promise<FileContent> {
  const { scope, employee } = await requireEmployee(deps, actor, employeeId);
  return photoOf(deps, scope, employee.id, documentId);
}
