import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react';
import { DayPicker, type ChevronProps, type DayPickerProps } from 'react-day-picker';
import { es } from 'react-day-picker/locale';
import { cn } from '@/lib/cn';
import { buttonClasses } from './button';

function CalendarChevron({ orientation, className }: ChevronProps) {
  // 'down' is the chevron of the month and year dropdowns (captionLayout="dropdown").
  const Icon = { left: ChevronLeft, right: ChevronRight, up: ChevronUp, down: ChevronDown }[orientation ?? 'right'];
  return <Icon className={cn('size-5', className)} aria-hidden="true" />;
}

const navButton = cn(buttonClasses('ghost', 'icon'), 'aria-disabled:pointer-events-none aria-disabled:opacity-40');

/** Tailwind styling for react-day-picker's unstyled parts; days are 44px touch targets. */
const calendarClassNames: DayPickerProps['classNames'] = {
  root: 'w-full',
  months: 'relative flex flex-col',
  month: 'flex w-full flex-col gap-2',
  nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
  button_previous: navButton,
  button_next: navButton,
  month_caption: 'flex h-11 items-center justify-center lg:h-10',
  caption_label: 'inline-block text-base font-semibold first-letter:uppercase',
  month_grid: 'w-full table-fixed border-collapse',
  weekday: 'h-9 text-xs font-semibold text-muted-foreground uppercase',
  day: 'p-0.5 text-center',
  day_button:
    'mx-auto flex h-11 w-full max-w-14 flex-col items-center justify-center gap-0.5 rounded-md border-2 border-transparent text-sm ' +
    'hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed',
  today: '[&>button]:border-primary [&>button]:font-bold',
  selected: '[&>button]:bg-accent [&>button]:text-accent-foreground',
  outside: 'text-muted-foreground',
  disabled: '[&>button]:opacity-60',
  hidden: 'invisible',
};

/**
 * The app's calendar: react-day-picker in Spanish, weeks from Monday. Every DayPicker prop
 * passes through (single, multiple or range mode); classNames and components extend the defaults.
 */
export function Calendar({ className, classNames, components, ...props }: DayPickerProps) {
  return (
    <DayPicker
      locale={es}
      weekStartsOn={1}
      showOutsideDays
      className={cn('w-full', className)}
      classNames={{ ...calendarClassNames, ...classNames }}
      components={{ Chevron: CalendarChevron, ...components }}
      {...props}
    />
  );
}
