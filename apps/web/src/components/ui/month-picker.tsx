import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { companyToday } from '@/lib/calendar-days';
import { addToMonth, dateToMonth, FIRST_MONTH, lastMonth, monthLabel, monthToDate } from '@/lib/month';
import { Button } from './button';
import { Calendar } from './calendar';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

// The month and year lists as bordered buttons: the native <select> lies invisible over its label.
const dropdownClassNames = {
  month_caption: 'flex h-11 items-center justify-center',
  dropdowns: 'relative z-10 inline-flex items-center gap-2',
  dropdown_root:
    'relative inline-flex h-10 items-center rounded-md border border-input bg-card px-3 hover:bg-muted focus-within:ring-2 focus-within:ring-ring',
  dropdown: 'absolute inset-0 z-10 w-full cursor-pointer opacity-0',
  caption_label: 'inline-flex items-center gap-1 text-sm font-semibold capitalize [&_svg]:size-4',
};

interface MonthPickerProps {
  /** 'yyyy-MM' */
  month: string;
  onChange: (month: string) => void;
  /** Names the group for screen readers ('Mes de los pagos'). */
  label?: string;
  /** The id of the trigger button, so a <label htmlFor> can name it. */
  id?: string;
  className?: string;
}

/**
 * A month navigator: previous/next arrows around a calendar popover whose month and year lists
 * run from 2020 to next year (spec section 9). Picking any day of a month picks that month.
 */
export function MonthPicker({ month, onChange, label = 'Mes', id, className }: MonthPickerProps) {
  const [open, setOpen] = useState(false);
  const last = lastMonth();
  const text = monthLabel(month);

  return (
    <div role="group" aria-label={label} className={className ?? 'flex items-center gap-2'}>
      <Button variant="outline" size="icon" aria-label="Mes anterior" disabled={month <= FIRST_MONTH} onClick={() => onChange(addToMonth(month, -1))}>
        <ChevronLeft aria-hidden="true" />
      </Button>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button id={id} variant="outline" className="min-w-0 flex-1 justify-center sm:w-56 sm:flex-none" aria-label={`${text}, elegir mes y año`}>
            <CalendarDays aria-hidden="true" />
            <span className="truncate">{text}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-80 p-2">
          <Calendar
            captionLayout="dropdown"
            today={companyToday()}
            classNames={dropdownClassNames}
            month={monthToDate(month)}
            onMonthChange={(date) => onChange(dateToMonth(date))}
            startMonth={monthToDate(FIRST_MONTH)}
            endMonth={monthToDate(last)}
            onDayClick={(date) => {
              onChange(dateToMonth(date));
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
      <Button variant="outline" size="icon" aria-label="Mes siguiente" disabled={month >= last} onClick={() => onChange(addToMonth(month, 1))}>
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
