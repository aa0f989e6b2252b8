import { describe, expect, it } from 'vitest';
import { cleanFileName, isPhotoType, isWellFormedPng, MAX_FILE_BYTES, sniffFileType, uploadSizeProblem } from './files';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe('sniffFileType', () => {
  it('reads the type from the magic bytes', () => {
    expect(sniffFileType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffFileType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffFileType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffFileType(bytes('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffFileType(bytes(0x50, 0x4b, 0x03, 0x04))).toBe('application/zip');
  });

  it('calls anything else a generic binary, whatever it claims to be', () => {
    expect(sniffFileType(bytes('<html><script>'))).toBe('application/octet-stream');
    expect(sniffFileType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBe('application/octet-stream');
    expect(sniffFileType(bytes(0x89, 'PN'))).toBe('application/octet-stream');
    expect(sniffFileType(new Uint8Array())).toBe('application/octet-stream');
  });

  it('accepts only JPEG, PNG and WebP as photos', () => {
    expect(['image/jpeg', 'image/png', 'image/webp'].every(isPhotoType)).toBe(true);
    expect(isPhotoType('image/gif')).toBe(false);
    expect(isPhotoType('image/svg+xml')).toBe(false);
  });
});

describe('cleanFileName', () => {
  it('keeps only the last path segment, without control characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\juan\\notas.txt')).toBe('notas.txt');
    expect(cleanFileName('línea\u0000\nuno.pdf')).toBe('líneauno.pdf');
    expect(cleanFileName(undefined)).toBe('');
  });

  it('drops C1 controls and bidi overrides, and a bare dot or two', () => {
    expect(cleanFileName('acta\u0085\u009b.pdf')).toBe('acta.pdf');
    expect(cleanFileName('foto\u202egpj.exe')).toBe('fotogpj.exe');
    expect(cleanFileName('a\u2066b\u200f.txt')).toBe('ab.txt');
    expect(cleanFileName('..')).toBe('');
    expect(cleanFileName('.')).toBe('');
    expect(cleanFileName('.bashrc')).toBe('.bashrc');
  });

  it('bounds long names to 200 characters and keeps the extension', () => {
    const name = cleanFileName(`${'a'.repeat(300)}.jpeg`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.jpeg')).toBe(true);
  });
});

describe('isWellFormedPng', () => {
  const chunk = (type: string, data: number[]) => [0, 0, (data.length >> 8) & 255, data.length & 255, ...bytes(type), ...data, 1, 2, 3, 4];
  const ihdr = (side: number) => chunk('IHDR', [0, 0, side >> 8, side & 255, 0, 0, side >> 8, side & 255, 8, 6, 0, 0, 0]);
  const png = (...chunks: number[][]) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunks.flat()]);

  it('accepts IHDR first, chunks that add up, and IEND at the very end', () => {
    expect(isWellFormedPng(png(ihdr(1), chunk('IDAT', [1, 2, 3]), chunk('IEND', [])))).toBe(true);
    expect(isWellFormedPng(png(ihdr(4096), chunk('tEXt', [65]), chunk('IDAT', []), chunk('IEND', [])))).toBe(true);
  });

  it('refuses the magic number alone, a cut file, bytes after IEND, junk between chunks and absurd sizes', () => {
    expect(isWellFormedPng(png())).toBe(false);
    expect(isWellFormedPng(png(ihdr(1), chunk('IDAT', [1, 2, 3])))).toBe(false);
    expect(isWellFormedPng(png(ihdr(1), chunk('IEND', []), [0]))).toBe(false);
    expect(isWellFormedPng(png(ihdr(1), [...bytes('<script>alert(1)</script>')], chunk('IEND', [])))).toBe(false);
    expect(isWellFormedPng(png(chunk('IDAT', []), ihdr(1), chunk('IEND', [])))).toBe(false);
    expect(isWellFormedPng(png(ihdr(4097), chunk('IEND', [])))).toBe(false);
    expect(isWellFormedPng(png(ihdr(0), chunk('IEND', [])))).toBe(false);
  });
});

describe('uploadSizeProblem', () => {
  it('names the file over 10 MB, then checks the 25 MB total', () => {
    expect(uploadSizeProblem([{ name: 'a.txt', size: 10 }])).toBeNull();
    expect(uploadSizeProblem([{ name: 'vídeo.mp4', size: MAX_FILE_BYTES + 1 }])).toBe('El archivo «vídeo.mp4» supera el tamaño máximo de 10 MB.');
    const nine = { name: 'n.bin', size: 9 * 1024 * 1024 };
    expect(uploadSizeProblem([nine, nine])).toBeNull();
    expect(uploadSizeProblem([nine, nine, nine])).toBe('Los archivos superan en total el tamaño máximo de 25 MB.');
  });
});
