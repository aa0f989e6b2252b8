import { describe, expect, it } from 'vitest';
import '../zod-locale';
import {
  createEventRequestSchema,
  EVENT_FIELDS_REQUIRED_MESSAGE,
  END_BEFORE_START_MESSAGE,
  listEventsQuerySchema,
  REPEAT_DAYS_REQUIRED_MESSAGE,
  shiftsQuerySchema,
  updateEventRequestSchema,
} from './events';

const valid = { name: 'Concierto', location: 'Palacio de Deportes', date: '2026-11-21T18:00:00.000Z', endDate: '2026-11-21T23:00:00.000Z' };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('createEventRequestSchema', () => {
  it('defaults to a momentary event with nobody assigned', () => {
    expect(createEventRequestSchema.parse(valid)).toMatchObject({ type: 'momentary', repeatDays: [], assignedEmployees: [] });
  });
  it.each(['name', 'location', 'date', 'endDate'] as const)("asks to complete every field when '%s' is missing or blank", (field) => {
    expect(firstMessage(createEventRequestSchema.safeParse({ ...valid, [field]: undefined }))).toBe(EVENT_FIELDS_REQUIRED_MESSAGE);
    expect(firstMessage(createEventRequestSchema.safeParse({ ...valid, [field]: field === 'name' || field === 'location' ? '   ' : '' }))).toBe(
      EVENT_FIELDS_REQUIRED_MESSAGE,
    );
  });
  it('refuses an end that is not after the start', () => {
    expect(firstMessage(createEventRequestSchema.safeParse({ ...valid, endDate: valid.date }))).toBe(END_BEFORE_START_MESSAGE);
  });
  it('asks for a repeat day on a constant event', () => {
    expect(firstMessage(createEventRequestSchema.safeParse({ ...valid, type: 'constant' }))).toBe(REPEAT_DAYS_REQUIRED_MESSAGE);
    expect(createEventRequestSchema.safeParse({ ...valid, type: 'constant', repeatDays: [0, 6] }).success).toBe(true);
    expect(createEventRequestSchema.safeParse({ ...valid, type: 'constant', repeatDays: [7] }).success).toBe(false);
  });
  it('accepts instants with an offset', () => {
    expect(createEventRequestSchema.safeParse({ ...valid, date: '2026-11-21T19:00:00+01:00' }).success).toBe(true);
    expect(createEventRequestSchema.safeParse({ ...valid, date: '21/11/2026 19:00' }).success).toBe(false);
  });
});

describe('updateEventRequestSchema', () => {
  it('leaves the assignments alone when omitted', () => {
    expect(updateEventRequestSchema.parse(valid).assignedEmployees).toBeUndefined();
  });
});

describe('list queries', () => {
  it('defaults the manage-events filter to Programado and reads a set of statuses', () => {
    expect(listEventsQuerySchema.parse({}).status).toEqual(['Programado']);
    expect(listEventsQuerySchema.parse({ status: 'Programado,Activo' }).status).toEqual(['Programado', 'Activo']);
    expect(listEventsQuerySchema.parse({ status: ['Finalizado', 'Activo'] }).status).toEqual(['Finalizado', 'Activo']);
    expect(listEventsQuerySchema.safeParse({ status: 'Cancelado' }).success).toBe(false);
  });
  it("defaults the shifts filter to 'active'", () => {
    expect(shiftsQuerySchema.parse({}).filter).toBe('active');
  });
});
