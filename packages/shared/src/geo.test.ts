import { describe, expect, it } from 'vitest';
import { distanceMeters, formatDistance, isOutsideZone, outsideZoneMessage, parseCoordinates } from './geo';

const puertaDelSol = { lat: 40.4168, lng: -3.7038 };

describe('distanceMeters', () => {
  it('is zero for the same point and symmetric', () => {
    expect(distanceMeters(puertaDelSol, puertaDelSol)).toBe(0);
    const cibeles = { lat: 40.41933, lng: -3.69308 };
    expect(distanceMeters(puertaDelSol, cibeles)).toBe(distanceMeters(cibeles, puertaDelSol));
  });

  it('measures known distances in whole metres', () => {
    // One degree of latitude is about 111.2 km on the mean sphere.
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBe(111_195);
    // Madrid (Sol) to Barcelona (Plaça de Catalunya): about 505 km.
    const barcelona = { lat: 41.3870, lng: 2.1701 };
    expect(distanceMeters(puertaDelSol, barcelona)).toBeGreaterThan(503_000);
    expect(distanceMeters(puertaDelSol, barcelona)).toBeLessThan(507_000);
    // 0.001 degrees of latitude is about 111 m.
    expect(distanceMeters(puertaDelSol, { lat: 40.4178, lng: -3.7038 })).toBe(111);
    expect(Number.isInteger(distanceMeters(puertaDelSol, { lat: 40.41234, lng: -3.70111 }))).toBe(true);
  });

  it('answers half the Earth for antipodal points, never NaN', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBe(20_015_114);
  });
});

describe('isOutsideZone', () => {
  it('gives the worker the benefit of the reported accuracy', () => {
    expect(isOutsideZone(150, 200, null)).toBe(false);
    expect(isOutsideZone(200, 200, undefined)).toBe(false);
    expect(isOutsideZone(201, 200, 0)).toBe(true);
    expect(isOutsideZone(240, 200, 50)).toBe(false);
    expect(isOutsideZone(250, 200, 50)).toBe(false);
    expect(isOutsideZone(251, 200, 50)).toBe(true);
  });
});

describe('formatDistance', () => {
  it('reads in metres below a kilometre and in kilometres with a decimal comma above', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(350)).toBe('350 m');
    expect(formatDistance(999)).toBe('999 m');
    expect(formatDistance(1000)).toBe('1 km');
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(formatDistance(12_345)).toBe('12,3 km');
    expect(formatDistance(505_432)).toBe('505,4 km');
  });

  it('makes the refusal sentence', () => {
    expect(outsideZoneMessage(1200)).toBe('Estás a 1,2 km del evento.');
    expect(outsideZoneMessage(350)).toBe('Estás a 350 m del evento.');
  });
});

describe('parseCoordinates', () => {
  it('reads pasted coordinates', () => {
    expect(parseCoordinates('40.4168, -3.7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('  40.4168,-3.7038 ')).toEqual(puertaDelSol);
    expect(parseCoordinates('40.4168 -3.7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('40.4168; -3.7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('40,4168; -3,7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('40,4168 -3,7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('+40.4168, -3.7038')).toEqual(puertaDelSol);
  });

  it('reads Google Maps links', () => {
    expect(parseCoordinates('https://www.google.com/maps/@40.4168,-3.7038,17z')).toEqual(puertaDelSol);
    expect(parseCoordinates('https://www.google.es/maps/place/Puerta+del+Sol/@40.4100,-3.7000,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d40.4168!4d-3.7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('https://maps.google.com/?q=40.4168,-3.7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('https://www.google.com/maps/search/?api=1&query=40.4168%2C-3.7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('https://maps.google.com/maps?ll=40.4168,-3.7038&z=16')).toEqual(puertaDelSol);
    expect(parseCoordinates('maps.google.com/?q=40.4168,-3.7038')).toEqual(puertaDelSol);
  });

  it('reads OpenStreetMap links', () => {
    expect(parseCoordinates('https://www.openstreetmap.org/#map=17/40.4168/-3.7038')).toEqual(puertaDelSol);
    expect(parseCoordinates('https://www.openstreetmap.org/?mlat=40.4168&mlon=-3.7038#map=15/40.4000/-3.7000')).toEqual(puertaDelSol);
    expect(parseCoordinates('https://www.openstreetmap.org/?mlon=-3.7038&mlat=40.4168')).toEqual(puertaDelSol);
    expect(parseCoordinates('https://www.openstreetmap.org/#map=17.5/40.4168/-3.7038&layers=N')).toEqual(puertaDelSol);
  });

  it('refuses what holds no point or an impossible one', () => {
    expect(parseCoordinates('')).toBeNull();
    expect(parseCoordinates('Madrid')).toBeNull();
    expect(parseCoordinates('40.4168')).toBeNull();
    expect(parseCoordinates('95.0, -3.7')).toBeNull();
    expect(parseCoordinates('40.4, 181')).toBeNull();
    expect(parseCoordinates('https://maps.app.goo.gl/AbCdEf123')).toBeNull();
    expect(parseCoordinates('https://example.com/page')).toBeNull();
    expect(parseCoordinates('40,4168, -3,7038')).toBeNull();
  });
});
