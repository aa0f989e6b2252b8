import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { errorDescription, isSessionEnded } from '@/lib/error-message';

/** The spec's toast titles for the refusals it names (section 5); other failures keep a generic one. */
const titleOfCode: Record<string, string> = {
  DUPLICATE_SIZE: 'Talla duplicada',
  INSUFFICIENT_STOCK: 'Stock insuficiente',
};

export const INVALID_QUANTITY_TITLE = 'Cantidad inválida';
export const DUPLICATE_SIZE_TITLE = 'Talla duplicada';
export const INSUFFICIENT_STOCK_TITLE = 'Stock insuficiente';
export const SIGNATURE_REQUIRED_TITLE = 'Firma requerida';

export function toastProblem(title: string, description: string) {
  toast({ variant: 'destructive', title, description });
}

/**
 * A failed material call, shown once: the server's explanation of a refusal (4xx) under the
 * spec's title for its code, or the screen's fallback ('No se pudo crear el préstamo.').
 */
export function toastFailure(error: unknown, fallback: string) {
  if (isSessionEnded(error)) return;
  const title = (isApiError(error) && titleOfCode[error.code]) || 'Error';
  toastProblem(title, errorDescription(error, fallback));
}
