import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDateTime } from '@jornada/shared/format';
import { ROSTER_CONFLICT_LABELS, type RosterResponse } from '@jornada/shared/schemas/roster';

/**
 * The printable week of the roster (decision 045): A4 landscape, Helvetica (WinAnsi covers
 * Spanish), a row per person and a column per day, each cell with the events' times and names, a
 * vacation, and the conflicts' kinds; the title and the days repeated on every page, 'Página X de
 * Y' at the foot. pdf-lib, as the registro's PDF.
 */
const PAGE = { width: 841.89, height: 595.28, margin: 30 } as const;
const FONT_SIZE = 7.5;
const LINE = 9.5;
const NAME_WIDTH = 118;
const tableWidth = PAGE.width - 2 * PAGE.margin;
const grey = rgb(0.93, 0.93, 0.93);
const rule = rgb(0.75, 0.75, 0.75);
const dark = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.38, 0.38, 0.38);
const red = rgb(0.7, 0.1, 0.1);
const WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];

export interface RosterPrint {
  companyName: string;
  categoryName: string | null;
  roster: RosterResponse;
  generatedAt: Date;
  timeZone: string;
}

type Line = { text: string; bold?: boolean; color?: ReturnType<typeof rgb> };

const dmy = (day: string) => day.split('-').reverse().join('/');
const dayHeader = (day: string) => `${WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()]} ${day.slice(8, 10)}/${day.slice(5, 7)}`;

class Writer {
  page!: PDFPage;
  y = 0;
  readonly charset: Set<number>;
  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly print: RosterPrint,
  ) {
    this.charset = new Set(regular.getCharacterSet());
  }

  get dayWidth() {
    return (tableWidth - NAME_WIDTH) / this.print.roster.days.length;
  }

  /** Helvetica encodes WinAnsi only: any other character prints as '?'; too long a text ends in '…'. */
  fit(text: string, font: PDFFont, size: number, width: number): string {
    let clean = '';
    for (const char of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) clean += this.charset.has(char.codePointAt(0)!) ? char : '?';
    if (font.widthOfTextAtSize(clean, size) <= width) return clean;
    while (clean.length > 0 && font.widthOfTextAtSize(`${clean}…`, size) > width) clean = clean.slice(0, -1);
    return `${clean}…`;
  }

  text(text: string, x: number, y: number, options: { bold?: boolean; size?: number; width: number; color?: ReturnType<typeof rgb> }) {
    const font = options.bold ? this.bold : this.regular;
    const size = options.size ?? FONT_SIZE;
    this.page.drawText(this.fit(text, font, size, options.width), { x, y, size, font, color: options.color ?? dark });
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    const { margin } = PAGE;
    const { roster } = this.print;
    let y = PAGE.height - margin - 12;
    this.text('Cuadrante', margin, y, { bold: true, size: 14, width: 120 });
    this.text(`Semana del ${dmy(roster.from)} al ${dmy(roster.to)}`, margin + 130, y + 1, { bold: true, size: 11, width: 300 });
    y -= 16;
    const filter = this.print.categoryName ? ` · Categoría: ${this.print.categoryName}` : '';
    this.text(`Empresa: ${this.print.companyName}${filter}`, margin, y, { size: 9.5, width: tableWidth });
    y -= 10;
    this.page.drawRectangle({ x: margin, y: y - 14, width: tableWidth, height: 14, color: grey });
    this.text('Empleado', margin + 3, y - 10, { bold: true, width: NAME_WIDTH - 6 });
    roster.days.forEach((day, index) => {
      this.text(dayHeader(day), margin + NAME_WIDTH + index * this.dayWidth + 3, y - 10, { bold: true, width: this.dayWidth - 6 });
    });
    this.y = y - 14;
  }

  row(name: string, cells: Line[][]) {
    const lines = Math.max(1, ...cells.map((cell) => cell.length));
    const height = lines * LINE + 5;
    if (this.y - height < PAGE.margin + 16) this.newPage();
    const { margin } = PAGE;
    const top = this.y;
    this.text(name, margin + 3, top - LINE, { bold: true, width: NAME_WIDTH - 6 });
    cells.forEach((cell, index) => {
      const x = margin + NAME_WIDTH + index * this.dayWidth + 3;
      cell.forEach((line, at) => this.text(line.text, x, top - LINE * (at + 1), { bold: line.bold, color: line.color, width: this.dayWidth - 6 }));
    });
    this.y = top - height;
    this.page.drawLine({ start: { x: margin, y: this.y }, end: { x: margin + tableWidth, y: this.y }, thickness: 0.5, color: rule });
  }
}

function cellLines(cell: RosterResponse['employees'][number]['cells'][number]): Line[] {
  const lines: Line[] = [];
  if (cell.vacation) lines.push({ text: 'Vacaciones', bold: true });
  for (const shift of cell.shifts) {
    lines.push({ text: `${shift.start}-${shift.end}`, bold: true });
    lines.push({ text: shift.name });
    if (shift.conflicts.length > 0) {
      lines.push({ text: `! ${[...new Set(shift.conflicts.map((conflict) => ROSTER_CONFLICT_LABELS[conflict.kind]))].join(', ')}`, color: red });
    }
  }
  return lines;
}

/** The week as PDF bytes; a week with nobody still prints its page saying so. */
export async function renderRosterPdf(print: RosterPrint): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Cuadrante · ${print.companyName} · ${dmy(print.roster.from)} – ${dmy(print.roster.to)}`);
  pdf.setCreator('Jornada');
  pdf.setProducer('Jornada');
  pdf.setCreationDate(print.generatedAt);
  pdf.setModificationDate(print.generatedAt);
  const writer = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold), print);
  writer.newPage();
  if (print.roster.employees.length === 0) writer.row('Sin empleados', []);
  for (const person of print.roster.employees) writer.row(person.name, person.cells.map(cellLines));
  const pages = pdf.getPages();
  const regular = writer.regular;
  const stamp = `Generado el ${formatDateTime(print.generatedAt, print.timeZone)} · ! conflicto (Solapamiento, Vacaciones, Normas de jornada, Titulación)`;
  pages.forEach((page, index) => {
    page.drawText(writer.fit(stamp, regular, 7, tableWidth - 80), { x: PAGE.margin, y: PAGE.margin - 10, size: 7, font: regular, color: muted });
    const label = `Página ${index + 1} de ${pages.length}`;
    page.drawText(label, { x: PAGE.width - PAGE.margin - regular.widthOfTextAtSize(label, 7), y: PAGE.margin - 10, size: 7, font: regular, color: muted });
  });
  return pdf.save({ useObjectStreams: true });
}
