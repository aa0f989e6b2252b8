import * as TabsPrimitive from '@radix-ui/react-tabs';
import { createContext, use, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const SelectedTab = createContext<string | undefined>(undefined);

/**
 * Radix Tabs, always controlled here so the triggers know which tab is selected (see
 * TabsTrigger). Takes `value`/`onValueChange` or `defaultValue`, like Radix.
 */
export function Tabs({ value, defaultValue, onValueChange, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const selected = value ?? uncontrolled;
  const change = (next: string) => {
    setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <SelectedTab value={selected}>
      <TabsPrimitive.Root value={selected} onValueChange={change} {...props} />
    </SelectedTab>
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

/**
 * 44px tall on touch screens, like buttons. Only the selected tab's panel is in the page, so an
 * unselected tab drops Radix's aria-controls, which would point at a missing id (axe: critical).
 */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const selected = use(SelectedTab) === props.value;
  return (
    <TabsPrimitive.Trigger
      {...(selected ? {} : { 'aria-controls': undefined })}
      className={cn(
        'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors lg:h-9',
        'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        'disabled:pointer-events-none disabled:opacity-60',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...props} />;
}
