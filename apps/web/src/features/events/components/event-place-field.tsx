import { formatCoordinates, formatDistance, mapLinkOf, MAX_GEOFENCE_RADIUS_M, MIN_GEOFENCE_RADIUS_M, parseCoordinates } from '@jornada/shared/geo';
import { ExternalLink, LocateFixed, X } from 'lucide-react';
import { useState } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { EventFormValues } from '../utils/event-form-values';

interface EventPlaceFieldProps {
  register: UseFormRegister<EventFormValues>;
  setValue: UseFormSetValue<EventFormValues>;
  errors: FieldErrors<EventFormValues>;
  placeText: string;
}

type Locating = { state: 'idle' } | { state: 'busy' } | { state: 'found'; accuracy: number | null } | { state: 'failed'; message: string };

const PERMISSION_DENIED = 1;

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 }),
  );
}

/**
 * 'Ubicación del fichaje' (issue 24): where the event is, for the clock-in's geofence. Set from the
 * supervisor's phone at the venue ('Usar mi ubicación'), or by pasting coordinates or a maps link.
 * No map inside the form: its tiles may be out of reach, and the form never needs them.
 */
export function EventPlaceField({ register, setValue, errors, placeText }: EventPlaceFieldProps) {
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  const point = parseCoordinates(placeText ?? '');
  const placeError = errors.placeText?.message;
  const radiusError = errors.radiusText?.message;

  const locateMe = async () => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setLocating({ state: 'failed', message: 'La geolocalización no es compatible con este navegador.' });
      return;
    }
    setLocating({ state: 'busy' });
    try {
      const { coords } = await currentPosition();
      setValue('placeText', formatCoordinates({ lat: coords.latitude, lng: coords.longitude }), { shouldDirty: true, shouldValidate: placeError !== undefined });
      setLocating({ state: 'found', accuracy: Number.isFinite(coords.accuracy) ? Math.round(coords.accuracy) : null });
    } catch (error) {
      const denied = typeof error === 'object' && error !== null && (error as { code?: unknown }).code === PERMISSION_DENIED;
      setLocating({ state: 'failed', message: denied ? 'Permite el acceso a la ubicación para usarla.' : 'No se pudo obtener la ubicación. Inténtalo de nuevo o pega las coordenadas.' });
    }
  };

  const clear = () => {
    setValue('placeText', '', { shouldDirty: true, shouldValidate: placeError !== undefined });
    setLocating({ state: 'idle' });
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-input p-3" aria-describedby="event-place-about">
      <legend className="px-1 text-sm leading-none font-medium">Ubicación del fichaje</legend>
      <p id="event-place-about" className="text-sm text-muted-foreground">
        Opcional. Se comprueba que cada fichaje se hace cerca de este punto; uno fuera del radio se marca «Fuera de zona» o se rechaza, según la empresa.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void locateMe()} disabled={locating.state === 'busy'}>
          {locating.state === 'busy' ? <Spinner /> : <LocateFixed aria-hidden="true" />}
          Usar mi ubicación
        </Button>
        {placeText?.trim() && (
          <Button type="button" variant="ghost" onClick={clear}>
            <X aria-hidden="true" />
            Quitar ubicación
          </Button>
        )}
      </div>
      <p role="status" className="text-sm empty:hidden">
        {locating.state === 'busy' && 'Buscando tu ubicación…'}
        {locating.state === 'found' && (locating.accuracy !== null ? `Ubicación obtenida (precisión: ${formatDistance(locating.accuracy)}).` : 'Ubicación obtenida.')}
      </p>
      {locating.state === 'failed' && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {locating.message}
        </p>
      )}
      <FormField
        id="event-place"
        label="Coordenadas o enlace del mapa"
        hint="Por ejemplo «40.4168, -3.7038» o un enlace de Google Maps u OpenStreetMap."
        error={placeError}
      >
        <Input
          id="event-place"
          autoComplete="off"
          spellCheck={false}
          placeholder="40.4168, -3.7038"
          maxLength={2000}
          {...register('placeText')}
          {...fieldAria('event-place', placeError, true)}
        />
      </FormField>
      {point && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {/* The point read from a pasted link; coordinates typed as such need no echo. */}
          {placeText.trim() !== formatCoordinates(point) && (
            <span>
              Punto del evento: <span className="font-medium tabular-nums">{formatCoordinates(point)}</span>
            </span>
          )}
          <a href={mapLinkOf(point)} target="_blank" rel="noreferrer noopener" className="inline-flex min-h-11 items-center gap-1 text-primary underline-offset-4 hover:underline lg:min-h-0">
            Ver en el mapa
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(se abre en otra pestaña)</span>
          </a>
        </p>
      )}
      <FormField id="event-radius" label="Radio (metros)" hint="Distancia máxima al punto para fichar; 200 m si no se indica." error={radiusError} className="sm:max-w-60">
        <Input
          id="event-radius"
          type="number"
          inputMode="numeric"
          min={MIN_GEOFENCE_RADIUS_M}
          max={MAX_GEOFENCE_RADIUS_M}
          step={10}
          disabled={!point}
          {...register('radiusText')}
          {...fieldAria('event-radius', radiusError, true)}
        />
      </FormField>
    </fieldset>
  );
}
