import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        'fixed inset-0 z-50 bg-slate-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A dialog's widest size. A prop rather than a `max-w-*` class from the caller: `cn` only joins
 * classes, and of two conflicting utilities the stylesheet's order (not the string's) would win.
 */
export type DialogSize = 'sm' | 'md' | 'lg' | 'xl' | '2xl' | '3xl' | '5xl';
const DIALOG_WIDTHS: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
  '3xl': 'max-w-3xl',
  '5xl': 'max-w-5xl',
};

/**
 * A centred modal dialog with a close button; give it a DialogTitle.
 * Closing returns focus to whatever had it when the dialog opened. Radix only returns it to a
 * Dialog.Trigger, and most dialogs here are opened from state by a plain button, so focus fell
 * back to the page's start (keyboard users lost their place; WCAG 2.4.3).
 */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  onKeyDown,
  size = 'lg',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { size?: DialogSize }) {
  const returnFocusTo = useRef<Element | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2',
          DIALOG_WIDTHS[size],
          'gap-4 overflow-y-auto rounded-xl border border-border bg-card p-5 shadow-xl sm:p-6',
          'focus:outline-none data-[state=open]:animate-dialog-in',
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Runs before focus moves into the dialog: this is still the opener.
          returnFocusTo.current = document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = returnFocusTo.current;
          if (event.defaultPrevented || !(target instanceof HTMLElement) || !target.isConnected || target === document.body) return;
          event.preventDefault();
          target.focus();
        }}
        onEscapeKeyDown={onEscapeKeyDown}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          // Radix gives Escape to the most recently mounted dismissable layer only, and a toast is
          // one: raised while the dialog is open ('Faltan datos'), it took the Escape pressed inside
          // the dialog (closing itself) and the dialog stayed open (WCAG 2.1.2). A layer that
          // handles Escape (this dialog, a select or popover in it) prevents its default; an
          // Escape that reaches the dialog unhandled closes it, unless the dialog's own
          // onEscapeKeyDown (a save under way) refuses.
          const native = event.nativeEvent;
          if (event.key !== 'Escape' || native.defaultPrevented || native.isComposing) return;
          onEscapeKeyDown?.(native);
          if (native.defaultPrevented) return;
          native.preventDefault();
          closeButton.current?.click();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeButton}
          aria-label="Cerrar"
          className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-10', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
