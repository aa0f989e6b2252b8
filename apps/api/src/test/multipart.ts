import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  field: string;
  name: string;
  content: Buffer | string;
  /** What the client claims; the server never trusts it. */
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it, for app.inject. */
export function multipart(fields: Record<string, string>, files: MultipartFile[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----jornada${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
