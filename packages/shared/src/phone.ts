/**
 * A person's phone number, kept as the digits a dialer needs (an optional leading '+'), so the
 * live view can build its tel: and sms: links without guessing. Spaces, dots, dashes and
 * brackets people type ('600 11 22 33', '+34 (600) 11-22-33') are dropped on the way in.
 */
export const PHONE_INVALID_MESSAGE = 'El teléfono no es válido: escribe de 9 a 15 cifras, con el prefijo + si es internacional.';

const separators = /[\s.\-()]/g;
const dialable = /^\+?\d{9,15}$/;

/** The number without separators; '' stays '' (no phone). */
export function normalizePhone(value: string): string {
  return value.trim().replace(separators, '');
}

export function isValidPhone(value: string): boolean {
  return dialable.test(normalizePhone(value));
}

/** The tel: address of a stored (normalized) number. */
export function telHref(phone: string): string {
  return `tel:${normalizePhone(phone)}`;
}

/** The sms: address of a stored (normalized) number. */
export function smsHref(phone: string): string {
  return `sms:${normalizePhone(phone)}`;
}
