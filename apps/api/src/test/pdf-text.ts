import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * The text a pdf-lib PDF shows, page by page: its content streams inflated and the strings of
 * their text operators decoded (pdf-lib writes Helvetica text as hex strings). Enough for tests to
 * read what a printed document says; not a general PDF text extractor.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    let text = '';
    for (const ref of streams) {
      const stream = pdf.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const filter = stream.dict.get(PDFName.of('Filter'));
      const raw = Buffer.from(stream.contents);
      const decoded = filter === PDFName.of('FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
      for (const match of decoded.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
        text += `${match[1] !== undefined ? Buffer.from(match[1], 'hex').toString('latin1') : match[2]}\n`;
      }
    }
    return text;
  });
}
