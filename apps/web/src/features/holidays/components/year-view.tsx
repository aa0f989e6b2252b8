import type { Holiday } from '@jornada/shared/schemas/holidays';
import { cn } from '@/lib/cn';

const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
const WEEKDAYS = ['L', 'M', 'X', 'J', 'V', 'S', 'D'];

const pad = (value: number) => String(value).padStart(2, '0');

/** How a day looks: a holiday that counts, a national one the company does not keep, or none. */
function dayClass(holidays: Holiday[] | undefined): string {
  if (!holidays?.length) return 'text-foreground';
  const counting = holidays.find((holiday) => !holiday.excluded);
  if (!counting) return 'text-muted-foreground line-through';
  return counting.kind === 'nacional' ? 'bg-primary text-primary-foreground font-semibold' : 'bg-amber-500 text-white font-semibold dark:bg-amber-600';
}

/** Twelve small month grids (Monday first), one column on a phone. */
export function YearView({ year, holidays }: { year: number; holidays: Holiday[] }) {
  const byDate = new Map<string, Holiday[]>();
  for (const holiday of holidays) byDate.set(holiday.date, [...(byDate.get(holiday.date) ?? []), holiday]);

  return (
    <div className="grid gap-3">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground" aria-label="Leyenda">
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-primary" aria-hidden="true" />
          Nacional
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-amber-500 dark:bg-amber-600" aria-hidden="true" />
          Autonómico o local
        </li>
        <li className="flex items-center gap-1.5">
          <span className="line-through" aria-hidden="true">15</span>
          No se celebra aquí
        </li>
      </ul>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="holiday-year-view">
        {MONTHS.map((monthName, month) => {
          const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
          // getUTCDay: 0 is Sunday; the grid starts on Monday.
          const offset = (new Date(Date.UTC(year, month, 1)).getUTCDay() + 6) % 7;
          return (
            <section key={monthName} aria-label={`${monthName} de ${year}`} className="rounded-lg border bg-card p-3">
              <h3 className="mb-2 text-sm font-semibold">{monthName}</h3>
              <div className="grid grid-cols-7 gap-0.5 text-center text-xs">
                {WEEKDAYS.map((weekday) => (
                  <span key={weekday} className="py-1 font-medium text-muted-foreground" aria-hidden="true">
                    {weekday}
                  </span>
                ))}
                {Array.from({ length: offset }, (_, index) => (
                  <span key={`empty-${index}`} aria-hidden="true" />
                ))}
                {Array.from({ length: days }, (_, index) => {
                  const date = `${year}-${pad(month + 1)}-${pad(index + 1)}`;
                  const onDay = byDate.get(date);
                  const title = onDay?.map((holiday) => (holiday.excluded ? `${holiday.name} (no se celebra aquí)` : holiday.name)).join(', ');
                  return (
                    <span
                      key={date}
                      data-date={date}
                      data-holiday={onDay?.some((holiday) => !holiday.excluded) ? 'true' : undefined}
                      title={title}
                      className={cn('rounded py-1 tabular-nums', dayClass(onDay))}
                    >
                      {index + 1}
                      {title && <span className="sr-only">{`: ${title}`}</span>}
                    </span>
                  );
                })}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
