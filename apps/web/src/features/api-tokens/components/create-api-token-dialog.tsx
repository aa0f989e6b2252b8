import { apiTokenScopeLabels, apiTokenScopes, type ApiTokenScope, type CreateApiTokenResponse } from '@jornada/shared/schemas/api-tokens';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CopyField, ShownOnceWarning } from '@/components/ui/copy-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useCreateApiToken } from '../api/api-tokens';

/** The form: a name, what the token may do and until when. */
function ApiTokenForm({ onCreated }: { onCreated: (created: CreateApiTokenResponse) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Ponle un nombre al token.');
    if (scopes.length === 0) return setError('Elige al menos un permiso para el token.');
    setError(null);
    create.mutate(
      { name: name.trim(), scopes, expiresOn: expiresOn || null },
      { onSuccess: onCreated, onError: (failure) => !isSessionEnded(failure) && setError(errorDescription(failure, 'No se pudo crear el token.')) },
    );
  };
  const toggle = (scope: ApiTokenScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField id="api-token-name" label="Nombre" error={error ?? undefined} hint="Para reconocerlo después, p. ej. «Hoja de cálculo de nóminas».">
        <Input id="api-token-name" autoComplete="off" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Permisos</legend>
        {apiTokenScopes.map((scope) => (
          <label key={scope} htmlFor={`api-token-scope-${scope}`} className="flex min-h-11 items-start gap-3 py-1 text-sm">
            <Checkbox id={`api-token-scope-${scope}`} className="mt-0.5" checked={scopes.includes(scope)} onCheckedChange={(checked) => toggle(scope, checked === true)} />
            <span className="flex flex-col">
              <span>{apiTokenScopeLabels[scope].label}</span>
              <span className="text-muted-foreground">{apiTokenScopeLabels[scope].description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormField id="api-token-expires" label="Caduca (opcional)" hint="Deja de funcionar al acabar ese día. Sin fecha, vale hasta que lo revoques.">
        <Input id="api-token-expires" type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          Crear token
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Nuevo token': the form, then the token itself, shown this once. */
export function CreateApiTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? 'Token creado' : 'Nuevo token de API'}</DialogTitle>
          <DialogDescription>
            {created
              ? 'Envíalo en la cabecera «Authorization: Bearer <token>». Actúa como tú, con tus permisos de hoy, solo en lo que le hayas permitido.'
              : 'Otro programa podrá llamar a la API de Jornada en tu nombre, solo para lo que marques.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="flex flex-col gap-4">
            <ShownOnceWarning title="Cópialo ahora">El token no se volverá a mostrar: Jornada solo guarda una huella suya. Si lo pierdes, revócalo y crea otro.</ShownOnceWarning>
            <CopyField id="api-token-secret" label="Token" value={created.secret} copyLabel="Copiar token" copiedText="Token copiado al portapapeles." />
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Hecho
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <ApiTokenForm onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}
