import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A Radix checkbox (role="checkbox"); name it with a <label htmlFor> or wrap it in CheckboxField. */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer inline-flex size-5 shrink-0 items-center justify-center rounded border border-input bg-card text-primary-foreground',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <Check className="size-4" aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

interface CheckboxFieldProps extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'children'> {
  label: ReactNode;
  /** Secondary text under the label (a role, a category). */
  hint?: ReactNode;
}

/** A checkbox with its label as one 44px-tall touch target; the label names the checkbox. */
export function CheckboxField({ label, hint, className, ...props }: CheckboxFieldProps) {
  return (
    <label className={cn('flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted', className)}>
      <Checkbox {...props} />
      <span className="min-w-0 text-sm leading-tight">
        <span className="font-medium break-words">{label}</span>
        {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
      </span>
    </label>
  );
}
