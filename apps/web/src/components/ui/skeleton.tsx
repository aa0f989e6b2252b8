import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder block with the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** A loading list: `rows` blocks of the given height, announced once as "Cargando". */
export function ListSkeleton({ rows = 3, rowClassName = 'h-20' }: { rows?: number; rowClassName?: string }) {
  return (
    <div role="status" aria-label="Cargando" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={rowClassName} />
      ))}
    </div>
  );
}
