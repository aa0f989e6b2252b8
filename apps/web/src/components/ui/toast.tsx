import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        // pointer-events-none: the empty viewport must not swallow taps on the page beneath it.
        'pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex max-h-screen flex-col gap-2 p-4 outline-none sm:left-auto sm:w-[26rem]',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

export function Toast({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
        'data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('mt-1 text-sm opacity-95', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Cerrar notificación"
      className={cn(
        'absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-md opacity-80 hover:opacity-100 lg:size-9',
        'focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
