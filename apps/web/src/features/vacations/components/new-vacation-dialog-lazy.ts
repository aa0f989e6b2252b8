import { lazyDialog } from '@/lib/lazy-dialog';

/** 'Nueva solicitud' (a supervisor proposes vacations), loaded on open: its form and the shared vacation schemas (zod) stay off Gestionar Vacaciones' first load. */
export const NewVacationDialog = lazyDialog(() => import('./new-vacation-dialog').then((module) => module.NewVacationDialog));
