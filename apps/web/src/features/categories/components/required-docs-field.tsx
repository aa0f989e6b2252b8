import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { CategoryForm } from './category-form';

/** The 'Documentos requeridos' tab: rows of name and type ('escrito' or 'foto'), added and removed freely. */
export function RequiredDocsField({ form }: { form: CategoryForm }) {
  // keyName 'key': the documents carry their own 'id', which must reach the server untouched.
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'requiredDocs', keyName: 'key' });
  const errors = form.formState.errors.requiredDocs;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">Documentos que deben aportar los empleados de esta categoría.</p>
      {fields.length === 0 && <p className="text-sm text-muted-foreground italic">Sin documentos requeridos</p>}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const nameId = `required-doc-${index}-name`;
          const typeId = `required-doc-${index}-type`;
          const nameError = errors?.[index]?.name?.message;
          return (
            <li key={field.key} className="grid grid-cols-[1fr_auto] items-end gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_9rem_auto]">
              <FormField id={nameId} label={`Nombre del documento ${index + 1}`} error={nameError} className="col-span-2 self-start sm:col-span-1">
                <Input id={nameId} maxLength={200} {...form.register(`requiredDocs.${index}.name`)} {...fieldAria(nameId, nameError)} />
              </FormField>
              <FormField id={typeId} label={`Tipo del documento ${index + 1}`} className="self-start">
                <NativeSelect id={typeId} {...form.register(`requiredDocs.${index}.type`)}>
                  <option value="escrito">Escrito</option>
                  <option value="foto">Foto</option>
                </NativeSelect>
              </FormField>
              <Button
                variant="destructive-outline"
                size="icon"
                className="sm:mt-6 sm:self-start"
                aria-label={`Quitar documento ${index + 1}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      <FieldError>{errors?.root?.message ?? errors?.message}</FieldError>
      <Button variant="outline" className="self-start" onClick={() => append({ name: '', type: 'escrito' }, { shouldFocus: true })}>
        <Plus aria-hidden="true" />
        Añadir documento
      </Button>
    </div>
  );
}
