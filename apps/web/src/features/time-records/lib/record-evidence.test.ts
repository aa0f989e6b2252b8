import { describe, expect, it } from 'vitest';
import { describePresence } from './record-evidence';

describe('describePresence', () => {
  it('says when an offline punch was made by the phone, estimated and received (Madrid time)', () => {
    const lines = describePresence(
      {
        start: {
          offline: { clientId: 'x', phoneTime: '2026-11-21T02:12:00Z', estimatedTime: '2026-11-21T02:05:00Z', receivedAt: '2026-11-21T04:40:00Z' },
          distanceM: 350,
          accuracyM: 20,
          radiusM: 200,
        },
        end: { offline: { clientId: 'y', phoneTime: '2026-11-22T08:00:00Z', estimatedTime: null, receivedAt: '2026-11-23T09:30:00Z' } },
      },
      { startTime: '2026-11-21T02:05:00Z', endTime: '2026-11-22T08:00:00Z' },
    );
    expect(lines).toEqual([
      'Entrada sin conexión: hora del teléfono 03:12 · estimada con el reloj del servidor 03:05 · recibido 05:40 · a 350 m (±20 m) del evento, radio 200 m',
      'Salida sin conexión: hora del teléfono 09:00 · sin hora del servidor · recibido 23/11/2026 10:30',
    ]);
  });

  it('says nothing for an ordinary record', () => {
    expect(describePresence(null, { startTime: '2026-11-21T02:05:00Z', endTime: null })).toEqual([]);
    expect(describePresence({ start: { distanceM: 1250, venueCode: true } }, { startTime: '2026-11-21T02:05:00Z', endTime: null })).toEqual(['Entrada: a 1,3 km del evento · código del lugar válido']);
  });
});
