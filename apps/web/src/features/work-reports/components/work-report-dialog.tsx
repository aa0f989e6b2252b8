import { zodResolver } from '@hookform/resolvers/zod';
import { uploadSizeProblem } from '@jornada/shared/files';
import {
  createWorkReportFieldsSchema,
  MAX_OBSERVATIONS_LENGTH,
  SIGNATURE_REQUIRED_MESSAGE,
  SIGNATURE_REQUIRED_TITLE,
  type CreateWorkReportFields,
  type PendingReportEvent,
} from '@jornada/shared/schemas/work-reports';
import { FileSignature } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import type { SignaturePadHandle } from '@/components/ui/signature-pad';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useCreateWorkReport } from '../api/create-work-report';
import { useSavedSignature } from '../api/get-saved-signature';
import { AttachmentsField } from './attachments-field';
import { EventWhen } from './event-when';
import { ReportSignatureField } from './report-signature-field';

type Fields = z.input<typeof createWorkReportFieldsSchema>;
type Parsed = z.output<typeof createWorkReportFieldsSchema>;

/** 'Parte de Trabajo': the event, observations, attachments and the signature; 'Guardar y Firmar Parte'. */
export function WorkReportDialog({ event, onClose }: { event: PendingReportEvent; onClose: () => void }) {
  const savedSignature = useSavedSignature();
  const create = useCreateWorkReport();
  const pad = useRef<SignaturePadHandle>(null);
  const [useSaved, setUseSaved] = useState(true);
  const [files, setFiles] = useState<File[]>([]);
  // Also shown in the dialog: a modal hides the toasts from assistive technology.
  const [signatureError, setSignatureError] = useState<string | undefined>();
  const form = useForm<Fields, unknown, Parsed>({
    resolver: zodResolver(createWorkReportFieldsSchema),
    defaultValues: { eventId: event.id, observations: '' } satisfies CreateWorkReportFields,
  });
  const observationsError = form.formState.errors.observations?.message;
  const saved = savedSignature.data?.signature ?? null;
  const pending = create.isPending;

  const signatureRequired = () => {
    setSignatureError(SIGNATURE_REQUIRED_MESSAGE);
    toast({ variant: 'destructive', title: SIGNATURE_REQUIRED_TITLE, description: SIGNATURE_REQUIRED_MESSAGE });
  };

  const onSubmit = form.handleSubmit((values) => {
    let signature: string | undefined;
    if (!(saved && useSaved)) {
      signature = pad.current?.toDataUrl() ?? undefined;
      if (!signature) return signatureRequired();
    }
    const sizeProblem = uploadSizeProblem(files);
    if (sizeProblem) return toast({ variant: 'destructive', title: 'Error', description: sizeProblem });
    create.mutate(
      { eventId: event.id, observations: values.observations, signature, attachments: files },
      {
        onSuccess: () => {
          toast({ title: 'Parte Guardado', description: `El parte de «${event.name}» se ha firmado y guardado.` });
          onClose();
        },
        onError: (error) => {
          if (isSessionEnded(error)) return;
          if (isApiError(error) && error.code === 'SIGNATURE_REQUIRED') {
            setUseSaved(false);
            return signatureRequired();
          }
          toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudo guardar el parte de trabajo.') });
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>Parte de Trabajo</DialogTitle>
          <DialogDescription>{event.name}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-5">
          <div className="rounded-lg bg-muted p-3">
            <EventWhen startTime={event.startTime} endTime={event.endTime} location={event.location} />
          </div>
          <FormField id="report-observations" label="Observaciones" error={observationsError}>
            <Textarea
              id="report-observations"
              rows={4}
              maxLength={MAX_OBSERVATIONS_LENGTH}
              placeholder="Incidencias, tareas realizadas…"
              disabled={pending}
              {...form.register('observations')}
              {...fieldAria('report-observations', observationsError)}
            />
          </FormField>
          <AttachmentsField id="report-attachments" files={files} onChange={setFiles} disabled={pending} />
          {savedSignature.isPending ? (
            <Skeleton className="h-40" />
          ) : (
            <ReportSignatureField
              saved={saved}
              useSaved={useSaved}
              onUseSavedChange={setUseSaved}
              padRef={pad}
              error={signatureError}
              onDrawn={() => setSignatureError(undefined)}
              disabled={pending}
            />
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending || savedSignature.isPending}>
              {pending ? <Spinner /> : <FileSignature aria-hidden="true" />}
              Guardar y Firmar Parte
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
