import { MAX_SIGNATURE_BYTES, PNG_DATA_URL_PREFIX } from '@jornada/shared/material';
import { SIGNATURE_INVALID_MESSAGE, SIGNATURE_REQUIRED_MESSAGE, SIGNATURE_TOO_LARGE_MESSAGE } from '@jornada/shared/schemas/material';
import { isWellFormedPng } from '@jornada/shared/files';
import { AppError, badRequest } from '../../lib/errors';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The receipt signature as the pad exports it: a PNG data URL. Its bytes must really be a PNG (the
 * magic number, not the prefix alone) and at most 200 KB, so `files` never holds anything else for a loan.
 * Returns the decoded image.
 */
export function parseSignature(dataUrl: string): Buffer {
  if (!dataUrl) throw badRequest(SIGNATURE_REQUIRED_MESSAGE);
  if (!dataUrl.startsWith(PNG_DATA_URL_PREFIX)) throw badRequest(SIGNATURE_INVALID_MESSAGE);
  const base64 = dataUrl.slice(PNG_DATA_URL_PREFIX.length);
  if (!BASE64.test(base64) || base64.length % 4 !== 0) throw badRequest(SIGNATURE_INVALID_MESSAGE);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', SIGNATURE_TOO_LARGE_MESSAGE);
  // The whole PNG frame (signature, IHDR first, IEND last): a bare magic number is no image.
  if (!isWellFormedPng(bytes)) throw badRequest(SIGNATURE_INVALID_MESSAGE);
  return bytes;
}
