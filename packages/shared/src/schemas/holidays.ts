import { z } from 'zod';
import { idSchema } from './common';
import { isCalendarDate } from './list-filters';

/** 'Calendario laboral' (issue 26): Spain's national holidays plus the company's own. */
export const HOLIDAY_KINDS = ['nacional', 'autonomico', 'local'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];
export const HOLIDAY_KIND_LABELS: Record<HolidayKind, string> = { nacional: 'Nacional', autonomico: 'Autonómico', local: 'Local' };

export const HOLIDAY_DATE_MESSAGE = 'La fecha debe tener el formato AAAA-MM-DD.';
export const DUPLICATE_HOLIDAY_MESSAGE = 'Ya hay un festivo ese día.';
export const HOLIDAY_YEAR_MIN = 2000;
export const HOLIDAY_YEAR_MAX = 2100;

export const holidayDateSchema = z.string({ error: HOLIDAY_DATE_MESSAGE }).refine(isCalendarDate, { error: HOLIDAY_DATE_MESSAGE });

export const holidaysQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Indica un año.' })
    .int({ error: 'El año no es válido.' })
    .min(HOLIDAY_YEAR_MIN, { error: 'El año no es válido.' })
    .max(HOLIDAY_YEAR_MAX, { error: 'El año no es válido.' }),
  companyId: idSchema.optional(),
});

export const holidaySchema = z.object({
  /** The company holiday's id; null for a national one (those live in code, not in the database). */
  id: z.string().nullable(),
  date: z.string(),
  name: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
  /** A national date the company's community moved or replaced: shown, but not a holiday here. */
  excluded: z.boolean(),
  /** Falls on a Sunday (national ones only): the community may move its rest to the Monday. */
  sunday: z.boolean(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayYearSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  year: z.number(),
  /** False when the product has no national list for that year: only the company's own show. */
  hasNationalData: z.boolean(),
  holidays: z.array(holidaySchema),
});
export type HolidayYear = z.infer<typeof holidayYearSchema>;

export const createHolidayRequestSchema = z.object({
  date: holidayDateSchema,
  name: z
    .string({ error: 'Indica el nombre del festivo.' })
    .trim()
    .min(1, { error: 'Indica el nombre del festivo.' })
    .max(100, { error: 'El nombre admite como mucho 100 caracteres.' }),
  kind: z.enum(['autonomico', 'local'], { error: 'Elige si el festivo es autonómico o local.' }),
  companyId: idSchema.optional(),
});
export type CreateHolidayRequest = z.infer<typeof createHolidayRequestSchema>;

export const nationalHolidayParamsSchema = z.object({ date: holidayDateSchema });

export const excludeNationalHolidayRequestSchema = z.object({
  excluded: z.boolean({ error: 'Indica si el festivo se celebra o no.' }),
  companyId: idSchema.optional(),
});
export type ExcludeNationalHolidayRequest = z.infer<typeof excludeNationalHolidayRequestSchema>;
