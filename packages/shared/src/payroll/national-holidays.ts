/**
 * Spain's national holidays ('fiestas laborales de ámbito nacional') for the years the product ships
 * data for: the seed of every company's 'Calendario laboral' (issue 26). These are only the holidays
 * common to the whole country; a company adds its autonomous community's holidays (including a
 * national holiday its community moved, e.g. a Sunday holiday moved to the Monday) and its two
 * local ones, and may drop a seeded date its community replaced. The pay computation reads the
 * company's calendar, never this list alone.
 *
 * Sources and assumptions (reviewed 2026-11-26):
 * - 2026: the Dirección General de Trabajo's resolution publishing the 'relación de fiestas
 *   laborales para el año 2026' (BOE of 28 October 2025), as reported that day by Europa Press:
 *   nine holidays common to every community, Sunday 1 November (Todos los Santos) among them.
 *   Sunday 6 December (Día de la Constitución) is not common that year: some communities moved it
 *   to Monday 7 December, others replaced it; those add their own date. Jueves Santo (2 April) is
 *   not common either (Cataluña and the Comunitat Valenciana do not keep it).
 * - 2027: the resolution for 2027 (expected in the BOE late in October 2026) was NOT checked when
 *   this list was written. It is derived from art. 45 of Real Decreto 2001/1983 (the holidays the
 *   communities may not replace, on their own date, a Sunday one included like 1 November 2026)
 *   plus 6 January, which every community has kept for years. Check it against the BOE.
 * A holiday on a Sunday is marked `sunday`: its community may move the rest to the Monday, and
 * whether the Sunday itself still counts as a holiday for pay is the company's call (its calendar).
 */
export interface NationalHoliday {
  /** The local calendar day, 'yyyy-MM-dd'. */
  date: string;
  /** Its Spanish name, as the BOE writes it. */
  name: string;
  /** Falls on a Sunday: the community may move its rest to the following Monday. */
  sunday?: true;
}

export const NATIONAL_HOLIDAYS: Readonly<Record<number, readonly NationalHoliday[]>> = Object.freeze({
  2026: Object.freeze([
    { date: '2026-01-01', name: 'Año Nuevo' },
    { date: '2026-01-06', name: 'Epifanía del Señor' },
    { date: '2026-04-03', name: 'Viernes Santo' },
    { date: '2026-05-01', name: 'Fiesta del Trabajo' },
    { date: '2026-08-15', name: 'Asunción de la Virgen' },
    { date: '2026-10-12', name: 'Fiesta Nacional de España' },
    { date: '2026-11-01', name: 'Todos los Santos', sunday: true },
    { date: '2026-12-08', name: 'Inmaculada Concepción' },
    { date: '2026-12-25', name: 'Natividad del Señor' },
  ]),
  2027: Object.freeze([
    { date: '2027-01-01', name: 'Año Nuevo' },
    { date: '2027-01-06', name: 'Epifanía del Señor' },
    { date: '2027-03-26', name: 'Viernes Santo' },
    { date: '2027-05-01', name: 'Fiesta del Trabajo' },
    { date: '2027-08-15', name: 'Asunción de la Virgen', sunday: true },
    { date: '2027-10-12', name: 'Fiesta Nacional de España' },
    { date: '2027-11-01', name: 'Todos los Santos' },
    { date: '2027-12-06', name: 'Día de la Constitución Española' },
    { date: '2027-12-08', name: 'Inmaculada Concepción' },
    { date: '2027-12-25', name: 'Natividad del Señor' },
  ]),
} satisfies Record<number, readonly NationalHoliday[]>);

/** The years this file has data for; a later year needs a new entry, not a guess. */
export const NATIONAL_HOLIDAY_YEARS: readonly number[] = Object.freeze(Object.keys(NATIONAL_HOLIDAYS).map(Number));

/** The national holidays of a year, by date; [] for a year without data. */
export function nationalHolidays(year: number): readonly NationalHoliday[] {
  return NATIONAL_HOLIDAYS[year] ?? [];
}
