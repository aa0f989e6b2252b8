import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import {
  confirmLoanRequestSchema,
  createLoanRequestSchema,
  lendableEmployeesQuerySchema,
  lendableEmployeesResponseSchema,
  loanListQuerySchema,
  loanPageSchema,
  materialLoanSchema,
  myLoansQuerySchema,
  myLoansResponseSchema,
} from '@jornada/shared/schemas/material';
import { authorize, requireActor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { confirmLoan, confirmReturn, denyLoan, listMyLoans } from './loan-responses.service';
import { createLoan, getLoanSignature, listLendableEmployees, listLoans, requestReturn } from './loans.service';

const manage = authorize({ roles: ['Supervisor', 'Administrador'] });
const employee = authorize({ roles: ['Empleado'] });
const tags = ['material'];

/** Lending (supervisor) and the employee's answers: spec screen 21 and sections 4 and 5. */
export async function loanRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: ServiceDeps & { timeZone: string } = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };
  const loanResponse = { params: idParamsSchema, response: { 200: materialLoanSchema } };

  routes.get(
    '/material-loans',
    { schema: { tags, summary: 'Material prestado: historial (Todos, Pendientes, Confirmados)', querystring: loanListQuerySchema, response: { 200: loanPageSchema } }, preHandler: manage },
    async (request) => listLoans(deps, requireActor(request), request.query),
  );

  routes.get(
    '/material-loans/employees',
    {
      schema: { tags, summary: 'Empleados a los que se puede prestar material', querystring: lendableEmployeesQuerySchema, response: { 200: lendableEmployeesResponseSchema } },
      preHandler: manage,
    },
    async (request) => listLendableEmployees(deps, requireActor(request), request.query),
  );

  routes.post(
    '/material-loans',
    { schema: { tags, summary: 'Prestar material a un empleado', body: createLoanRequestSchema, response: { 201: materialLoanSchema } }, preHandler: manage },
    async (request, reply) => reply.status(201).send(await createLoan(deps, requireActor(request), request.body)),
  );

  routes.post(
    '/material-loans/:id/return-request',
    { schema: { tags, summary: 'Solicitar la devolución de material confirmado', ...loanResponse }, preHandler: manage },
    async (request) => requestReturn(deps, requireActor(request), request.params.id),
  );

  routes.get(
    '/material-loans/mine',
    { schema: { tags, summary: 'Mis préstamos: pendientes o en mi poder', querystring: myLoansQuerySchema, response: { 200: myLoansResponseSchema } }, preHandler: employee, config: { viewerCache: { reads: ['material_loans', 'material_loan_items', 'materials', 'material_items'] } } },
    async (request) => listMyLoans(deps, requireActor(request), request.query.view),
  );

  routes.post(
    '/material-loans/:id/confirm',
    { schema: { tags, summary: 'Confirmar la recepción del material con la firma', body: confirmLoanRequestSchema, ...loanResponse }, preHandler: employee },
    async (request) => confirmLoan(deps, requireActor(request), request.params.id, request.body.signature),
  );

  routes.post(
    '/material-loans/:id/deny',
    { schema: { tags, summary: 'Denegar la recepción del material', ...loanResponse }, preHandler: employee },
    async (request) => denyLoan(deps, requireActor(request), request.params.id),
  );

  routes.post(
    '/material-loans/:id/return',
    { schema: { tags, summary: 'Confirmar la devolución del material', ...loanResponse }, preHandler: employee },
    async (request) => confirmReturn(deps, requireActor(request), request.params.id),
  );

  routes.get(
    '/material-loans/:id/signature',
    { schema: { tags, summary: 'Firma de recepción de un préstamo (PNG)', params: idParamsSchema }, preHandler: authorize() },
    async (request, reply) => {
      const image = await getLoanSignature(deps, requireActor(request), request.params.id);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="firma.png"')
        .send(image);
    },
  );
}
