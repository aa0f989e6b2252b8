/**
 * Uploaded files (document photos, report attachments, signatures): limits, the types we trust
 * (read from the bytes, never from the name) and file names. Shared so the browser refuses early
 * with the same Spanish messages the server gives.
 */

const MEGABYTE = 1024 * 1024;

/** ARCHITECTURE section 5: 10 MB a file, 25 MB a request. */
export const MAX_FILE_BYTES = 10 * MEGABYTE;
export const MAX_REQUEST_BYTES = 25 * MEGABYTE;
/** A trimmed signature PNG is a few kilobytes; this bound keeps a pasted picture out. */
export const MAX_SIGNATURE_BYTES = 512 * 1024;
/** Attachments on one work report. */
export const MAX_ATTACHMENTS = 20;

export const fileTooLargeMessage = (name: string) => `El archivo «${name}» supera el tamaño máximo de 10 MB.`;
export const REQUEST_TOO_LARGE_MESSAGE = 'Los archivos superan en total el tamaño máximo de 25 MB.';
export const TOO_MANY_FILES_MESSAGE = `Se pueden adjuntar como máximo ${MAX_ATTACHMENTS} archivos.`;
export const PHOTO_TYPE_MESSAGE = 'La foto debe ser una imagen JPEG, PNG o WebP.';
export const PHOTO_REQUIRED_MESSAGE = 'Selecciona una imagen para subir.';
export const EMPTY_FILE_MESSAGE = 'El archivo está vacío.';
export const SIGNATURE_EMPTY_MESSAGE = 'Por favor, proporciona una firma primero.';
export const SIGNATURE_TYPE_MESSAGE = 'La firma debe ser una imagen PNG.';
export const SIGNATURE_TOO_LARGE_MESSAGE = 'La firma es demasiado grande.';

export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof photoTypes)[number];
/** For `<input type="file" accept>`; the server still checks the bytes. */
export const PHOTO_ACCEPT = photoTypes.join(',');

const GENERIC_TYPE = 'application/octet-stream';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Magic numbers of the types we name; anything else is stored and served as a generic binary. */
const signatures: { type: string; test: (bytes: Uint8Array) => boolean }[] = [
  { type: 'image/png', test: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { type: 'image/webp', test: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) },
  { type: 'image/gif', test: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')) },
  { type: 'application/pdf', test: (bytes) => startsWith(bytes, ascii('%PDF-')) },
  { type: 'application/zip', test: (bytes) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) },
];

/** The type the bytes say they are: one of the known signatures, else 'application/octet-stream'. */
export function sniffFileType(bytes: Uint8Array): string {
  return signatures.find((signature) => signature.test(bytes))?.type ?? GENERIC_TYPE;
}

/** A drawn signature is a pad's size; this bounds what a small file can inflate to when shown. */
const MAX_PNG_SIDE = 4096;

const isChunkType = (bytes: Uint8Array) => bytes.every((byte) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a));
const chunkIs = (bytes: Uint8Array, type: string) => ascii(type).every((byte, index) => bytes[index] === byte);

/**
 * A whole PNG, not just its first bytes: the signature, then chunks (length, four-letter type, data,
 * CRC) from IHDR first (1 to 4096 pixels a side) to IEND ending exactly at the last byte. A cut-off
 * upload, a script behind a PNG header or a decompression bomb of huge declared size is refused.
 */
export function isWellFormedPng(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || !startsWith(bytes, [0, 0, 0, 13, ...ascii('IHDR')], 8)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 33) return false;
  const [width, height] = [view.getUint32(16), view.getUint32(20)];
  if (width < 1 || height < 1 || width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) return false;
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const type = bytes.subarray(offset + 4, offset + 8);
    if (!isChunkType(type)) return false;
    offset += 12 + view.getUint32(offset);
    if (chunkIs(type, 'IEND')) return offset === bytes.length;
  }
  return false;
}

export function isPhotoType(type: string): type is PhotoType {
  return (photoTypes as readonly string[]).includes(type);
}

const MAX_NAME_LENGTH = 200;

/**
 * A file name fit to show and to offer on download: the last path segment, without control
 * characters, at most 200 characters (keeping the extension). Never used as a path on disk.
 */
export function cleanFileName(name: string | null | undefined): string {
  const lastSegment = (name ?? '').split(/[/\\]/).pop() ?? '';
  // C0/C1 controls, and the bidi marks and overrides that make 'foto\u202Egpj.exe' read as 'fotoexe.jpg'.
  // eslint-disable-next-line no-control-regex
  const printable = lastSegment.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (printable === '.' || printable === '..') return '';
  if (printable.length <= MAX_NAME_LENGTH) return printable;
  const dot = printable.lastIndexOf('.');
  const extension = dot > 0 && printable.length - dot <= 10 ? printable.slice(dot) : '';
  return printable.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/** What the browser checks before sending: each file at most 10 MB, all together at most 25 MB. */
export function uploadSizeProblem(files: readonly { name: string; size: number }[]): string | null {
  const tooLarge = files.find((file) => file.size > MAX_FILE_BYTES);
  if (tooLarge) return fileTooLargeMessage(tooLarge.name);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return total > MAX_REQUEST_BYTES ? REQUEST_TOO_LARGE_MESSAGE : null;
}
