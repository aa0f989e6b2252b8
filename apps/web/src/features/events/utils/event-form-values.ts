import '@jornada/shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_GEOFENCE_RADIUS_M, formatCoordinates, parseCoordinates } from '@jornada/shared/geo';
import { createEventRequestSchema, updateEventRequestSchema, type CreateEventRequest, type Event } from '@jornada/shared/schemas/events';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The server's wording when an administrator sends no company. */
export const COMPANY_REQUIRED_MESSAGE = 'Selecciona la empresa del evento.';
export const PLACE_UNREADABLE_MESSAGE = 'No se reconocen unas coordenadas. Pega «40.4168, -3.7038» o un enlace de Google Maps u OpenStreetMap.';

/**
 * The form holds the create request's shape (instants with offsets, repeat days, staff ids) and the
 * place as typed: the coordinates or maps link, and the radius, both read into geoLat, geoLng and
 * geoRadiusM when the form is checked.
 */
export type EventFormValues = CreateEventRequest & { placeText: string; radiusText: string };

export function formValuesOf(event?: Event): EventFormValues {
  if (!event) {
    return { name: '', location: '', date: '', endDate: '', type: 'momentary', repeatDays: [], assignedEmployees: [], companyId: '', placeText: '', radiusText: String(DEFAULT_GEOFENCE_RADIUS_M), requiresVenueCode: false };
  }
  const point = event.geoLat !== null && event.geoLng !== null ? { lat: event.geoLat, lng: event.geoLng } : null;
  return {
    name: event.name,
    location: event.location,
    date: event.date,
    endDate: event.endDate,
    type: event.type,
    repeatDays: event.repeatDays,
    assignedEmployees: event.assignedEmployees,
    companyId: event.companyId,
    requiresVenueCode: event.requiresVenueCode,
    placeText: point ? formatCoordinates(point) : '',
    radiusText: String(event.geoRadiusM ?? DEFAULT_GEOFENCE_RADIUS_M),
  };
}

/**
 * The request's place from what the form holds: no text is no point (on an edit: remove it), so
 * the form always sends the place it shows. An unreadable text is its own error.
 */
function placeOf(values: EventFormValues) {
  const text = values.placeText?.trim() ?? '';
  const point = parseCoordinates(text);
  const radius = values.radiusText?.trim() ?? '';
  return {
    unreadable: text !== '' && point === null,
    place: { geoLat: point?.lat ?? null, geoLng: point?.lng ?? null, geoRadiusM: point && radius !== '' ? Number(radius) : undefined },
  };
}

/**
 * Validates with the same shared schema the server applies to the request: the create schema for a
 * new event, the update schema when editing. An administrator creating an event must also choose
 * its company (the server answers the same message).
 */
export function eventFormResolver(editing: boolean, requireCompany: boolean): Resolver<EventFormValues> {
  const schemaResolver = (editing ? zodResolver(updateEventRequestSchema) : zodResolver(createEventRequestSchema)) as unknown as Resolver<EventFormValues>;
  return async (values, context, options) => {
    const { companyId, placeText: _placeText, radiusText: _radiusText, ...rest } = values;
    const { unreadable, place } = placeOf(values);
    const request = { ...rest, ...place, ...(companyId ? { companyId } : {}) } as EventFormValues;
    // An empty company means "none" (a supervisor's own); the check below owns the admin's case.
    const result = await schemaResolver(request, context, options);
    const errors: FieldErrors<EventFormValues> = { ...result.errors };
    // The place's errors belong to the fields the supervisor typed in.
    const placeError = unreadable ? { type: 'pattern', message: PLACE_UNREADABLE_MESSAGE } : (errors.geoLat ?? errors.geoLng);
    if (placeError) errors.placeText = { type: placeError.type, message: placeError.message };
    if (errors.geoRadiusM) errors.radiusText = { type: errors.geoRadiusM.type, message: errors.geoRadiusM.message };
    delete errors.geoLat;
    delete errors.geoLng;
    delete errors.geoRadiusM;
    if (requireCompany && !companyId) errors.companyId = { type: 'required', message: COMPANY_REQUIRED_MESSAGE };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return result;
  };
}
