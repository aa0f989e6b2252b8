import { monthRange } from '@jornada/shared/format';
import { EXPORT_NO_COMPANY_MESSAGE, type MonthlyExport } from '@jornada/shared/schemas/export';
import type { Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { unprocessable } from '../../lib/errors';
import { appendAction } from '../action-log/action-log.repository';
import * as repository from './export.repository';

/**
 * The monthly report, built on the server with the same company scope as the screens it summarizes
 * (kimai's lesson: an export must not be a side door). Only the caller's own company is ever read.
 */
export async function buildMonthlyExport(deps: ServiceDeps & { timeZone: string }, actor: Actor, month: string): Promise<MonthlyExport> {
  if (!actor.companyId) throw unprocessable(EXPORT_NO_COMPANY_MESSAGE);
  const company = await deps.db.selectFrom('companies').select(['id', 'name']).where('id', '=', actor.companyId).executeTakeFirst();
  if (!company) throw unprocessable(EXPORT_NO_COMPANY_MESSAGE);
  const range = monthRange(month, deps.timeZone);
  const window = { companyId: company.id, month, from: range.start.toISOString(), to: range.end.toISOString() };
  const [employees, events, timeRecords, workReports, materialLoans, payments] = await Promise.all([
    repository.readEmployees(deps.db, company.id),
    repository.readEvents(deps.db, window),
    repository.readTimeRecords(deps.db, window),
    repository.readWorkReports(deps.db, window),
    repository.readMaterialLoans(deps.db, window),
    repository.readPayments(deps.db, window),
  ]);
  await appendAction(deps.db, {
    actorId: actor.userId,
    actorName: actor.name,
    companyId: company.id,
    kind: 'export.monthly',
    message: `${actor.name} ha generado el informe mensual de ${month}`,
    at: deps.clock(),
  });
  return { month, company, employees, events, timeRecords, workReports, materialLoans, payments };
}
