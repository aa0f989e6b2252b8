import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A decorative spinning icon; the surrounding control or status element carries the text. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/**
 * A full-screen loading state. The fade-in is delayed so fast loads never flash a spinner.
 */
export function FullScreenSpinner() {
  return (
    <div
      role="status"
      aria-label="Cargando"
      className="flex min-h-dvh items-center justify-center bg-background opacity-0 [animation:fade-in_200ms_ease-out_300ms_forwards]"
    >
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
