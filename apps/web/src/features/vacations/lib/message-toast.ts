import { toast } from '@/components/ui/use-toast';

/**
 * The shared schemas' messages read 'Title: explanation.' ('Fechas no seleccionadas: elige al menos
 * un día.'); the spec shows the part before the colon as the toast's title.
 */
export function toastValidationMessage(message: string) {
  const colon = message.indexOf(': ');
  if (colon < 0) {
    toast({ variant: 'destructive', title: 'Error', description: message });
    return;
  }
  const rest = message.slice(colon + 2);
  toast({ variant: 'destructive', title: message.slice(0, colon), description: rest.charAt(0).toUpperCase() + rest.slice(1) });
}
