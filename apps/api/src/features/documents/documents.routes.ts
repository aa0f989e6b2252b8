import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentParamsSchema,
  employeeDocumentParamsSchema,
  employeeDocumentsResponseSchema,
  myDocumentSchema,
  myDocumentsResponseSchema,
  saveDocumentTextRequestSchema,
} from '@jornada/shared/schemas/documents';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { mySignatureResponseSchema, saveSignatureRequestSchema } from '@jornada/shared/schemas/signatures';
import { authorize, requireActor } from '../../lib/authorization';
import { sendStoredFile } from '../../ledgers/files/stored-files';
import { readMultipartForm, registerUploads } from '../../ledgers/files/uploads';
import * as service from './documents.service';
import * as signature from './signature.service';

const holders = ['Empleado', 'Supervisor'] as const;
/** `v` only makes a replaced file a new address for the browser's cache. */
const fileQuerySchema = z.object({ v: z.string().max(100).optional() });
export const MY_SIGNATURE_IMAGE_PATH = '/api/my-signature/image';

export async function documentRoutes(app: FastifyInstance): Promise<void> {
  await registerUploads(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const myDocuments = authorize({ roles: holders, view: 'my-documents' });
  const mySignature = authorize({ roles: holders, view: 'my-signature' });
  const employeesView = authorize({ roles: ['Supervisor', 'Administrador'], view: 'view-employees' });
  const tags = ['documents'];

  routes.get(
    '/my-documents',
    { schema: { tags, summary: 'Mis Documentos: documentos requeridos por mis categorías', response: { 200: myDocumentsResponseSchema } }, preHandler: myDocuments },
    async (request) => service.listMyDocuments(deps, requireActor(request)),
  );

  routes.put(
    '/my-documents/:documentId/text',
    {
      schema: { tags, summary: "Guardar el texto de un documento 'escrito'", params: documentParamsSchema, body: saveDocumentTextRequestSchema, response: { 200: myDocumentSchema } },
      preHandler: myDocuments,
    },
    async (request) => service.saveDocumentText(deps, requireActor(request), request.params.documentId, request.body),
  );

  routes.put(
    '/my-documents/:documentId/photo',
    {
      schema: {
        tags,
        summary: "Subir la foto de un documento 'foto' (multipart: un archivo «file», JPEG, PNG o WebP, hasta 10 MB)",
        consumes: ['multipart/form-data'],
        params: documentParamsSchema,
        response: { 200: myDocumentSchema },
      },
      preHandler: myDocuments,
    },
    async (request) =>
      service.saveDocumentPhoto(deps, requireActor(request), request.params.documentId, () => readMultipartForm(request, { fileField: 'file', maxFiles: 1 })),
  );

  routes.get(
    '/my-documents/:documentId/photo',
    {
      schema: { tags, summary: 'Descargar la foto de uno de mis documentos', params: documentParamsSchema, querystring: fileQuerySchema },
      preHandler: myDocuments,
    },
    async (request, reply) => sendStoredFile(request, reply, await service.getMyDocumentPhoto(deps, requireActor(request), request.params.documentId)),
  );

  routes.get(
    '/my-signature',
    { schema: { tags, summary: 'Mi Firma: la firma guardada', response: { 200: mySignatureResponseSchema } }, preHandler: mySignature },
    async (request) => signature.getMySignature(deps, requireActor(request), MY_SIGNATURE_IMAGE_PATH),
  );

  routes.put(
    '/my-signature',
    {
      schema: { tags, summary: 'Guardar mi firma (PNG como data URL)', body: saveSignatureRequestSchema, response: { 200: mySignatureResponseSchema } },
      preHandler: mySignature,
    },
    async (request) => signature.saveMySignature(deps, requireActor(request), request.body, MY_SIGNATURE_IMAGE_PATH),
  );

  routes.get(
    '/my-signature/image',
    { schema: { tags, summary: 'La imagen de mi firma guardada', querystring: fileQuerySchema }, preHandler: mySignature },
    async (request, reply) => sendStoredFile(request, reply, await signature.getMySignatureImage(deps, requireActor(request))),
  );

  routes.get(
    '/employees/:id/documents',
    {
      schema: { tags, summary: 'Documentos de un empleado (pestaña Documentos)', params: idParamsSchema, response: { 200: employeeDocumentsResponseSchema } },
      preHandler: employeesView,
    },
    async (request) => service.listEmployeeDocuments(deps, requireActor(request), request.params.id),
  );

  routes.get(
    '/employees/:id/documents/:documentId/photo',
    {
      schema: { tags, summary: 'Descargar la foto de un documento de un empleado', params: employeeDocumentParamsSchema, querystring: fileQuerySchema },
      preHandler: employeesView,
    },
    async (request, reply) =>
      sendStoredFile(request, reply, await service.getEmployeeDocumentPhoto(deps, requireActor(request), request.params.id, request.params.documentId)),
  );
}
