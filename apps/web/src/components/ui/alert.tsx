import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export type AlertVariant = 'default' | 'destructive';

const variants: Record<AlertVariant, string> = {
  default: 'border-border bg-card text-foreground',
  destructive: 'border-destructive/40 bg-red-50 text-destructive [&>svg]:text-destructive',
};

/** A message in the page flow; role="alert" so it is announced when it appears. */
export function Alert({ className, variant = 'default', ...props }: ComponentProps<'div'> & { variant?: AlertVariant }) {
  return (
    <div
      role="alert"
      className={cn(
        'relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-lg border p-4 text-sm',
        'has-[>svg]:grid-cols-[1rem_1fr] has-[>svg]:gap-x-3',
        '[&>svg]:mt-0.5 [&>svg]:size-4 [&>:not(svg)]:col-start-2',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('leading-tight font-semibold', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('text-sm leading-relaxed', className)} {...props} />;
}
