import '@jornada/shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { createEventRequestSchema, updateEventRequestSchema, type CreateEventRequest, type Event } from '@jornada/shared/schemas/events';
import type { Resolver } from 'react-hook-form';

/** The server's wording when an administrator sends no company. */
export const COMPANY_REQUIRED_MESSAGE = 'Selecciona la empresa del evento.';

/** The form holds the create request's shape: instants with offsets, repeat days, staff ids. */
export type EventFormValues = CreateEventRequest;

export function formValuesOf(event?: Event): EventFormValues {
  if (!event) {
    return { name: '', location: '', date: '', endDate: '', type: 'momentary', repeatDays: [], assignedEmployees: [], companyId: '' };
  }
  return {
    name: event.name,
    location: event.location,
    date: event.date,
    endDate: event.endDate,
    type: event.type,
    repeatDays: event.repeatDays,
    assignedEmployees: event.assignedEmployees,
    companyId: event.companyId,
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
    const { companyId, ...rest } = values;
    // An empty company means "none" (a supervisor's own); the check below owns the admin's case.
    const result = await schemaResolver(companyId ? values : rest, context, options);
    if (!requireCompany || companyId) return result;
    return { values: {}, errors: { ...result.errors, companyId: { type: 'required', message: COMPANY_REQUIRED_MESSAGE } } };
  };
}
