import { TZDate } from '@date-fns/tz';
import type { TimeRecordFlag } from '@jornada/shared/schemas/time-records';
import { buildJornadas, localDayKey, type RuleBreak, type WorkInterval, type WorkingTimeRules } from '@jornada/shared/working-time';

/**
 * The neutral model of a Registro de jornada: one company, a range of days (a month, or an
 * inspection link's range) and one section per worker. The PDF and the CSV renderers read only this,
 * so every caller (the monthly record, the company month, an access link) prints the same record.
 */
export interface RegistroWorker {
  id: string;
  name: string;
  username: string | null;
  email: string | null;
}

export interface RegistroEntry {
  recordId: string;
  /** ISO UTC instants; end null while the record is still open ('Sin cierre'). */
  start: string;
  end: string | null;
  workedMinutes: number;
  /** Values set by an approved correction. */
  corrected: boolean;
  /** 'Alta por corrección': the record itself was added by an approved correction. */
  addedByCorrection: boolean;
  /** How the record was made when not the ordinary way (decision 040): printed with it. */
  flags: TimeRecordFlag[];
}

export interface RegistroDay {
  /** 'yyyy-MM-dd' in the company time zone: a jornada belongs to the day it starts. */
  day: string;
  entries: RegistroEntry[];
  workedMinutes: number;
  overtimeMinutes: number;
  breaks: RuleBreak[];
}

export interface RegistroSignature {
  /** 'yyyy-MM' */
  month: string;
  signedAt: string;
  /** The drawn signature, printed when present. */
  png?: Uint8Array;
  /** A later signature of the same month replaced it (the month changed after it was signed). */
  superseded?: boolean;
  /** What this signature covered: the month's worked minutes and the hash of its records then. */
  workedMinutes?: number;
  contentSha256?: string;
}

/** The signature that stands for a month: its latest (earlier ones are superseded). */
export function currentSignature(section: { signatures: readonly RegistroSignature[] }, month: string): RegistroSignature | undefined {
  return section.signatures.find((item) => item.month === month && item.superseded !== true);
}

export interface RegistroTotals {
  workedMinutes: number;
  overtimeMinutes: number;
  /** Overtime from the 1st of January of the range's last day up to that day. */
  yearOvertimeMinutes: number;
  breakCount: number;
}

export interface RegistroSection {
  worker: RegistroWorker;
  /** Every day of the range, worked or not, in order. */
  days: RegistroDay[];
  totals: RegistroTotals;
  signatures: RegistroSignature[];
}

export interface RegistroDocument {
  company: { id: string; name: string };
  /** Days 'yyyy-MM-dd', both included. */
  from: string;
  to: string;
  timeZone: string;
  /** ISO UTC: when the document was produced. */
  generatedAt: string;
  rules: WorkingTimeRules;
  sections: RegistroSection[];
  /**
   * The company's registro chain head when the document was printed (decision 031): every PDF and
   * CSV carries it, so copies held outside Jornada anchor the chain. Null when there is none yet.
   */
  chainHead?: { seq: number; hash: string } | null;
}

export interface RegistroRecord {
  id: string;
  userId: string;
  start: string;
  end: string | null;
  corrected: boolean;
  addedByCorrection?: boolean;
  flags?: readonly TimeRecordFlag[];
}

export interface RegistroSources {
  company: { id: string; name: string };
  from: string;
  to: string;
  timeZone: string;
  generatedAt: Date;
  rules: WorkingTimeRules;
  workers: readonly RegistroWorker[];
  /**
   * The workers' records from two days before the 1st of January of `from`'s year to the end of
   * `to` (see registroRecordWindow): the year's overtime and the first day's rest need them.
   */
  records: readonly RegistroRecord[];
  signatures?: ReadonlyMap<string, readonly RegistroSignature[]>;
}

/** The days 'yyyy-MM-dd' from `from` to `to`, both included (calendar arithmetic, no time zone). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  for (let offset = 0; offset < 4000; offset++) {
    const key = new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
    if (key > to) break;
    days.push(key);
  }
  return days;
}

/** The UTC instants [start of `from`, end of `to`) in the company time zone. */
export function dayRangeInstants(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  return {
    start: new Date(new TZDate(fromYear, fromMonth - 1, fromDay, 0, 0, 0, timeZone).getTime()),
    end: new Date(new TZDate(toYear, toMonth - 1, toDay + 1, 0, 0, 0, timeZone).getTime()),
  };
}

/** The UTC instants a document's records are read between (see RegistroSources.records). */
export function registroRecordWindow(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const [fromYear] = from.split('-').map(Number) as [number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  return {
    start: new Date(new TZDate(fromYear, 0, 1 - 2, 0, 0, 0, timeZone).getTime()),
    end: new Date(new TZDate(toYear, toMonth - 1, toDay + 1, 0, 0, 0, timeZone).getTime()),
  };
}

function sectionOf(sources: RegistroSources, worker: RegistroWorker, records: readonly RegistroRecord[], days: readonly string[]): RegistroSection {
  const intervals: WorkInterval[] = records.map((record) => ({ id: record.id, start: record.start, end: record.end, corrected: record.corrected }));
  const added = new Set(records.filter((record) => record.addedByCorrection === true).map((record) => record.id));
  const flagsOf = new Map(records.filter((record) => record.flags?.length).map((record) => [record.id, [...record.flags!]]));
  const jornadas = new Map(buildJornadas(intervals, sources.rules, sources.timeZone).map((jornada) => [jornada.day, jornada]));
  const rows: RegistroDay[] = days.map((day) => {
    const jornada = jornadas.get(day);
    return {
      day,
      entries: (jornada?.intervals ?? []).map((entry) => ({
        recordId: entry.id,
        start: entry.start,
        end: entry.end,
        workedMinutes: entry.end === null ? 0 : Math.max(0, Math.floor((Date.parse(entry.end) - Date.parse(entry.start)) / 60_000)),
        corrected: entry.corrected === true,
        addedByCorrection: added.has(entry.id),
        flags: flagsOf.get(entry.id) ?? [],
      })),
      workedMinutes: jornada?.workedMinutes ?? 0,
      overtimeMinutes: jornada?.overtimeMinutes ?? 0,
      breaks: jornada?.breaks ?? [],
    };
  });
  const lastYear = sources.to.slice(0, 4);
  let yearOvertimeMinutes = 0;
  for (const jornada of jornadas.values()) {
    if (jornada.day.startsWith(lastYear) && jornada.day <= sources.to) yearOvertimeMinutes += jornada.overtimeMinutes;
  }
  return {
    worker,
    days: rows,
    totals: {
      workedMinutes: rows.reduce((sum, row) => sum + row.workedMinutes, 0),
      overtimeMinutes: rows.reduce((sum, row) => sum + row.overtimeMinutes, 0),
      yearOvertimeMinutes,
      breakCount: rows.reduce((sum, row) => sum + row.breaks.length, 0),
    },
    signatures: [...(sources.signatures?.get(worker.id) ?? [])],
  };
}

/** Pure: groups each worker's records into the range's days with totals, overtime and rule breaks. */
export function buildRegistroDocument(sources: RegistroSources): RegistroDocument {
  const days = daysBetween(sources.from, sources.to);
  const byWorker = new Map<string, RegistroRecord[]>();
  for (const record of sources.records) {
    const list = byWorker.get(record.userId);
    if (list) list.push(record);
    else byWorker.set(record.userId, [record]);
  }
  return {
    company: sources.company,
    from: sources.from,
    to: sources.to,
    timeZone: sources.timeZone,
    generatedAt: sources.generatedAt.toISOString(),
    rules: sources.rules,
    sections: sources.workers.map((worker) => sectionOf(sources, worker, byWorker.get(worker.id) ?? [], days)),
  };
}

// Shared formatting of both renderers: Spanish dates, times and decimal hours.

/** '02/11/2026' from 'yyyy-MM-dd'. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

const weekdays = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'] as const;

/** 'lun 02/11/2026' */
export function formatDayWithWeekday(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${weekdays[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]} ${formatDay(day)}`;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'HH:mm' in the company time zone (one cached formatter per zone: documents print thousands). */
function clockOf(instant: string, timeZone: string): string {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('es-ES', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter.format(Date.parse(instant));
}

/** 'HH:mm' in the company time zone, with '(+1)' when the instant falls on a later day than `day`. */
export function formatClock(instant: string, day: string, timeZone: string): string {
  const clock = clockOf(instant, timeZone);
  const offset = Math.round((Date.parse(`${localDayKey(instant, timeZone)}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
  return offset === 0 ? clock : `${clock} (${offset > 0 ? '+' : ''}${offset})`;
}

/** 'dd/MM/yyyy HH:mm' in the company time zone. */
export function formatInstant(instant: string, timeZone: string): string {
  return `${formatDay(localDayKey(instant, timeZone))} ${clockOf(instant, timeZone)}`;
}

/** Decimal hours with a comma, two decimals: '8,50'. */
export function decimalHours(minutes: number): string {
  return (minutes / 60).toFixed(2).replace('.', ',');
}

const monthNames = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;

/** 'Noviembre de 2026' for a whole month, else '01/11/2026 – 15/12/2026'. */
export function periodLabel(from: string, to: string): string {
  const month = from.slice(0, 7);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  if (from === `${month}-01` && to === lastDay) return `${monthNames[monthNumber - 1]} de ${year}`;
  return `${formatDay(from)} – ${formatDay(to)}`;
}
