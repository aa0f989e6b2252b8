import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_DOCUMENT_TEXT_LENGTH, saveDocumentTextRequestSchema, type MyDocument, type SaveDocumentTextRequest } from '@jornada/shared/schemas/documents';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSaveDocumentText } from '../api/save-document-text';

/** An 'escrito' document across both columns: the saved text with 'Modificar', or the field to write it. */
export function TextDocumentCard({ document }: { document: MyDocument }) {
  const inputId = `document-${document.id}`;
  const [editing, setEditing] = useState(document.text === null);
  const save = useSaveDocumentText();
  const form = useForm<SaveDocumentTextRequest>({ resolver: zodResolver(saveDocumentTextRequestSchema), defaultValues: { value: document.text ?? '' } });
  const error = form.formState.errors.value?.message;

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(
        { documentId: document.id, ...values },
        {
          onSuccess: (saved) => {
            toast({ title: 'Dato Guardado', description: `«${document.name}» se ha guardado.` });
            form.reset({ value: saved.text ?? '' });
            setEditing(false);
          },
        },
      ),
    (errors) => toast({ variant: 'destructive', title: 'Error', description: errors.value?.message }),
  );

  const cancel = () => {
    form.reset({ value: document.text ?? '' });
    setEditing(false);
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5 md:col-span-2">
      <div className="flex items-start justify-between gap-2">
        {editing ? (
          <label htmlFor={inputId} className="min-w-0 font-semibold break-words">
            {document.name}
          </label>
        ) : (
          <h2 className="min-w-0 font-semibold break-words">{document.name}</h2>
        )}
        <Badge variant="secondary">Escrito</Badge>
      </div>
      {editing ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          <Input id={inputId} maxLength={MAX_DOCUMENT_TEXT_LENGTH} autoComplete="off" {...form.register('value')} {...fieldAria(inputId, error)} />
          <FieldError id={`${inputId}-error`}>{error}</FieldError>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {document.text !== null && (
              <Button variant="outline" onClick={cancel} disabled={save.isPending}>
                Cancelar
              </Button>
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              Guardar
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="min-w-0 whitespace-pre-wrap break-words">{document.text}</p>
          <Button variant="outline" aria-label={`Modificar ${document.name}`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Modificar
          </Button>
        </div>
      )}
    </Card>
  );
}
