import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  EMPTY_FILE_MESSAGE,
  fileTooLargeMessage,
  MAX_ATTACHMENTS,
  MAX_FILE_BYTES,
  MAX_REQUEST_BYTES,
  REQUEST_TOO_LARGE_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  cleanFileName,
} from '@jornada/shared/files';
import { AppError, badRequest } from '../../lib/errors';
import { NUL_CHARACTER_MESSAGE } from '../../lib/text-guard';

/** Room for the multipart envelope (boundaries, part headers, a signature field) beyond the files. */
const ENVELOPE_BYTES = 1024 * 1024;
const FIELD_BYTES = 1024 * 1024;

const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);

/**
 * Multipart parsing for the routes of the plugin that calls it (encapsulated: other routes keep
 * answering 415 to multipart). The parser's own limits back up the checks in readMultipartForm.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_ATTACHMENTS + 1, fields: 10, fieldSize: FIELD_BYTES, parts: MAX_ATTACHMENTS + 11, headerPairs: 100 },
  });
}

export interface UploadedFile {
  /** Cleaned (last path segment, printable, bounded); only ever shown or offered on download. */
  name: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Map<string, string>;
  files: UploadedFile[];
}

export interface ReadMultipartOptions {
  fileField: string;
  maxFiles: number;
  /**
   * Called once with the fields sent before the first file (browsers send them in the form's
   * order, fields first), before any file is read: a refusal that does not depend on the files
   * (a report that already exists) is answered without reading megabytes first (issue 25, item 8).
   * The service checks again after the whole form is read; this is only the early answer.
   */
  beforeFiles?: (fields: ReadonlyMap<string, string>) => Promise<void>;
}

/** Uploads one person may have under way at once on this server; more answer 429 at once. */
export const MAX_UPLOADS_PER_USER = 3;
const uploadsUnderWay = new Map<string, number>();
const TOO_MANY_UPLOADS_MESSAGE = 'Ya tienes envíos de archivos en curso. Espera a que terminen y vuelve a intentarlo.';

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a whole multipart form into memory before anything is stored, so a request that fails
 * half-way stores nothing: at most `maxFiles` files in `fileField`, 10 MB each, 25 MB together.
 */
export async function readMultipartForm(request: FastifyRequest, options: ReadMultipartOptions): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'La solicitud debe enviarse como multipart/form-data.');
  if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES + ENVELOPE_BYTES) throw tooLarge(REQUEST_TOO_LARGE_MESSAGE);
  // A bound per person, so one account cannot hold the server's memory with parallel uploads. It is
  // this server's own resource, not shared state: each server of a PostgreSQL deployment bounds its own.
  const uploader = request.actor?.userId ?? `ip:${request.ip}`;
  const underWay = uploadsUnderWay.get(uploader) ?? 0;
  if (underWay >= MAX_UPLOADS_PER_USER) throw new AppError(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_UPLOADS_MESSAGE);
  uploadsUnderWay.set(uploader, underWay + 1);
  try {
    return await readParts(request, options);
  } catch (error) {
    // Our refusals and the parser's limits (FST_*) carry their own status; anything else the
    // parser throws is a body cut short or mangled by the client ("Unexpected end of form").
    if (error instanceof AppError || isFastifyLimit(error)) throw error;
    throw badRequest(MALFORMED_FORM_MESSAGE);
  } finally {
    const left = (uploadsUnderWay.get(uploader) ?? 1) - 1;
    if (left > 0) uploadsUnderWay.set(uploader, left);
    else uploadsUnderWay.delete(uploader);
  }
}

const MALFORMED_FORM_MESSAGE = 'El formulario enviado está incompleto o dañado. Vuelve a intentarlo.';

function isFastifyLimit(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('FST_');
}

async function readParts(request: FastifyRequest, options: ReadMultipartOptions): Promise<MultipartForm> {
  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  let total = 0;
  let checked = false;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw tooLarge(`El campo «${part.fieldname}» es demasiado largo.`);
      const value = String(part.value);
      if (value.includes('\u0000')) throw badRequest(NUL_CHARACTER_MESSAGE);
      fields.set(part.fieldname, value);
      continue;
    }
    if (!checked) {
      checked = true;
      await options.beforeFiles?.(fields);
    }
    if (part.fieldname !== options.fileField) throw badRequest(`El campo «${part.fieldname}» no admite archivos.`);
    if (files.length >= options.maxFiles) throw tooLarge(options.maxFiles === 1 ? 'Envía un solo archivo.' : TOO_MANY_FILES_MESSAGE);
    const name = cleanFileName(part.filename);
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if (isFileTooLarge(error)) throw tooLarge(fileTooLargeMessage(name || 'sin nombre'));
      throw error;
    }
    if (bytes.length === 0) throw badRequest(EMPTY_FILE_MESSAGE);
    total += bytes.length;
    if (total > MAX_REQUEST_BYTES) throw tooLarge(REQUEST_TOO_LARGE_MESSAGE);
    files.push({ name, bytes });
  }
  return { fields, files };
}
