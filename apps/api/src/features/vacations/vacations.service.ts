import { emitWebhook } from '../webhooks/emit-webhook';
import {
  NO_SUPERVISOR_MESSAGE,
  type MyVacations,
  type Vacation,
  type VacationPage,
} from '@jornada/shared/schemas/vacations';
import { scopeOf, type Actor } from '../../lib/authorization';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isPngDataUrl } from '../../lib/png';
import { insertFiles } from '../../ledgers/files/files.repository';
import { signatureFile } from '../../ledgers/files/stored-files';
import { appendAction } from '../../ledgers/action-log/action-log';
import { vacationAnswered, vacationProposed, vacationRequested } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import * as repository from './vacations.repository';

const NOT_FOUND = 'No se ha encontrado la solicitud de vacaciones.';
const ALREADY_ANSWERED = 'Esta solicitud ya no está pendiente de tu respuesta.';
const daysText = (dates: string[]) => (dates.length === 1 ? '1 día' : `${dates.length} días`);

function log(deps: ServiceDeps, actor: Actor, companyId: string, kind: string, message: string) {
  return (trx: Parameters<typeof appendAction>[0]) =>
    appendAction(trx, { actorId: actor.userId, actorName: actor.name, companyId, kind, message: `${actor.name} ${message}`, at: deps.clock() });
}

/** Decision 6, first flow: an employee asks; a supervisor of the company must exist to answer. */
export async function requestOwnVacation(deps: ServiceDeps, actor: Actor, dates: string[]): Promise<Vacation> {
  const companyId = actor.companyId;
  if (!companyId) throw unprocessable(NO_SUPERVISOR_MESSAGE);
  const supervisors = await repository.listActivePeople(deps.db, companyId, 'Supervisor');
  if (supervisors.length === 0) throw unprocessable(NO_SUPERVISOR_MESSAGE);
  const id = newId('vac');
  const at = deps.clock().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repository.insertRequest(
      trx,
      { id, company_id: companyId, employee_id: actor.userId, supervisor_id: null, created_by: actor.userId, created_at: at, status: 'pendiente', awaiting: 'supervisor', processed_at: null, processed_by: null },
      dates,
    );
    await log(deps, actor, companyId, 'vacation.request', `ha solicitado vacaciones (${daysText(dates)})`)(trx);
    await notify(trx, { companyId, recipients: supervisors.map((supervisor) => supervisor.id), message: vacationRequested(actor.name, new Set(dates).size), at: deps.clock(), actorId: actor.userId });
  });
  return (await repository.findRequest(deps.db, scopeOf(actor), id)) as Vacation;
}

/** Decision 6, second flow: a supervisor proposes days for an Empleado of the company. */
export async function createVacationForEmployee(deps: ServiceDeps, actor: Actor, input: { employeeId: string; dates: string[] }): Promise<Vacation> {
  const employee = await deps.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name', 'users.company_id', 'roles.base_role', 'users.is_deleted'])
    .where('users.id', '=', input.employeeId)
    .executeTakeFirst();
  const scope = scopeOf(actor);
  const inCompany = employee && employee.company_id !== null && (scope.kind === 'all' || employee.company_id === scope.companyId);
  if (!employee || !inCompany || Number(employee.is_deleted) === 1) throw unprocessable('El empleado no pertenece a tu empresa.');
  if (employee.base_role !== 'Empleado') throw unprocessable('Solo se pueden crear vacaciones para empleados.');
  const companyId = employee.company_id as string;
  const id = newId('vac');
  const at = deps.clock().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repository.insertRequest(
      trx,
      { id, company_id: companyId, employee_id: employee.id, supervisor_id: actor.userId, created_by: actor.userId, created_at: at, status: 'pendiente', awaiting: 'employee', processed_at: null, processed_by: null },
      input.dates,
    );
    await log(deps, actor, companyId, 'vacation.create', `ha propuesto vacaciones a ${employee.name} (${daysText(input.dates)})`)(trx);
    await notify(trx, { companyId, recipients: [employee.id], message: vacationProposed(new Set(input.dates).size), at: deps.clock(), actorId: actor.userId });
  });
  return (await repository.findRequest(deps.db, scope, id)) as Vacation;
}

export async function listVacations(
  deps: ServiceDeps,
  actor: Actor,
  query: { state: 'pending' | 'processed'; companyId?: string; cursor?: string; limit: number },
): Promise<VacationPage> {
  const after = query.cursor ? (decodeCursor(query.cursor, 2) as [string, string]) : undefined;
  const rows = await repository.listRequests(deps.db, scopeOf(actor), { state: query.state, companyId: query.companyId, after, limit: query.limit + 1 });
  return pageOf(rows, query.limit, (row) => [row.createdAt, row.id]);
}

/** A supervisor answers an employee's own request; the employee can never answer their own. */
export async function answerAsSupervisor(deps: ServiceDeps, actor: Actor, id: string, status: 'confirmado' | 'rechazado'): Promise<Vacation> {
  const scope = scopeOf(actor);
  const request = await repository.findRequest(deps.db, scope, id);
  if (!request) throw notFound(NOT_FOUND);
  if (request.status !== 'pendiente' || request.awaiting !== 'supervisor') throw conflict(ALREADY_ANSWERED);
  await deps.db.transaction().execute(async (trx) => {
    const answered = await repository.answerRequest(trx, { id, awaiting: 'supervisor', status, signatureFileId: null, at: deps.clock().toISOString(), by: actor.userId, supervisorId: actor.userId });
    if (!answered) throw conflict(ALREADY_ANSWERED);
    const verb = status === 'confirmado' ? 'aprobado' : 'rechazado';
    await log(deps, actor, request.companyId, `vacation.${verb}`, `ha ${verb} las vacaciones de ${request.employeeName ?? 'Usuario Desconocido'}`)(trx);
    await notify(trx, { companyId: request.companyId, recipients: [request.employeeId], message: vacationAnswered(status, request.dates.length), at: deps.clock(), actorId: actor.userId });
    await emitWebhook(trx, {
      companyId: request.companyId,
      type: 'vacaciones.decision',
      data: { requestId: request.id, user: { id: request.employeeId, name: request.employeeName }, status, dates: request.dates, by: { id: actor.userId, name: actor.name } },
      at: deps.clock(),
    });
  });
  return (await repository.findRequest(deps.db, scope, id)) as Vacation;
}

/** The employee answers a supervisor's proposal: confirming needs their signature. */
export async function answerAsEmployee(
  deps: ServiceDeps,
  actor: Actor,
  id: string,
  answer: { status: 'confirmado'; signature: string } | { status: 'rechazado' },
): Promise<Vacation> {
  const scope = scopeOf(actor);
  const request = await repository.findRequest(deps.db, scope, id);
  if (!request || request.employeeId !== actor.userId) throw notFound(NOT_FOUND);
  if (request.status !== 'pendiente' || request.awaiting !== 'employee') throw conflict(ALREADY_ANSWERED);
  const signature = answer.status === 'confirmado' ? answer.signature : null;
  if (signature !== null && !isPngDataUrl(signature)) throw badRequest('La firma no es una imagen PNG válida.');
  const now = deps.clock();
  // One store for signatures (decision 036): the PNG goes to `files`, owned by the employee.
  const file = signature === null ? null : signatureFile(signature, { companyId: request.companyId, ownerId: actor.userId }, now);
  await deps.db.transaction().execute(async (trx) => {
    if (file) await insertFiles(trx, [file]);
    const answered = await repository.answerRequest(trx, { id, awaiting: 'employee', status: answer.status, signatureFileId: file?.id ?? null, at: now.toISOString(), by: actor.userId });
    if (!answered) throw conflict(ALREADY_ANSWERED);
    const verb = answer.status === 'confirmado' ? 'confirmado' : 'rechazado';
    await log(deps, actor, request.companyId, `vacation.${verb}`, `ha ${verb} sus vacaciones`)(trx);
    await emitWebhook(trx, {
      companyId: request.companyId,
      type: 'vacaciones.decision',
      data: { requestId: request.id, user: { id: actor.userId, name: actor.name }, status: answer.status, dates: request.dates, by: { id: actor.userId, name: actor.name } },
      at: now,
    });
  });
  return (await repository.findRequest(deps.db, scope, id)) as Vacation;
}

/** Only processed requests can be deleted (the spec's history), never a pending one. */
export async function deleteVacation(deps: ServiceDeps, actor: Actor, id: string): Promise<void> {
  const request = await repository.findRequest(deps.db, scopeOf(actor), id);
  if (!request) throw notFound(NOT_FOUND);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repository.deleteProcessedRequest(trx, id))) throw conflict('Solo se pueden eliminar solicitudes ya procesadas.');
    await log(deps, actor, request.companyId, 'vacation.delete', `ha eliminado una solicitud de vacaciones de ${request.employeeName ?? 'Usuario Desconocido'}`)(trx);
  });
}

export async function myVacations(deps: ServiceDeps, actor: Actor): Promise<MyVacations> {
  const [requests, confirmedDates] = await Promise.all([
    repository.listEmployeeRequests(deps.db, actor.userId, 200),
    repository.listConfirmedDaysOf(deps.db, actor.userId),
  ]);
  return { requests, confirmedDates };
}

/** The Empleado picker of the supervisor's form (spec section 6: vacation lists cover Empleado users). */
export async function vacationEmployees(deps: ServiceDeps, actor: Actor, companyId: string | undefined) {
  const scope = scopeOf(actor);
  const target = scope.kind === 'company' ? scope.companyId : companyId;
  if (!target) throw badRequest('Selecciona una empresa.');
  return repository.listActivePeople(deps.db, target, 'Empleado');
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { findConfirmedDays } from './vacations.repository';
