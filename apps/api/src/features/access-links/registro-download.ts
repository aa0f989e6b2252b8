import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../ledgers/files/stored-files';
import type { RegistroDocument } from '../registro/registro-document';
import { renderRegistroCsv } from '../registro/registro-csv';
import { renderRegistroPdf } from '../registro/registro-pdf';

export type RegistroFormat = 'pdf' | 'csv';

export interface RegistroFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The same PDF and CSV as the monthly record (registro-mensual's renderers), named after what it holds. */
export async function renderRegistroFile(document: RegistroDocument, format: RegistroFormat, label: string): Promise<RegistroFile> {
  const cleaned = [...label.normalize('NFC')].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('').replace(/[\\/:*?"<>|]+/g, '_').trim();
  const fileName = `Registro de jornada ${cleaned || 'registro'} ${document.from} a ${document.to}.${format}`;
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', bytes: renderRegistroCsv(document) };
  return { fileName, contentType: 'application/pdf', bytes: await renderRegistroPdf(document) };
}

/** A download: never cached, never sniffed, always saved as a file. */
export function sendRegistroFile(reply: FastifyReply, file: RegistroFile): FastifyReply {
  return reply
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type(file.contentType)
    .send(Buffer.from(file.bytes));
}
