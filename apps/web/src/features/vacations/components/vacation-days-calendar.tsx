import { MAX_VACATION_DATES } from '@jornada/shared/schemas/vacations';
import { useMemo } from 'react';
import type { Modifiers } from 'react-day-picker';
import { Calendar } from '@/components/ui/calendar';
import { calendarDay, calendarDayKey, companyToday, longDayName } from '@/lib/calendar-days';
import { lastMonth, monthToDate } from '@/lib/month';

interface VacationDaysCalendarProps {
  /** Selected 'yyyy-MM-dd' days. */
  value: readonly string[];
  onChange: (days: string[]) => void;
  /** Days already confirmed as vacations: green and not selectable again. */
  confirmedDays?: readonly string[];
  /** Names the calendar grid (the id of a visible heading or label). */
  labelledBy: string;
  disabled?: boolean;
}

const NONE: readonly string[] = [];

/**
 * The multi-date vacation calendar (Spanish, weeks from Monday): days from the company's today to
 * the end of next year, at most MAX_VACATION_DATES at once. It draws calendar days as plain dates
 * (lib/calendar-days): a drawn day's key is the day the person tapped, whatever the phone's zone.
 */
export function VacationDaysCalendar({ value, onChange, confirmedDays = NONE, labelledBy, disabled = false }: VacationDaysCalendarProps) {
  const confirmed = useMemo(() => new Set(confirmedDays), [confirmedDays]);
  const selected = useMemo(() => value.map(calendarDay), [value]);
  const today = companyToday();
  const todayKey = calendarDayKey(today);
  const isConfirmed = (date: Date) => confirmed.has(calendarDayKey(date));
  const isPast = (date: Date) => calendarDayKey(date) < todayKey;

  const labelDayButton = (date: Date, modifiers?: Modifiers) => {
    const parts = [longDayName(date)];
    if (modifiers?.today) parts.unshift('Hoy');
    if (modifiers?.confirmed) parts.push('vacaciones confirmadas');
    else if (modifiers?.selected) parts.push('seleccionado');
    return parts.join(', ');
  };

  return (
    <Calendar
      aria-labelledby={labelledBy}
      mode="multiple"
      today={today}
      fixedWeeks
      defaultMonth={selected[0] ?? today}
      startMonth={today}
      endMonth={monthToDate(lastMonth())}
      max={MAX_VACATION_DATES}
      selected={selected}
      onSelect={(dates) => onChange((dates ?? []).map(calendarDayKey).sort())}
      disabled={disabled ? true : [isPast, isConfirmed]}
      modifiers={{ confirmed: isConfirmed, past: isPast }}
      classNames={{
        selected: '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover',
        // Confirmed days cannot be picked but keep their full green; only past days fade.
        disabled: '[&>button]:cursor-not-allowed [&>button]:hover:bg-transparent',
      }}
      modifiersClassNames={{
        confirmed: '[&>button]:bg-green-100 [&>button]:font-semibold [&>button]:text-green-900 [&>button]:hover:bg-green-100',
        past: '[&>button]:opacity-50',
      }}
      labels={{ labelDayButton }}
    />
  );
}
