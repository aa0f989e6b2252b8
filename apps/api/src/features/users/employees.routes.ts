import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { employeeAccessRequestSchema, employeePageSchema, employeeSchema, employeesQuerySchema, updateEmployeeRequestSchema } from '@jornada/shared/schemas/users';
import { companyRoleListSchema, companyRolesQuerySchema } from '@jornada/shared/schemas/roles';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './employees.service';

/** Supervisors whose company grants view-employees, and administrators. */
const employeesView = authorize({ roles: ['Supervisor', 'Administrador'], view: 'view-employees' });
const employeesReading = authorize({ roles: ['Supervisor', 'Administrador'], view: 'view-employees', scope: 'personal:leer' });

export async function employeeRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  routes.get(
    '/employees',
    {
      schema: {
        tags: ['employees'],
        summary: 'Listar empleados y supervisores de la empresa (todas las empresas para el administrador)',
        querystring: employeesQuerySchema,
        response: { 200: employeePageSchema },
      },
      preHandler: employeesReading,
    },
    async (request) => service.listEmployees(deps, requireActor(request), request.query),
  );

  routes.get(
    '/employees/roles',
    {
      schema: {
        tags: ['employees'],
        summary: 'Los roles que pueden tener las personas de la empresa: Supervisor, Empleado y los roles personalizados asignados',
        querystring: companyRolesQuerySchema,
        response: { 200: companyRoleListSchema },
      },
      preHandler: employeesView,
    },
    async (request) => service.listCompanyRoles(deps, requireActor(request), request.query),
  );

  routes.put(
    '/employees/:id',
    {
      schema: {
        tags: ['employees'],
        summary: 'Guardar los detalles y las categorías de un empleado',
        params: idParamsSchema,
        body: updateEmployeeRequestSchema,
        response: { 200: employeeSchema },
      },
      preHandler: employeesView,
    },
    async (request) => service.updateEmployee(deps, requireActor(request), request.params.id, request.body),
  );

  routes.put(
    '/employees/:id/access',
    {
      schema: {
        tags: ['employees'],
        summary: 'Habilitar o deshabilitar el acceso de un empleado',
        params: idParamsSchema,
        body: employeeAccessRequestSchema,
        response: { 200: employeeSchema },
      },
      preHandler: employeesView,
    },
    async (request) => service.setEmployeeAccess(deps, requireActor(request), request.params.id, request.body),
  );
}
