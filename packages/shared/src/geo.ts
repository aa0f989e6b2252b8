/**
 * Where an event is (issue 24, decision 040): the distance between two points, how a distance
 * reads in Spanish, and the point a supervisor pastes as coordinates or as a maps link.
 */

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The zone of an event without an explicit radius. */
export const DEFAULT_GEOFENCE_RADIUS_M = 200;
export const MIN_GEOFENCE_RADIUS_M = 20;
export const MAX_GEOFENCE_RADIUS_M = 5000;

/** The IUGG mean Earth radius: the haversine's error (≤ 0.5 %) is far below a phone's accuracy. */
const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in whole metres (haversine). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min(): rounding may push h a hair above 1 for antipodal points, and asin would answer NaN.
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/**
 * Outside the zone only when even the most favourable reading of the fix is: the worker gets the
 * benefit of the reported accuracy (a 50 m accurate fix 230 m away may be 180 m away).
 */
export function isOutsideZone(distanceM: number, radiusM: number, accuracyM: number | null | undefined): boolean {
  const accuracy = accuracyM !== null && accuracyM !== undefined && Number.isFinite(accuracyM) && accuracyM > 0 ? accuracyM : 0;
  return distanceM - accuracy > radiusM;
}

const kilometres = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
const metres = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });

/** '350 m' below a kilometre, '1,2 km' above ('12 km', '1234,5 km'): how a Spanish reader says it. */
export function formatDistance(distanceM: number): string {
  const rounded = Math.max(0, Math.round(distanceM));
  if (rounded < 1000) return `${metres.format(rounded)} m`;
  return `${kilometres.format(rounded / 1000)} km`;
}

/** The refusal a worker reads when the company refuses punches outside the zone. */
export function outsideZoneMessage(distanceM: number): string {
  return `Estás a ${formatDistance(distanceM)} del evento.`;
}

/** The text the form shows for a point, and what it accepts back: '40.416800, -3.703800'. */
export function formatCoordinates(point: GeoPoint): string {
  return `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`;
}

/** OpenStreetMap's page of a point: a link out of the app, never tiles inside it. */
export function mapLinkOf(point: GeoPoint): string {
  return `https://www.openstreetmap.org/?mlat=${point.lat.toFixed(6)}&mlon=${point.lng.toFixed(6)}#map=17/${point.lat.toFixed(6)}/${point.lng.toFixed(6)}`;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;

function pointOf(lat: string | undefined, lng: string | undefined): GeoPoint | null {
  if (lat === undefined || lng === undefined) return null;
  const point = { lat: Number(lat), lng: Number(lng) };
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  if (Math.abs(point.lat) > 90 || Math.abs(point.lng) > 180) return null;
  return point;
}

function decodedOf(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A point from what a supervisor pastes: coordinates ('40.4168, -3.7038', '40.4168 -3.7038',
 * Spanish decimal commas '40,4168; -3,7038'), a Google Maps link ('…/@40.4168,-3.7038,17z',
 * '?q=40.4168,-3.7038', 'll=40.4168,-3.7038', '!3d40.4168!4d-3.7038') or an OpenStreetMap link
 * ('#map=17/40.4168/-3.7038', '?mlat=40.4168&mlon=-3.7038'). Null when none is found or it is out
 * of range. A shortened link (maps.app.goo.gl) carries no coordinates: it answers null.
 */
export function parseCoordinates(input: string): GeoPoint | null {
  const text = input.trim();
  if (text === '') return null;
  const plain = text.match(new RegExp(String.raw`^(${NUMBER})\s*[,;\s]\s*(${NUMBER})$`));
  if (plain) return pointOf(plain[1], plain[2]);
  // Decimal commas need another separator: '40,4168; -3,7038' or '40,4168 -3,7038'.
  const spanish = text.match(/^([-+]?\d{1,3},\d+)\s*[;\s]\s*([-+]?\d{1,3},\d+)$/);
  if (spanish) return pointOf(spanish[1]!.replace(',', '.'), spanish[2]!.replace(',', '.'));
  if (!/^(https?:\/\/|www\.|maps\.|[a-z0-9.-]+\.[a-z]{2,}\/)/i.test(text)) return null;
  const link = decodedOf(text);
  // OpenStreetMap's marker, then its view: the marker is the point the sender chose.
  const marker = pointOf(link.match(new RegExp(String.raw`[?&]mlat=(${NUMBER})`))?.[1], link.match(new RegExp(String.raw`[?&]mlon=(${NUMBER})`))?.[1]);
  if (marker) return marker;
  const patterns = [
    new RegExp(String.raw`#map=\d+(?:\.\d+)?/(${NUMBER})/(${NUMBER})`),
    // Google's place pin ('!3d…!4d…') is more exact than the view centre ('@…').
    new RegExp(String.raw`!3d(${NUMBER})!4d(${NUMBER})`),
    new RegExp(String.raw`[?&](?:q|query|ll|sll|daddr|destination|center)=(?:loc:)?\s*(${NUMBER})\s*,\s*(${NUMBER})`),
    new RegExp(String.raw`/@(${NUMBER}),(${NUMBER})`),
  ];
  for (const pattern of patterns) {
    const found = link.match(pattern);
    if (found) return pointOf(found[1], found[2]);
  }
  return null;
}
