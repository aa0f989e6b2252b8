import type { MySignatureResponse, SaveSignatureRequest } from '@jornada/shared/schemas/signatures';
import { requireRole, scopeOf, type Actor, type CompanyScope } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findFileContent, insertFiles, type FileContent } from '../../ledgers/files/files.repository';
import { signatureFile } from '../../ledgers/files/stored-files';
import * as signatures from './signatures.repository';

const SIGNATURE_NOT_FOUND_MESSAGE = 'Todavía no has guardado tu firma.';

/** Saved signatures belong to a company's Empleado or Supervisor (the roles of Mi Firma and reports). */
export function signerScope(actor: Actor): { kind: 'company'; companyId: string } {
  requireRole(actor, ['Empleado', 'Supervisor']);
  const scope = scopeOf(actor);
  if (scope.kind !== 'company') throw notFound(SIGNATURE_NOT_FOUND_MESSAGE);
  return scope;
}

/**
 * The saved signature, if any. `imagePath` is the route that serves it to this screen (Mi Firma
 * and the work report dialog each have their own, under their own view permission).
 */
export async function getMySignature(deps: ServiceDeps, actor: Actor, imagePath: string): Promise<MySignatureResponse> {
  const saved = await signatures.findSavedSignature(deps.db, signerScope(actor), actor.userId);
  return { signature: saved ? { url: `${imagePath}?v=${encodeURIComponent(saved.fileId)}`, updatedAt: saved.updatedAt } : null };
}

/** 'Guardar Firma' ('Firma Guardada'): a PNG by its bytes; the previous one goes in the same transaction. */
export async function saveMySignature(deps: ServiceDeps, actor: Actor, input: SaveSignatureRequest, imagePath: string): Promise<MySignatureResponse> {
  const scope = signerScope(actor);
  const now = deps.clock();
  const file = signatureFile(input.signature, { companyId: scope.companyId, ownerId: actor.userId }, now);
  await deps.db.transaction().execute(async (trx) => {
    await insertFiles(trx, [file]);
    await signatures.upsertSignature(trx, { userId: actor.userId, companyId: scope.companyId, fileId: file.id, at: now });
    await signatures.deleteReplacedSignatureFiles(trx, actor.userId);
    await appendActorAction(trx, actor, now, { companyId: scope.companyId, kind: 'signature.save', message: `${actor.name} ha guardado su firma` });
  });
  return getMySignature(deps, actor, imagePath);
}

export async function getMySignatureImage(deps: ServiceDeps, actor: Actor): Promise<FileContent> {
  const scope: CompanyScope = signerScope(actor);
  const saved = await signatures.findSavedSignature(deps.db, scope, actor.userId);
  const file = saved ? await findFileContent(deps.db, scope, saved.fileId) : undefined;
  if (!file) throw notFound(SIGNATURE_NOT_FOUND_MESSAGE);
  return file;
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { findSavedSignature } from './signatures.repository';
