import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToast } from './use-toast';

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** Renders the single current toast; mount once near the root. */
export function Toaster() {
  const { current } = useToast();

  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label="Notificación"
    >
      {current && (
        <Toast
          // A new key per toast makes a replacement restart its timer and announcement.
          key={current.id}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          duration={current.duration}
          variant={current.variant}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div className="min-w-0 flex-1">
            <ToastTitle>{current.title}</ToastTitle>
            {current.description && <ToastDescription>{current.description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      )}
      <ToastViewport label="Notificaciones ({hotkey})" />
    </ToastProvider>
  );
}
