import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClockInBlocked } from './clock-in-blocked';
import { checkClockInPermissions, getClockOutLocation } from './clock-in-permissions';

type Answer = { coords: { latitude: number; longitude: number; accuracy: number } } | { code: number };

/** A browser: the Notification permission (or none), and what each getCurrentPosition call answers. */
function browser(options: { permission?: NotificationPermission; request?: () => Promise<NotificationPermission>; positions?: Answer[] | null }) {
  if (options.permission) {
    vi.stubGlobal('window', { Notification: {} });
    vi.stubGlobal('Notification', { permission: options.permission, requestPermission: options.request ?? (() => Promise.resolve('granted')) });
  } else {
    vi.stubGlobal('window', {});
  }
  const answers = [...(options.positions ?? [])];
  const getCurrentPosition = vi.fn((resolve: (value: unknown) => void, reject: (error: unknown) => void, _options?: PositionOptions) => {
    const answer = answers.shift();
    if (answer && 'coords' in answer) resolve(answer);
    else reject(answer ?? { code: 2 });
  });
  vi.stubGlobal('navigator', options.positions === null ? {} : { geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

const madrid = { coords: { latitude: 40.4168, longitude: -3.7038, accuracy: 12 } };

async function blocked(promise: Promise<unknown>): Promise<{ title: string; description?: string }> {
  const error = await promise.then(() => null, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(ClockInBlocked);
  const { title, description } = error as ClockInBlocked;
  return { title, description };
}

afterEach(() => vi.unstubAllGlobals());

describe('checkClockInPermissions', () => {
  it('returns the location once both permissions are granted', async () => {
    browser({ permission: 'granted', positions: [madrid] });
    await expect(checkClockInPermissions()).resolves.toEqual({ lat: 40.4168, lng: -3.7038, accuracy: 12 });
  });

  it('asks for notifications when not decided yet', async () => {
    const request = vi.fn(() => Promise.resolve('granted' as const));
    browser({ permission: 'default', request, positions: [madrid] });
    await checkClockInPermissions();
    expect(request).toHaveBeenCalledOnce();
  });

  it('clocks in all the same when notifications are blocked or the prompt is dismissed', async () => {
    browser({ permission: 'denied', positions: [madrid] });
    await expect(checkClockInPermissions()).resolves.toMatchObject({ lat: 40.4168 });
    browser({ permission: 'default', request: () => Promise.resolve('default'), positions: [madrid] });
    await expect(checkClockInPermissions()).resolves.toMatchObject({ lat: 40.4168 });
  });

  it('does not require notifications where the browser has none (Safari on an iPhone)', async () => {
    browser({ positions: [madrid] });
    await expect(checkClockInPermissions()).resolves.toMatchObject({ lat: 40.4168 });
  });

  it('refuses with the spec messages for the location', async () => {
    browser({ permission: 'granted', positions: null });
    expect((await blocked(checkClockInPermissions())).description).toBe('La geolocalización no es compatible.');
    browser({ permission: 'granted', positions: [{ code: 1 }] });
    expect(await blocked(checkClockInPermissions())).toEqual({
      title: 'Permiso de ubicación requerido',
      description: 'Debes permitir el acceso a la ubicación para fichar.',
    });
    browser({ permission: 'granted', positions: [{ code: 2 }, { code: 2 }] });
    expect((await blocked(checkClockInPermissions())).description).toBe('Error al obtener la ubicación.');
  });

  it('falls back once to a less precise fix when GPS times out', async () => {
    const getCurrentPosition = browser({ permission: 'granted', positions: [{ code: 3 }, madrid] });
    await expect(checkClockInPermissions()).resolves.toMatchObject({ lat: 40.4168 });
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true });
    expect(getCurrentPosition.mock.calls[1]?.[2]).toMatchObject({ enableHighAccuracy: false });
  });

  it('clocks in all the same when the notification prompt itself fails', async () => {
    browser({ permission: 'default', request: () => Promise.reject(new Error('broken')), positions: [madrid] });
    await expect(checkClockInPermissions()).resolves.toMatchObject({ lat: 40.4168 });
  });

  it('still requires the location when notifications are blocked', async () => {
    browser({ permission: 'denied', positions: [{ code: 1 }] });
    expect((await blocked(checkClockInPermissions())).title).toBe('Permiso de ubicación requerido');
  });
});

describe('getClockOutLocation', () => {
  it("reads 'Error de ubicación' on any failure", async () => {
    browser({ permission: 'granted', positions: [{ code: 1 }] });
    expect(await blocked(getClockOutLocation())).toEqual({ title: 'Error de ubicación', description: 'No se pudo obtener la ubicación final.' });
  });
});
