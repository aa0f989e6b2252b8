import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatHoursMinutes } from '@jornada/shared/working-time';
import {
  formatClock,
  formatDayWithWeekday,
  formatInstant,
  periodLabel,
  type RegistroDay,
  type RegistroDocument,
  type RegistroSection,
} from './registro-document';
import type { TimeRecordFlag } from '@jornada/shared/schemas/time-records';
import { chainHeadText } from '../../ledgers/registro-chain/registro-anchors';

/**
 * The Registro de jornada as a PDF: A4 landscape, Helvetica (WinAnsi covers Spanish), each worker
 * from a new page, the title, company, worker, period and the table's header repeated on every
 * page, 'Página X de Y' at the foot. Pure JS (pdf-lib), so it bundles into the server.
 */
const PAGE = { width: 841.89, height: 595.28, margin: 36 } as const;
const FONT_SIZE = 8;
const LINE = 11;
const columns = [
  { title: 'Fecha', width: 92 },
  { title: 'Entrada', width: 58 },
  { title: 'Salida', width: 66 },
  { title: 'Tiempo', width: 62 },
  { title: 'Total día', width: 66 },
  { title: 'Horas extra', width: 62 },
  { title: 'Incumplimientos', width: 0 },
] as const;
const tableWidth = PAGE.width - 2 * PAGE.margin;
const lastColumnWidth = tableWidth - columns.reduce((sum, column) => sum + column.width, 0);
const grey = rgb(0.93, 0.93, 0.93);
const dark = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.38, 0.38, 0.38);
const red = rgb(0.7, 0.1, 0.1);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  charset: Set<number>;
}

/** Helvetica encodes WinAnsi only: any other character (emoji, other scripts) prints as '?'. */
function printable(fonts: Fonts, text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) out += fonts.charset.has(char.codePointAt(0)!) ? char : '?';
  return out;
}

function fit(fonts: Fonts, font: PDFFont, text: string, size: number, width: number): string {
  const clean = printable(fonts, text);
  if (font.widthOfTextAtSize(clean, size) <= width) return clean;
  let cut = clean;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    readonly document: RegistroDocument,
  ) {}

  text(text: string, x: number, y: number, options: { bold?: boolean; size?: number; width?: number; color?: ReturnType<typeof rgb> } = {}) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? FONT_SIZE;
    const value = options.width ? fit(this.fonts, font, text, size, options.width) : printable(this.fonts, text);
    this.page.drawText(value, { x, y, size, font, color: options.color ?? dark });
  }

  newPage(section: RegistroSection) {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    const { margin } = PAGE;
    let y = PAGE.height - margin - 12;
    this.text('Registro de jornada', margin, y, { bold: true, size: 14 });
    this.text(periodLabel(this.document.from, this.document.to), margin + 200, y + 1, { bold: true, size: 11, width: 300 });
    y -= 16;
    this.text(`Empresa: ${this.document.company.name}`, margin, y, { size: 9.5, width: tableWidth / 2 - 10 });
    this.text('Art. 34.9 del Estatuto de los Trabajadores', margin + tableWidth / 2, y, { size: 8, color: muted });
    y -= 13;
    const { worker } = section;
    const identity = [worker.name, worker.username ? `usuario ${worker.username}` : '', worker.email ?? ''].filter(Boolean).join(' · ');
    this.text(`Trabajador: ${identity}`, margin, y, { size: 9.5, width: tableWidth });
    y -= 8;
    this.page.drawRectangle({ x: margin, y: y - 14, width: tableWidth, height: 14, color: grey });
    let x = margin;
    for (const column of columns) {
      this.text(column.title, x + 3, y - 10, { bold: true });
      x += column.width;
    }
    this.y = y - 14 - LINE + 2;
  }

  ensure(lines: number, section: RegistroSection) {
    if (this.y - (lines - 1) * LINE < PAGE.margin + 18) this.newPage(section);
  }
}

/** The letter a flag prints as beside the record's time, explained in the legend (decision 040). */
export const REGISTRO_FLAG_MARKS: Record<TimeRecordFlag, string> = { 'sin-conexion': 'S', 'fuera-de-zona': 'Z', 'cierre-automatico': 'A' };
export const REGISTRO_FLAG_LEGEND =
  'S: fichado sin conexión (hora estimada con el reloj del servidor; constan la hora del teléfono y la de recepción). Z: fuera de la zona del evento. A: cierre automático al final del evento.';

/** The flags' letters, for the Tiempo cell: e.g. ' S Z'. */
function flagMarks(flags: readonly TimeRecordFlag[] | undefined): string {
  return flags?.length ? ` ${flags.map((flag) => REGISTRO_FLAG_MARKS[flag]).join(' ')}` : '';
}

function dayLines(document: RegistroDocument, day: RegistroDay): string[][] {
  const { timeZone } = document;
  const rows = Math.max(1, day.entries.length, day.breaks.length);
  const lines: string[][] = [];
  for (let index = 0; index < rows; index++) {
    const entry = day.entries[index];
    const mark = entry?.addedByCorrection ? ' **' : entry?.corrected ? ' *' : '';
    lines.push([
      index === 0 ? formatDayWithWeekday(day.day) : '',
      entry ? formatClock(entry.start, day.day, timeZone) + mark : index === 0 ? '—' : '',
      entry ? (entry.end === null ? 'Sin cierre' : formatClock(entry.end, day.day, timeZone) + mark) : '',
      entry ? (entry.end !== null ? formatHoursMinutes(entry.workedMinutes) : '') + flagMarks(entry.flags) : '',
      index === 0 && day.entries.some((item) => item.end !== null) ? formatHoursMinutes(day.workedMinutes) : '',
      index === 0 && day.overtimeMinutes > 0 ? formatHoursMinutes(day.overtimeMinutes) : '',
      day.breaks[index]?.message ?? '',
    ]);
  }
  return lines;
}

function writeDay(writer: Writer, section: RegistroSection, day: RegistroDay) {
  const lines = dayLines(writer.document, day);
  writer.ensure(lines.length, section);
  const { margin } = PAGE;
  writer.page.drawLine({ start: { x: margin, y: writer.y + LINE - 3 }, end: { x: margin + tableWidth, y: writer.y + LINE - 3 }, thickness: 0.3, color: grey });
  for (const cells of lines) {
    let x = margin;
    cells.forEach((cell, index) => {
      const width = (columns[index]!.width || lastColumnWidth) - 6;
      writer.text(cell, x + 3, writer.y, { width, color: index === 6 ? red : dark });
      x += columns[index]!.width;
    });
    writer.y -= LINE;
  }
}

function rulesLine(document: RegistroDocument): string {
  const { rules } = document;
  const monthly = rules.maxMonthlyHours === null ? '' : `; máximo ${rules.maxMonthlyHours} h al mes`;
  return `Normas aplicadas: jornada ordinaria máxima ${rules.maxDailyHours} h al día; descanso mínimo ${rules.minRestHours} h entre jornadas; máximo ${rules.maxYearlyOvertimeHours} h extra al año${monthly}.`;
}

async function writeSummary(writer: Writer, section: RegistroSection) {
  const { document } = writer;
  const { margin } = PAGE;
  const signatureLines = section.signatures.length === 0 ? 1 : section.signatures.length * 2 + section.signatures.filter((item) => item.png).length * 4;
  writer.ensure(8 + signatureLines, section);
  writer.y -= 4;
  writer.page.drawLine({ start: { x: margin, y: writer.y + LINE - 2 }, end: { x: margin + tableWidth, y: writer.y + LINE - 2 }, thickness: 0.8, color: dark });
  const { totals } = section;
  const summary = `Total del periodo: ${formatHoursMinutes(totals.workedMinutes)} · Horas extra: ${formatHoursMinutes(totals.overtimeMinutes)} · Horas extra del año hasta el ${document.to.split('-').reverse().join('/')}: ${formatHoursMinutes(totals.yearOvertimeMinutes)} · Incumplimientos: ${totals.breakCount}`;
  writer.text(summary, margin, writer.y, { bold: true, size: 9, width: tableWidth });
  writer.y -= LINE + 2;
  writer.text(rulesLine(document), margin, writer.y, { color: muted, width: tableWidth });
  writer.y -= LINE;
  writer.text('* Valor fijado por una corrección aprobada por ambas partes. (+1): día siguiente. El tiempo es el transcurrido realmente, también en los cambios de hora.', margin, writer.y, {
    color: muted,
    width: tableWidth,
  });
  writer.y -= LINE;
  writer.text('** Alta por corrección: fichaje que faltaba, añadido por una corrección aprobada por ambas partes.', margin, writer.y, { color: muted, width: tableWidth });
  writer.y -= LINE;
  writer.text(REGISTRO_FLAG_LEGEND, margin, writer.y, { color: muted, width: tableWidth });
  writer.y -= LINE + 4;
  if (section.signatures.length === 0) {
    writer.text('Pendiente de la firma del trabajador.', margin, writer.y, { bold: true });
    writer.y -= LINE;
    return;
  }
  for (const signature of section.signatures) {
    const month = signature.month.split('-').reverse().join('/');
    const signedAt = formatInstant(signature.signedAt, document.timeZone);
    if (signature.superseded) {
      // The superseded signature stays on paper with what it covered: the worker signed those figures.
      writer.text(`Mes ${month}: firma sustituida, del ${signedAt} (el mes cambió después por una corrección).`, margin, writer.y, { bold: true, color: muted });
      writer.y -= LINE;
      const figures = signature.workedMinutes === undefined ? '' : `Total firmado: ${formatHoursMinutes(signature.workedMinutes)}. `;
      writer.text(`${figures}Huella de lo firmado (SHA-256): ${signature.contentSha256 ?? '—'}`, margin, writer.y, { color: muted, width: tableWidth });
      writer.y -= LINE;
    } else {
      writer.text(`Mes ${month}: firmado por el trabajador el ${signedAt} (firma vigente).`, margin, writer.y, { bold: true });
      writer.y -= LINE;
      if (signature.contentSha256) {
        writer.text(`Huella de lo firmado (SHA-256): ${signature.contentSha256}`, margin, writer.y, { color: muted, width: tableWidth });
        writer.y -= LINE;
      }
    }
    if (signature.png) {
      const image = await writer.pdf.embedPng(signature.png).catch(() => null);
      if (image) {
        const scale = Math.min(160 / image.width, 40 / image.height, 1);
        // The pad draws white strokes for the dark theme: a dark box keeps them visible.
        writer.page.drawRectangle({ x: margin, y: writer.y - 38, width: 168, height: 44, color: rgb(0.15, 0.15, 0.18) });
        writer.page.drawImage(image, { x: margin + 4, y: writer.y - 36, width: image.width * scale, height: image.height * scale });
        writer.y -= 48;
      }
    }
  }
}

function writeFooters(pdf: PDFDocument, fonts: Fonts, document: RegistroDocument) {
  const pages = pdf.getPages();
  const generated = `Generado por Jornada el ${formatInstant(document.generatedAt, document.timeZone)} (${document.timeZone})`;
  pages.forEach((page, index) => {
    page.drawText(printable(fonts, generated), { x: PAGE.margin, y: PAGE.margin - 14, size: 7, font: fonts.regular, color: muted });
    const label = `Página ${index + 1} de ${pages.length}`;
    const width = fonts.regular.widthOfTextAtSize(label, 7);
    page.drawText(label, { x: PAGE.width - PAGE.margin - width, y: PAGE.margin - 14, size: 7, font: fonts.regular, color: muted });
    // The chain head this copy anchors (decision 031), whole: compared later with `verify-registro`.
    page.drawText(printable(fonts, chainHeadText(document.chainHead)), { x: PAGE.margin, y: PAGE.margin - 24, size: 6, font: fonts.regular, color: muted });
  });
}

/** The document as PDF bytes. A document with no worker still prints one page saying so. */
export async function renderRegistroPdf(document: RegistroDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Registro de jornada · ${document.company.name} · ${periodLabel(document.from, document.to)}`);
  pdf.setCreator('Jornada');
  pdf.setSubject(chainHeadText(document.chainHead));
  pdf.setProducer('Jornada');
  pdf.setCreationDate(new Date(document.generatedAt));
  pdf.setModificationDate(new Date(document.generatedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, charset: new Set(regular.getCharacterSet()) };
  const writer = new Writer(pdf, fonts, document);
  const sections: RegistroSection[] =
    document.sections.length > 0
      ? document.sections
      : [{ worker: { id: '', name: 'Sin trabajadores en el periodo', username: null, email: null }, days: [], totals: { workedMinutes: 0, overtimeMinutes: 0, yearOvertimeMinutes: 0, breakCount: 0 }, signatures: [] }];
  for (const section of sections) {
    writer.newPage(section);
    for (const day of section.days) writeDay(writer, section, day);
    await writeSummary(writer, section);
  }
  writeFooters(pdf, fonts, document);
  return pdf.save({ useObjectStreams: true });
}
