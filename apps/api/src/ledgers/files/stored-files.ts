import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  isPhotoType,
  isWellFormedPng,
  MAX_SIGNATURE_BYTES,
  PHOTO_TYPE_MESSAGE,
  SIGNATURE_TOO_LARGE_MESSAGE,
  SIGNATURE_TYPE_MESSAGE,
  sniffFileType,
} from '@jornada/shared/files';
import type { FilesTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { FileContent, NewFile } from './files.repository';
import type { UploadedFile } from './uploads';

export interface FileOwner {
  companyId: string;
  ownerId: string;
}

/** A row for the files table: a server id, the type read from the bytes, their size and SHA-256. */
export function newStoredFile(upload: UploadedFile, owner: FileOwner, purpose: FilesTable['purpose'], at: Date): NewFile {
  return {
    id: newId('file'),
    company_id: owner.companyId,
    owner_id: owner.ownerId,
    purpose,
    name: upload.name,
    content_type: sniffFileType(upload.bytes),
    size: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    bytes: upload.bytes,
    created_at: at.toISOString(),
  };
}

/** Photos are JPEG, PNG or WebP by their bytes: a renamed text file is refused whatever its name. */
export function requirePhoto(upload: UploadedFile): void {
  if (!isPhotoType(sniffFileType(upload.bytes))) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_TYPE_MESSAGE);
}

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * A drawn signature (a PNG data URL from the pad) as a stored file; anything but a PNG is refused.
 * 'registro-signature' for the registro's (signed months, correction approvals): kept past a company
 * deletion and a new 'Mi Firma', purged with its row (decision 036).
 */
export function signatureFile(dataUrl: string, owner: FileOwner, at: Date, purpose: 'signature' | 'registro-signature' = 'signature'): NewFile {
  if (!dataUrl.startsWith(PNG_DATA_URL_PREFIX)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', SIGNATURE_TYPE_MESSAGE);
  const bytes = Buffer.from(dataUrl.slice(PNG_DATA_URL_PREFIX.length), 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', SIGNATURE_TOO_LARGE_MESSAGE);
  if (!isWellFormedPng(bytes)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', SIGNATURE_TYPE_MESSAGE);
  return newStoredFile({ name: 'firma.png', bytes }, owner, purpose, at);
}

/** RFC 6266: an ASCII fallback name and the exact UTF-8 name; quotes and separators never pass. */
export function contentDisposition(name: string): string {
  const fallback = (name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\;]/g, '_').trim() || 'archivo').slice(0, 150);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name || 'archivo')}`;
}

/**
 * Sends a file as a download (Content-Disposition: attachment, nosniff, its sniffed type), so an
 * upload can never run as a page of ours. An `<img>` still shows images. Revalidated by ETag.
 */
export function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: FileContent): FastifyReply {
  const etag = `"${file.sha256}"`;
  reply
    .header('Content-Disposition', contentDisposition(file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header('Cache-Control', 'no-store')
    .header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(file.contentType).send(file.bytes);
}
