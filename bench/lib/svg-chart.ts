/**
 * A small dependency-free SVG chart writer for the bench's pictures in docs/performance.md: a line
 * chart of series over numeric x values, and a grouped bar chart of series over categories. Both
 * draw axes with ticks, axis labels, a title and a legend, sized for a 1280 px wide page; the y axis
 * is linear or logarithmic (for rows that differ by orders of magnitude). Text is XML-escaped.
 */

export interface Series {
  name: string;
  /** One value per x (line chart) or per category (bar chart); null or non-positive-on-log is a gap. */
  values: (number | null)[];
}

interface CommonOptions {
  title: string;
  yLabel: string;
  xLabel?: string;
  series: Series[];
  /** Logarithmic y axis (base 10); values ≤ 0 are left out. */
  logY?: boolean;
  width?: number;
  height?: number;
  /** Printed under the title (the machine, the command). */
  subtitle?: string;
}

export interface LineChartOptions extends CommonOptions {
  /** The x positions, in order (e.g. scales 1, 4, 16). */
  x: number[];
  /** A log x axis (scales 1, 4, 16 sit evenly). */
  logX?: boolean;
  /** How an x value is written on the axis (default: the number). */
  xFormat?: (value: number) => string;
  /** Value labels beside each point. */
  labelPoints?: boolean;
}

export interface BarChartOptions extends CommonOptions {
  categories: string[];
  /** Value labels above each bar. */
  labelBars?: boolean;
}

/** Okabe–Ito's colour-blind-safe palette, its yellow darkened to read on white, then greys. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#000000', '#8A7400', '#777777', '#AAAAAA'];
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A short human number: 0.56, 12.3, 1,234, 5.8 M. */
export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${trim(value / 1e6, 1)} M`;
  if (abs >= 1e4) return `${trim(value / 1e3, 0)} k`;
  if (abs >= 100) return Math.round(value).toLocaleString('en-US');
  if (abs >= 10) return trim(value, 1);
  if (abs >= 1) return trim(value, 2);
  return trim(value, 3);
}

const trim = (value: number, digits: number) => String(Number(value.toFixed(digits)));

/** Splits `text` at spaces into lines of at most `maxChars` (a longer word gets a line of its own). */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

interface Scale {
  map(value: number): number;
  ticks: number[];
}

/** Linear ticks at 1, 2, 2.5 or 5 × 10^k, about `count` of them, from 0 (or the minimum if negative). */
function linearScale(min: number, max: number, from: number, to: number, count = 6): Scale {
  const low = Math.min(0, min);
  const span = max - low || 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw)!;
  const top = Math.ceil(max / step) * step || step;
  const bottom = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let tick = bottom; tick <= top + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return { map: (value) => from + ((value - bottom) / (top - bottom)) * (to - from), ticks };
}

/** Decades from below the minimum to above the maximum, with 2 and 5 between when there are few. */
function logScale(min: number, max: number, from: number, to: number): Scale {
  const low = Math.floor(Math.log10(min));
  const high = Math.max(low + 1, Math.ceil(Math.log10(max)));
  const ticks: number[] = [];
  for (let power = low; power <= high; power += 1) {
    ticks.push(10 ** power);
    if (high - low <= 3 && power < high) ticks.push(2 * 10 ** power, 5 * 10 ** power);
  }
  return { map: (value) => from + ((Math.log10(value) - low) / (high - low)) * (to - from), ticks: ticks.map((tick) => Number(tick.toPrecision(12))) };
}

function valueRange(series: Series[], logY: boolean): { min: number; max: number } {
  const values = series.flatMap((entry) => entry.values).filter((value): value is number => value !== null && Number.isFinite(value) && (!logY || value > 0));
  if (values.length === 0) return { min: logY ? 1 : 0, max: logY ? 10 : 1 };
  return { min: Math.min(...values), max: Math.max(...values) };
}

interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Title, subtitle, y-axis grid, ticks and label; returns the SVG parts and the y scale. */
function frameAndYAxis(options: CommonOptions, frame: Frame): { parts: string[]; y: Scale } {
  const logY = options.logY ?? false;
  const range = valueRange(options.series, logY);
  const y = logY ? logScale(range.min, range.max, frame.bottom, frame.top) : linearScale(range.min, range.max, frame.bottom, frame.top);
  const parts = [
    `<rect width="${frame.width}" height="${frame.height}" fill="#ffffff"/>`,
    `<text x="${frame.left}" y="34" ${FONT} font-size="24" font-weight="600" fill="#111">${escapeXml(options.title)}</text>`,
  ];
  if (options.subtitle) parts.push(`<text x="${frame.left}" y="60" ${FONT} font-size="15" fill="#555">${escapeXml(options.subtitle)}</text>`);
  for (const tick of y.ticks) {
    const py = y.map(tick);
    parts.push(`<line x1="${frame.left}" x2="${frame.right}" y1="${py.toFixed(1)}" y2="${py.toFixed(1)}" stroke="#e3e3e3" stroke-width="1"/>`);
    parts.push(`<text x="${frame.left - 10}" y="${(py + 5).toFixed(1)}" ${FONT} font-size="15" fill="#333" text-anchor="end">${escapeXml(formatNumber(tick))}</text>`);
  }
  parts.push(`<line x1="${frame.left}" x2="${frame.left}" y1="${frame.top}" y2="${frame.bottom}" stroke="#333" stroke-width="1.5"/>`);
  parts.push(`<line x1="${frame.left}" x2="${frame.right}" y1="${frame.bottom}" y2="${frame.bottom}" stroke="#333" stroke-width="1.5"/>`);
  const midY = (frame.top + frame.bottom) / 2;
  parts.push(
    `<text x="22" y="${midY}" ${FONT} font-size="16" fill="#333" text-anchor="middle" transform="rotate(-90 22 ${midY})">${escapeXml(options.yLabel + (logY ? ' (log scale)' : ''))}</text>`,
  );
  if (options.xLabel) parts.push(`<text x="${(frame.left + frame.right) / 2}" y="${frame.bottom + 52}" ${FONT} font-size="16" fill="#333" text-anchor="middle">${escapeXml(options.xLabel)}</text>`);
  return { parts, y };
}

/** The legend, in columns to the right of the plot. */
function legend(series: Series[], x: number, top: number, marker: 'line' | 'box'): string[] {
  return series.flatMap((entry, index) => {
    const colour = PALETTE[index % PALETTE.length]!;
    const y = top + index * 28;
    const swatch =
      marker === 'line'
        ? `<line x1="${x}" x2="${x + 28}" y1="${y}" y2="${y}" stroke="${colour}" stroke-width="3"/><circle cx="${x + 14}" cy="${y}" r="4.5" fill="${colour}"/>`
        : `<rect x="${x}" y="${y - 8}" width="22" height="16" fill="${colour}"/>`;
    return [swatch, `<text x="${x + 36}" y="${y + 5}" ${FONT} font-size="15" fill="#222">${escapeXml(entry.name)}</text>`];
  });
}

const LEGEND_WIDTH = 330;

function frameFor(options: CommonOptions): Frame {
  const width = options.width ?? 1280;
  const height = options.height ?? 640;
  return { width, height, left: 96, right: width - LEGEND_WIDTH, top: options.subtitle ? 88 : 64, bottom: height - 72 };
}

const svgDocument = (frame: Frame, title: string, parts: string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}" viewBox="0 0 ${frame.width} ${frame.height}" role="img" aria-label="${escapeXml(title)}">\n<title>${escapeXml(title)}</title>\n${parts.join('\n')}\n</svg>\n`;

/** A line chart of each series over `x`; returns the SVG document. */
export function lineChart(options: LineChartOptions): string {
  const frame = frameFor(options);
  const { parts, y } = frameAndYAxis(options, frame);
  const inset = 40;
  const xs = options.x;
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const toX = (value: number) => {
    const share = xMax === xMin ? 0.5 : options.logX ? (Math.log(value) - Math.log(xMin)) / (Math.log(xMax) - Math.log(xMin)) : (value - xMin) / (xMax - xMin);
    return frame.left + inset + share * (frame.right - frame.left - 2 * inset);
  };
  const format = options.xFormat ?? formatNumber;
  for (const value of xs) {
    const px = toX(value).toFixed(1);
    parts.push(`<line x1="${px}" x2="${px}" y1="${frame.bottom}" y2="${frame.bottom + 6}" stroke="#333"/>`);
    parts.push(`<text x="${px}" y="${frame.bottom + 26}" ${FONT} font-size="16" fill="#333" text-anchor="middle">${escapeXml(format(value))}</text>`);
  }
  const logY = options.logY ?? false;
  options.series.forEach((entry, index) => {
    const colour = PALETTE[index % PALETTE.length]!;
    const points = entry.values
      .map((value, i) => ({ value, x: xs[i]! }))
      .filter((point): point is { value: number; x: number } => point.value !== null && Number.isFinite(point.value) && (!logY || point.value > 0));
    if (points.length > 1) {
      const path = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${toX(point.x).toFixed(1)},${y.map(point.value).toFixed(1)}`).join(' ');
      parts.push(`<path d="${path}" fill="none" stroke="${colour}" stroke-width="3" stroke-linejoin="round"/>`);
    }
    for (const point of points) {
      const px = toX(point.x);
      const py = y.map(point.value);
      parts.push(`<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="5" fill="${colour}" stroke="#fff" stroke-width="1.5"/>`);
      // Alternate series label above and below their points, so neighbouring lines' labels overlap less.
      const labelY = index % 2 === 0 ? py - 9 : py + 19;
      if (options.labelPoints) parts.push(`<text x="${(px + 8).toFixed(1)}" y="${labelY.toFixed(1)}" ${FONT} font-size="13" fill="${colour}">${escapeXml(formatNumber(point.value))}</text>`);
    }
  });
  parts.push(...legend(options.series, frame.right + 30, frame.top + 10, 'line'));
  return svgDocument(frame, options.title, parts);
}

/** A grouped bar chart: one group per category, one bar per series; returns the SVG document. */
export function barChart(options: BarChartOptions): string {
  const frame = frameFor(options);
  const { parts, y } = frameAndYAxis(options, frame);
  const logY = options.logY ?? false;
  const groupWidth = (frame.right - frame.left) / Math.max(1, options.categories.length);
  const barWidth = Math.min(60, (groupWidth * 0.8) / Math.max(1, options.series.length));
  const baseline = logY ? frame.bottom : y.map(0);
  options.categories.forEach((category, c) => {
    const centre = frame.left + groupWidth * (c + 0.5);
    wrapText(category, Math.max(6, Math.floor(groupWidth / 8.5))).forEach((line, index) => {
      parts.push(`<text x="${centre.toFixed(1)}" y="${frame.bottom + 24 + index * 18}" ${FONT} font-size="15" fill="#333" text-anchor="middle">${escapeXml(line)}</text>`);
    });
    options.series.forEach((entry, s) => {
      const value = entry.values[c];
      if (value === null || value === undefined || !Number.isFinite(value) || (logY && value <= 0)) return;
      const x = centre - (barWidth * options.series.length) / 2 + s * barWidth;
      const top = y.map(value);
      parts.push(`<rect x="${x.toFixed(1)}" y="${Math.min(top, baseline).toFixed(1)}" width="${(barWidth - 3).toFixed(1)}" height="${Math.abs(baseline - top).toFixed(1)}" fill="${PALETTE[s % PALETTE.length]!}"/>`);
      if (options.labelBars) {
        parts.push(`<text x="${(x + (barWidth - 3) / 2).toFixed(1)}" y="${(Math.min(top, baseline) - 6).toFixed(1)}" ${FONT} font-size="12" fill="#222" text-anchor="middle">${escapeXml(formatNumber(value))}</text>`);
      }
    });
  });
  parts.push(...legend(options.series, frame.right + 30, frame.top + 10, 'box'));
  return svgDocument(frame, options.title, parts);
}
