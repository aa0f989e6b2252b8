import { z } from 'zod';

/** Stable error codes: the web client reacts to the code, the user reads the message. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'INVALID_CREDENTIALS',
  'USER_DISABLED',
  'TOO_MANY_ATTEMPTS',
  'LOGIN_BACKOFF',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TIMER_ALREADY_ACTIVE',
  'CLOCK_IN_TOO_EARLY',
  'EVENT_FINISHED',
  'NO_ACTIVE_TIMER',
  'INTERNAL_ERROR',
  'DUPLICATE_SIZE',
  'INSUFFICIENT_STOCK',
  'LOAN_STATUS_CONFLICT',
  'SIGNATURE_REQUIRED',
  'WORK_REPORT_EXISTS',
  'ACCESS_LINK_EXPIRED',
  'ACCESS_LINK_REVOKED',
  'WORKING_TIME_WARNING',
  'SERVICE_UNAVAILABLE',
  'DOUBLE_BOOKING',
  'LINK_INVALID',
  'TOO_MANY_REQUESTS',
  'OTHER_ACCOUNT',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const defaultMessages: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Los datos enviados no son válidos.',
  UNAUTHENTICATED: 'Debes iniciar sesión para continuar.',
  FORBIDDEN: 'No tienes permiso para realizar esta acción.',
  CSRF_REJECTED: 'Solicitud rechazada por seguridad.',
  NOT_FOUND: 'No se ha encontrado el recurso solicitado.',
  CONFLICT: 'La operación entra en conflicto con los datos existentes.',
  UNPROCESSABLE: 'La solicitud hace referencia a datos no válidos.',
  INVALID_CREDENTIALS: 'Usuario o contraseña incorrectos.',
  USER_DISABLED: 'Tu cuenta está deshabilitada. Contacta con tu supervisor.',
  TOO_MANY_ATTEMPTS: 'Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo.',
  LOGIN_BACKOFF: 'Demasiados intentos fallidos en esta cuenta desde varios lugares. Espera unos segundos y vuelve a intentarlo.',
  PAYLOAD_TOO_LARGE: 'El archivo o la solicitud supera el tamaño máximo permitido.',
  UNSUPPORTED_MEDIA_TYPE: 'El tipo de archivo no está permitido.',
  TIMER_ALREADY_ACTIVE: 'Ya tienes un temporizador en curso.',
  CLOCK_IN_TOO_EARLY: 'No puedes fichar hasta la hora de inicio.',
  EVENT_FINISHED: 'El evento ya ha finalizado.',
  NO_ACTIVE_TIMER: 'No tienes ningún temporizador en curso.',
  INTERNAL_ERROR: 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.',
  SERVICE_UNAVAILABLE: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  DUPLICATE_SIZE: 'Esa talla ya está en el material.',
  INSUFFICIENT_STOCK: 'No hay suficiente stock para prestar el material.',
  LOAN_STATUS_CONFLICT: 'El préstamo ya ha cambiado de estado.',
  SIGNATURE_REQUIRED: 'Debes firmar el parte de trabajo.',
  WORK_REPORT_EXISTS: 'Ya has generado el parte de trabajo de este evento.',
  ACCESS_LINK_EXPIRED: 'Este enlace de acceso ha caducado. Pide a la empresa uno nuevo.',
  ACCESS_LINK_REVOKED: 'La empresa ha revocado este enlace de acceso.',
  WORKING_TIME_WARNING: 'La asignación incumple las normas de jornada. Confirma para asignar igualmente.',
  DOUBLE_BOOKING: 'Doble asignación: la persona ya tiene asignado otro evento a esa hora.',
  LINK_INVALID: 'El enlace no es válido, ya se ha usado o ha caducado. Pide uno nuevo.',
  TOO_MANY_REQUESTS: 'Has pedido demasiados enlaces. Espera un rato antes de volver a intentarlo.',
  OTHER_ACCOUNT: 'Este enlace es de otra cuenta. Cierra la sesión y vuelve a abrirlo.',
};
