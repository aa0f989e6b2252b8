import type { Qualification } from '@jornada/shared/schemas/qualifications';
import { Camera, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useDeleteQualification, useEmployeeQualifications, useQualificationTypes, useSaveQualification, useUploadQualificationPhoto } from '../api/qualifications';
import { dayLabel, ExpiryBadge } from './expiry-badge';

interface Draft {
  id?: string;
  typeId: string;
  number: string;
  issuedOn: string;
  expiresOn: string;
  file: File | null;
}

const emptyDraft = (typeId = ''): Draft => ({ typeId, number: '', issuedOn: '', expiresOn: '', file: null });

/**
 * The 'Titulaciones' tab of the employee dialog (decision 042): the person's qualifications with
 * their expiry, added, edited and deleted by the supervisor. It sits inside the dialog's form, so it
 * uses no form of its own: its buttons are plain buttons and Enter does not save the employee.
 */
export function EmployeeQualifications({ employeeId, companyId }: { employeeId: string; companyId: string | null }) {
  const list = useEmployeeQualifications(employeeId);
  const types = useQualificationTypes(companyId);
  const save = useSaveQualification();
  const upload = useUploadQualificationPhoto();
  const remove = useDeleteQualification();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Qualification | null>(null);
  const pending = save.isPending || upload.isPending;

  const edit = (item: Qualification) => {
    setError(null);
    setDraft({ id: item.id, typeId: item.typeId, number: item.number, issuedOn: item.issuedOn ?? '', expiresOn: item.expiresOn ?? '', file: null });
  };
  const stopEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  const onSave = () => {
    if (!draft) return;
    if (!draft.typeId || !draft.number.trim()) {
      setError('Elige la titulación e indica su número.');
      return;
    }
    const body = { typeId: draft.typeId, number: draft.number.trim(), issuedOn: draft.issuedOn || null, expiresOn: draft.expiresOn || null };
    save.mutate(
      { employeeId, id: draft.id, body },
      {
        onSuccess: (saved) => {
          const done = () => {
            toast({ title: draft.id ? 'Titulación actualizada' : 'Titulación añadida' });
            setDraft(null);
            setError(null);
          };
          if (draft.file) upload.mutate({ id: saved.id, file: draft.file }, { onSuccess: done });
          else done();
        },
        onError: (failure) => {
          if (!isSessionEnded(failure)) setError(errorDescription(failure, 'No se pudo guardar la titulación.'));
        },
      },
    );
  };

  if (list.isError && !list.data) return <Alert variant="destructive">No se pudieron cargar las titulaciones.</Alert>;
  if (!list.data) return <ListSkeleton rows={2} />;
  const items = list.data.items;

  return (
    <div className="flex flex-col gap-3 pt-2" onKeyDown={stopEnter}>
      {items.length === 0 && !draft && <EmptyState>No tiene titulaciones registradas.</EmptyState>}
      {items.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border" aria-label="Titulaciones">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
              <div className="min-w-0 flex-1 basis-full sm:basis-0">
                <p className="font-medium break-words">{item.typeName}</p>
                <p className="text-sm text-muted-foreground">
                  Nº {item.number} · Caduca: {item.expiresOn ? dayLabel(item.expiresOn) : 'no caduca'}
                  {item.photoRequired && !item.photoUrl && <span className="text-destructive"> · Falta la foto</span>}
                </p>
              </div>
              <ExpiryBadge qualification={item} />
              <div className="ml-auto flex gap-1">
                {item.photoUrl && (
                  <a href={item.photoUrl} target="_blank" rel="noreferrer" className={buttonClasses('ghost', 'icon')} aria-label={`Ver foto de ${item.typeName}`}>
                    <Camera aria-hidden="true" />
                  </a>
                )}
                <Button type="button" variant="ghost" size="icon" aria-label={`Editar ${item.typeName}`} onClick={() => edit(item)}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button type="button" variant="ghost" size="icon" aria-label={`Eliminar ${item.typeName}`} onClick={() => setDeleting(item)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {draft ? (
        <section aria-label={draft.id ? 'Editar titulación' : 'Nueva titulación'} className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
          <FormField id="qualification-type" label="Titulación">
            <NativeSelect id="qualification-type" value={draft.typeId} onChange={(event) => setDraft({ ...draft, typeId: event.target.value })}>
              <option value="">Elige una titulación</option>
              {(types.data?.items ?? []).map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="qualification-number" label="Número">
            <Input id="qualification-number" autoComplete="off" maxLength={80} value={draft.number} onChange={(event) => setDraft({ ...draft, number: event.target.value })} />
          </FormField>
          <FormField id="qualification-issued" label="Fecha de expedición (opcional)">
            <Input id="qualification-issued" type="date" value={draft.issuedOn} onChange={(event) => setDraft({ ...draft, issuedOn: event.target.value })} />
          </FormField>
          <FormField id="qualification-expires" label="Fecha de caducidad" hint="Vacía si no caduca.">
            <Input id="qualification-expires" type="date" value={draft.expiresOn} onChange={(event) => setDraft({ ...draft, expiresOn: event.target.value })} />
          </FormField>
          <FormField id="qualification-photo" label="Foto del documento (opcional)" className="sm:col-span-2">
            <Input
              id="qualification-photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => setDraft({ ...draft, file: event.target.files?.[0] ?? null })}
            />
          </FormField>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => setDraft(null)} disabled={pending}>
              Cancelar
            </Button>
            <Button type="button" onClick={onSave} disabled={pending}>
              {pending && <Spinner />}
              Guardar titulación
            </Button>
          </div>
        </section>
      ) : (
        <Button type="button" variant="outline" className="self-start" onClick={() => setDraft(emptyDraft(types.data?.items[0]?.id))}>
          <Plus aria-hidden="true" />
          Añadir titulación
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar titulación"
        description={deleting ? `Se eliminará «${deleting.typeName}» nº ${deleting.number}.` : ''}
        confirmLabel="Eliminar"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}
