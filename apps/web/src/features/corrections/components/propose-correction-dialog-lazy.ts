import { lazyDialog } from '@/lib/lazy-dialog';

/** 'Solicitar corrección', loaded on open: its form and the shared correction schemas (zod) stay off the screens that offer it. */
export const ProposeCorrectionDialog = lazyDialog(() => import('./propose-correction-dialog').then((module) => module.ProposeCorrectionDialog));
