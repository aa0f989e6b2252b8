import { lazyDialog } from '@/lib/lazy-dialog';

/** 'Confirmar recepción', loaded on open: the signature pad and the shared material schemas (zod) stay off the overview. */
export const ConfirmReceiptDialog = lazyDialog(() => import('./confirm-receipt-dialog').then((module) => module.ConfirmReceiptDialog));
