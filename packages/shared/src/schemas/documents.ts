import { z } from 'zod';
import { requiredDocTypes } from './categories';
import { idSchema } from './common';

export const EMPTY_VALUE_MESSAGE = 'El campo no puede estar vacío.';
export const DOCUMENT_NOT_FOUND_MESSAGE = 'Documento no encontrado.';
export const UNNAMED_DOCUMENT = 'Documento sin nombre';
export const MAX_DOCUMENT_TEXT_LENGTH = 2000;

/** An 'escrito' document's value: 'Error' / 'El campo no puede estar vacío.' when blank. */
export const documentTextSchema = z
  .string({ error: EMPTY_VALUE_MESSAGE })
  .trim()
  .min(1, { error: EMPTY_VALUE_MESSAGE })
  .max(MAX_DOCUMENT_TEXT_LENGTH, { error: `El texto admite como máximo ${MAX_DOCUMENT_TEXT_LENGTH} caracteres.` });

export const saveDocumentTextRequestSchema = z.object({ value: documentTextSchema });
export type SaveDocumentTextRequest = z.infer<typeof saveDocumentTextRequestSchema>;

export const documentParamsSchema = z.object({ documentId: idSchema });
export const employeeDocumentParamsSchema = z.object({ id: idSchema, documentId: idSchema });

export const storedFileSchema = z.object({
  name: z.string(),
  /** Bytes; shown in KB. */
  size: z.number().int(),
  /** Read from the bytes when uploaded. */
  type: z.string(),
  /** Download (and image preview) address; changes when the file is replaced. */
  url: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** A required document of the user's categories with its saved value, if any. */
export const myDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(requiredDocTypes),
  /** The saved text of an 'escrito' document. */
  text: z.string().nullable(),
  /** The saved photo of a 'foto' document. */
  file: storedFileSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type MyDocument = z.infer<typeof myDocumentSchema>;

export const myDocumentsResponseSchema = z.object({ items: z.array(myDocumentSchema) });
export type MyDocumentsResponse = z.infer<typeof myDocumentsResponseSchema>;

/** The Documentos tab of view-employees: every value the employee has saved. */
export const employeeDocumentSchema = myDocumentSchema.extend({
  /** False when none of the employee's categories asks for it any more. */
  required: z.boolean(),
});
export type EmployeeDocument = z.infer<typeof employeeDocumentSchema>;

export const employeeDocumentsResponseSchema = z.object({ items: z.array(employeeDocumentSchema) });
export type EmployeeDocumentsResponse = z.infer<typeof employeeDocumentsResponseSchema>;
