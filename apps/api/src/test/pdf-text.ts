import { inflateSync } from 'node:zlib';

/**
 * The text a pdf-lib document draws, page content in order: inflates every Flate stream and reads
 * the hex strings of its `Tj` operators (pdf-lib writes standard-font text as WinAnsi hex). Enough
 * to assert what a generated PDF says without a PDF parser dependency.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const lines: string[] = [];
  let from = 0;
  for (;;) {
    const start = raw.indexOf('stream', from, 'latin1');
    if (start === -1) break;
    const dataStart = start + (raw[start + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf('endstream', dataStart, 'latin1');
    if (end === -1) break;
    from = end + 9;
    if (raw.subarray(start - 3, start).toString('latin1') === 'end') continue;
    let content: string;
    try {
      content = inflateSync(raw.subarray(dataStart, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
