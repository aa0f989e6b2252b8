import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './features/account/account.routes';
import { actionLogRoutes } from './features/action-log/action-log.routes';
import { categoryRoutes } from './features/categories/categories.routes';
import { companyRoutes } from './features/companies/companies.routes';
import { permissionRoutes } from './features/permissions/permissions.routes';
import { roleRoutes } from './features/roles/roles.routes';
import { userRoutes } from './features/users/users.routes';
import { authRoutes } from './features/auth/auth.routes';
import { healthRoutes } from './features/health/health.routes';
import { eventsRoutes } from './features/events/events.routes';
import { overviewRoutes } from './features/overview/overview.routes';
import { timeRecordRoutes } from './features/time-records/time-records.routes';
import { materialRoutes } from './features/material/material.routes';
import { vacationRoutes } from './features/vacations/vacations.routes';
import { documentRoutes } from './features/documents/documents.routes';
import { workReportRoutes } from './features/work-reports/work-reports.routes';
import { paymentRoutes } from './features/payments/payments.routes';
import { exportRoutes } from './features/export/export.routes';
import { accessLinkRoutes } from './features/access-links/access-links.routes';
import { publicAccessRoutes } from './features/access-links/public-access.routes';
import { correctionRoutes } from './features/corrections/corrections.routes';
import { registroIntegrityRoutes } from './features/registro-chain/registro-integrity.routes';

/** Every feature's routes, mounted under /api. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(companyRoutes);
  await app.register(categoryRoutes);
  await app.register(roleRoutes);
  await app.register(userRoutes);
  await app.register(permissionRoutes);
  await app.register(actionLogRoutes);
  await app.register(accountRoutes);
  await app.register(eventsRoutes);
  await app.register(overviewRoutes);
  await app.register(timeRecordRoutes);
  await app.register(materialRoutes);
  await app.register(vacationRoutes);
  await app.register(documentRoutes);
  await app.register(workReportRoutes);
  await app.register(paymentRoutes);
  await app.register(exportRoutes);
  await app.register(accessLinkRoutes);
  await app.register(publicAccessRoutes);
  await app.register(correctionRoutes);
  await app.register(registroIntegrityRoutes);
}
