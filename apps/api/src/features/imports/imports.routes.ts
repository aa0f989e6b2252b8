import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { importPreviewSchema, importResultSchema, type ImportKind } from '@jornada/shared/schemas/imports';
import { authorize, requireActor } from '../../lib/authorization';
import { readMultipartForm, registerUploads } from '../../ledgers/files/uploads';
import { eventsDeps } from '../events/events.service';
import * as service from './imports.service';

const tags = ['imports'];
const managerRoles = ['Supervisor', 'Administrador'] as const;
/** New people are the company's people data: 'Empleados' (view-employees) guards them, as it guards editing them. */
const employeeImporters = authorize({ roles: managerRoles, view: 'view-employees' });
/** Events, staffed by the company's people named by username: both views, as 'Cuadrante' (decision 045). */
const eventImporters = authorize({ roles: managerRoles, view: DATA_VIEWS.eventsAndPeople });

const GATES: Record<ImportKind, ReturnType<typeof authorize>> = { employees: employeeImporters, events: eventImporters };
const LABELS: Record<ImportKind, string> = { employees: 'empleados', events: 'eventos' };

/** 'Importar' (issue 28 item 3, decision 053), in its own scope with the multipart parser. */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  await registerUploads(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { ...eventsDeps(app), publicUrl: app.config.publicUrl };
  const upload = (request: Parameters<typeof readMultipartForm>[0]) => () => readMultipartForm(request, { fileField: 'file', maxFiles: 1 });

  for (const kind of ['employees', 'events'] as const) {
    routes.post(
      `/imports/${kind}/preview`,
      {
        schema: {
          tags,
          summary: `Revisar un archivo de ${LABELS[kind]} (multipart: un archivo «file», CSV o XLSX, hasta 2 MB y 1000 filas) sin guardar nada`,
          consumes: ['multipart/form-data'],
          response: { 200: importPreviewSchema },
        },
        preHandler: GATES[kind],
      },
      async (request) => service.previewImport(deps, requireActor(request), kind, upload(request)),
    );
    routes.post(
      `/imports/${kind}`,
      {
        schema: {
          tags,
          summary: `Importar un archivo de ${LABELS[kind]}: se revisa de nuevo y se guardan todas las filas o ninguna`,
          consumes: ['multipart/form-data'],
          response: { 201: importResultSchema },
        },
        preHandler: GATES[kind],
      },
      async (request, reply) => reply.code(201).send(await service.commitImport(deps, requireActor(request), kind, upload(request))),
    );
  }
}
