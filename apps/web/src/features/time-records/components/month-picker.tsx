import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { addToMonth, dateToMonth, FIRST_MONTH, lastMonth, monthLabel, monthToDate } from '../lib/month';

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
}

/** Previous/next arrows around a calendar popover whose month and year lists run from 2020 to next year. */
export function MonthPicker({ month, onChange }: MonthPickerProps) {
  const [open, setOpen] = useState(false);
  const last = lastMonth();
  const label = monthLabel(month);

  return (
    <div className="flex items-center gap-2">
      <Button variant="outline" size="icon" aria-label="Mes anterior" disabled={month <= FIRST_MONTH} onClick={() => onChange(addToMonth(month, -1))}>
        <ChevronLeft aria-hidden="true" />
      </Button>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button variant="outline" className="min-w-0 flex-1 justify-center sm:w-56 sm:flex-none" aria-label={`${label}, elegir mes y año`}>
            <CalendarDays aria-hidden="true" />
            <span className="truncate">{label}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-80 p-2">
          <Calendar
            captionLayout="dropdown"
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
