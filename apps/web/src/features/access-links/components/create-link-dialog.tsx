import '@jornada/shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCESS_LINK_DEFAULT_DAYS, ACCESS_LINK_MAX_DAYS, createAccessLinkRequestSchema, type CreateAccessLinkResponse } from '@jornada/shared/schemas/access-links';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { CompanyPicker } from '@/components/companies/company-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useCreateAccessLink } from '../api/create-access-link';
import { accessUrl, formatPeriod, previousMonthRange } from '../lib/access-link-format';
import { CopyField, ShownOnceWarning } from '@/components/ui/copy-field';

interface LinkFormValues {
  companyId: string;
  from: string;
  to: string;
  expiresInDays: number;
  purpose: string;
}

/** The shared request schema, plus the administrator's company (the server answers the same). */
function linkResolver(requireCompany: boolean): Resolver<LinkFormValues> {
  const schemaResolver = zodResolver(createAccessLinkRequestSchema) as unknown as Resolver<LinkFormValues>;
  return async (values, context, options) => {
    const { companyId, ...rest } = values;
    const result = await schemaResolver((companyId ? values : rest) as LinkFormValues, context, options);
    if (!requireCompany || companyId) return result;
    return { values: {}, errors: { ...result.errors, companyId: { type: 'required', message: 'Elige la empresa del enlace.' } } };
  };
}

function LinkForm({ onCreated }: { onCreated: (created: CreateAccessLinkResponse) => void }) {
  const { isAdmin } = useAuth();
  const create = useCreateAccessLink();
  const { register, handleSubmit, formState } = useForm<LinkFormValues>({
    resolver: linkResolver(isAdmin),
    defaultValues: { companyId: '', ...previousMonthRange(), expiresInDays: ACCESS_LINK_DEFAULT_DAYS, purpose: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    const body = { from: values.from, to: values.to, expiresInDays: values.expiresInDays, purpose: values.purpose, companyId: isAdmin ? values.companyId : undefined };
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => {
        if (!isSessionEnded(error)) toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudo crear el enlace.') });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {isAdmin && (
        <CompanyPicker id="link-company" empty="choose" error={errors.companyId?.message} {...register('companyId')} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="link-from" label="Desde" error={errors.from?.message}>
          <Input id="link-from" type="date" {...register('from')} {...fieldAria('link-from', errors.from?.message)} />
        </FormField>
        <FormField id="link-to" label="Hasta" error={errors.to?.message}>
          <Input id="link-to" type="date" {...register('to')} {...fieldAria('link-to', errors.to?.message)} />
        </FormField>
      </div>
      <FormField id="link-days" label="Días de validez" error={errors.expiresInDays?.message} hint={`Entre 1 y ${ACCESS_LINK_MAX_DAYS} días. Después, el enlace deja de funcionar.`}>
        <Input
          id="link-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={ACCESS_LINK_MAX_DAYS}
          step={1}
          {...register('expiresInDays', { valueAsNumber: true })}
          {...fieldAria('link-days', errors.expiresInDays?.message, true)}
        />
      </FormField>
      <FormField id="link-purpose" label="Finalidad" error={errors.purpose?.message} hint="Quién lo pide y para qué: queda en el registro de acciones.">
        <Textarea
          id="link-purpose"
          maxLength={300}
          placeholder="Inspección de Trabajo, requerimiento 123"
          {...register('purpose')}
          {...fieldAria('link-purpose', errors.purpose?.message, true)}
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          Crear enlace
        </Button>
      </DialogFooter>
    </form>
  );
}

interface CreateLinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Nuevo enlace': the form, then the link itself, shown this once with a copy button. */
export function CreateLinkDialog({ open, onOpenChange }: CreateLinkDialogProps) {
  const [created, setCreated] = useState<CreateAccessLinkResponse | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? 'Enlace creado' : 'Nuevo enlace de acceso'}</DialogTitle>
          <DialogDescription>
            {created
              ? `Solo lectura: ${created.link.companyName}, ${formatPeriod(created.link.from, created.link.to)}.`
              : 'Quien tenga el enlace verá, sin iniciar sesión, los fichajes del periodo y podrá descargarlos en PDF y CSV.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="flex flex-col gap-4">
            <ShownOnceWarning title="Cópialo ahora">Por seguridad, el enlace no se guarda y no se volverá a mostrar. Envíalo solo a quien lo ha pedido.</ShownOnceWarning>
            <CopyField id="access-link-url" label="Enlace de acceso" value={accessUrl(created.token)} />
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Hecho
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <LinkForm onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}
