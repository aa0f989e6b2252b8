import { describe, expect, it } from 'vitest';
import type { Event } from '@jornada/shared/schemas/events';
import { eventFormResolver, formValuesOf, PLACE_UNREADABLE_MESSAGE, type EventFormValues } from './event-form-values';

const base: EventFormValues = {
  ...formValuesOf(),
  name: 'Feria',
  location: 'IFEMA',
  date: '2026-11-28T18:00:00.000Z',
  endDate: '2026-11-28T23:00:00.000Z',
};

async function resolve(values: Partial<EventFormValues>, editing = false) {
  const resolver = eventFormResolver(editing, false);
  return resolver({ ...base, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('the event form place', () => {
  it('reads a maps link into the point, with the radius typed', async () => {
    const result = await resolve({ placeText: 'https://www.google.com/maps/@40.4168,-3.7038,17z', radiusText: '350' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ geoLat: 40.4168, geoLng: -3.7038, geoRadiusM: 350 });
    expect(result.values).not.toHaveProperty('placeText');
  });

  it('sends no point for an empty text, so an edit removes the place', async () => {
    const result = await resolve({ placeText: '  ', radiusText: '350' }, true);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ geoLat: null, geoLng: null });
    expect((result.values as { geoRadiusM?: number }).geoRadiusM).toBeUndefined();
  });

  it('puts an unreadable text and a bad radius on their own fields', async () => {
    expect((await resolve({ placeText: 'Plaza Mayor' })).errors.placeText?.message).toBe(PLACE_UNREADABLE_MESSAGE);
    const radius = await resolve({ placeText: '40.4168, -3.7038', radiusText: '10' });
    expect(radius.errors.radiusText?.message).toBe('El radio debe ser un número entero de metros entre 20 y 5000.');
    expect(radius.errors).not.toHaveProperty('geoRadiusM');
  });

  it('shows an event with a place back as coordinates and its radius', () => {
    const event = { geoLat: 40.4168, geoLng: -3.7038, geoRadiusM: 300 } as Partial<Event> as Event;
    expect(formValuesOf({ ...event, repeatDays: [], assignedEmployees: [] } as Event)).toMatchObject({ placeText: '40.416800, -3.703800', radiusText: '300' });
  });
});
