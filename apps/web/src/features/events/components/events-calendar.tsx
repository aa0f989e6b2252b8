import { calendarDotCount, groupEventsByDay } from '@jornada/shared/events';
import type { Event } from '@jornada/shared/schemas/events';
import { memo, useMemo, useState } from 'react';
import type { Modifiers } from 'react-day-picker';
import { useRevealed } from '@/components/layout/reveal-when-settled';
import { Calendar } from '@/components/ui/calendar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { calendarDayKey as dayKey, companyToday, longDayName } from '@/lib/calendar-days';
import { useCalendarMonth } from '../api/get-calendar-month';
import { CalendarDayButton } from './calendar-day-button';
import { DayEventsDialog, type DayEvents } from './day-events-dialog';
import { EventDetailDialog } from './event-detail-dialog';

export interface EventsCalendarProps {
  /** 'yyyy-MM-dd' days (company time zone) of the viewer's confirmed vacations: red and inert (vacations issue). */
  vacationDays?: readonly string[];
  /** Passed on to the event detail dialog's 'Iniciar Turno' (clock-in issue). */
  onStartShift?: (eventId: string) => void;
  timerActive?: boolean;
}

const NO_VACATIONS: readonly string[] = [];

function countLabel(count: number): string {
  return count === 1 ? '1 evento' : `${count} eventos`;
}

/**
 * Spec section 2 screen 1: the monthly events calendar. A click on a day with one event opens it;
 * on a day with several, it offers the day's events to choose from (issue 21: the second was unreachable).
 * Memoised: drawing its 42 days in the company time zone is the overview's most expensive render,
 * and the overview re-renders as each of its other queries answers.
 */
export const EventsCalendar = memo(function EventsCalendar({ vacationDays = NO_VACATIONS, onStartShift, timerActive }: EventsCalendarProps) {
  // Today in the company time zone, at each render (a calendar left open past midnight moves on).
  const today = companyToday();
  const [month, setMonth] = useState(today);
  const [selected, setSelected] = useState<Date | undefined>();
  const [openEvent, setOpenEvent] = useState<Event | null>(null);
  const [dayChoice, setDayChoice] = useState<DayEvents | null>(null);
  const monthKey = dayKey(month).slice(0, 7);
  const calendar = useCalendarMonth(monthKey);
  // Hidden until the overview's first answers are in: the days are drawn once, when shown.
  const revealed = useRevealed();
  const byDay = useMemo(() => groupEventsByDay(calendar.data?.items ?? []), [calendar.data]);
  const vacations = useMemo(() => new Set(vacationDays), [vacationDays]);

  const count = (date: Date) => byDay.get(dayKey(date))?.length ?? 0;
  const isVacation = (date: Date) => vacations.has(dayKey(date));

  const modifiers = {
    dots1: (date: Date) => calendarDotCount(count(date)) === 1,
    dots2: (date: Date) => calendarDotCount(count(date)) === 2,
    dots3: (date: Date) => calendarDotCount(count(date)) === 3,
    vacation: isVacation,
  };

  const labelDayButton = (date: Date, dayModifiers?: Modifiers) => {
    const parts = [longDayName(date)];
    if (dayModifiers?.today) parts.unshift('Hoy');
    if (count(date) > 0) parts.push(countLabel(count(date)));
    if (dayModifiers?.vacation) parts.push('vacaciones');
    return parts.join(', ');
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 sm:p-6">
        <CardTitle id="events-calendar-title">Calendario de eventos</CardTitle>
        {calendar.isFetching && (
          <span role="status" aria-label="Cargando eventos" className="text-muted-foreground">
            <Spinner className="size-5" />
          </span>
        )}
      </CardHeader>
      <CardContent className="p-3 pt-0 sm:p-6 sm:pt-0">
        {revealed && (
          <Calendar
            aria-labelledby="events-calendar-title"
            mode="single"
            today={today}
            fixedWeeks
            month={month}
            onMonthChange={setMonth}
            selected={selected}
            onSelect={setSelected}
            disabled={isVacation}
            modifiers={modifiers}
            // Only vacation days are disabled here, and they keep full colour: red, not faded.
            classNames={{ disabled: '[&>button]:cursor-not-allowed' }}
            modifiersClassNames={{ vacation: '[&>button]:bg-red-100 [&>button]:text-red-800 [&>button]:hover:bg-red-100' }}
            labels={{ labelDayButton }}
            components={{ DayButton: CalendarDayButton }}
            onDayClick={(date, dayModifiers) => {
              if (dayModifiers.disabled) return;
              const events = byDay.get(dayKey(date)) ?? [];
              if (events.length === 1) setOpenEvent(events[0]!);
              else if (events.length > 1) setDayChoice({ day: date, events });
            }}
          />
        )}
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground" aria-label="Leyenda">
          <li className="flex items-center gap-2">
            <span className="size-2 rounded-full bg-primary" aria-hidden="true" />
            Días con eventos
          </li>
          <li className="flex items-center gap-2">
            <span className="size-3 rounded border-2 border-primary" aria-hidden="true" />
            Hoy
          </li>
          {vacations.size > 0 && (
            <li className="flex items-center gap-2">
              <span className="size-3 rounded bg-red-100 ring-1 ring-red-300" aria-hidden="true" />
              Vacaciones
            </li>
          )}
        </ul>
        {calendar.data?.truncated && (
          <p className="mt-2 text-sm text-muted-foreground">Este mes tiene más eventos de los que se pueden mostrar.</p>
        )}
      </CardContent>
      <DayEventsDialog
        value={dayChoice}
        onOpenChange={(open) => !open && setDayChoice(null)}
        onChoose={(event) => {
          setDayChoice(null);
          setOpenEvent(event);
        }}
      />
      <EventDetailDialog
        event={openEvent}
        onOpenChange={(open) => !open && setOpenEvent(null)}
        onStartShift={onStartShift}
        timerActive={timerActive}
      />
    </Card>
  );
});
