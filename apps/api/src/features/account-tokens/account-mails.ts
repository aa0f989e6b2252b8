import { renderMail, type RenderedMail } from '../mail/render-mail';

/** The web pages the links open; the token goes in the fragment, which no request or Referer carries. */
export const LINK_PATHS = {
  invitation: '/crear-contrasena',
  reset: '/restablecer-contrasena',
  email_change: '/confirmar-correo',
} as const;

export function linkUrl(publicUrl: string, purpose: keyof typeof LINK_PATHS, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${LINK_PATHS[purpose]}#t=${token}`;
}

export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export function invitationMail(input: { companyName: string | null; name: string; username: string; url: string }): RenderedMail {
  return renderMail({
    companyName: input.companyName,
    subject: 'Te han invitado a Jornada',
    heading: `Hola, ${firstNameOf(input.name)}`,
    paragraphs: [
      `Ya tienes una cuenta en Jornada. Tu nombre de usuario es «${input.username}».`,
      'Abre el enlace para crear tu contraseña. Funciona una sola vez y caduca en 72 horas.',
    ],
    action: { label: 'Crear contraseña', url: input.url },
    footer: 'Recibes este correo porque tu empresa te ha dado de alta en Jornada. Si no esperabas esta invitación, ignórala.',
  });
}

export function resetMail(input: { companyName: string | null; name: string; username: string; url: string }): RenderedMail {
  return renderMail({
    companyName: input.companyName,
    subject: 'Restablecer tu contraseña de Jornada',
    heading: `Hola, ${firstNameOf(input.name)}`,
    paragraphs: [
      `Alguien ha pedido restablecer la contraseña de la cuenta «${input.username}».`,
      'Abre el enlace para elegir una nueva. Funciona una sola vez y caduca en 1 hora. Al cambiarla se cerrarán tus demás sesiones.',
    ],
    action: { label: 'Restablecer contraseña', url: input.url },
    footer: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  });
}

export function emailChangeMail(input: { companyName: string | null; name: string; url: string }): RenderedMail {
  return renderMail({
    companyName: input.companyName,
    subject: 'Confirma tu nuevo correo electrónico',
    heading: `Hola, ${firstNameOf(input.name)}`,
    paragraphs: ['Has pedido usar esta dirección en tu cuenta de Jornada. Abre el enlace para confirmarlo. Caduca en 24 horas.'],
    action: { label: 'Confirmar correo', url: input.url },
    footer: 'Si no lo has pedido tú, ignora este correo: no se cambiará nada.',
  });
}

/** To the old address: a change was asked for; no link, and not the new address (it may be an attacker's). */
export function emailChangeNoticeMail(input: { companyName: string | null; name: string }): RenderedMail {
  return renderMail({
    companyName: input.companyName,
    subject: 'Se ha pedido cambiar tu correo electrónico',
    heading: `Hola, ${firstNameOf(input.name)}`,
    paragraphs: [
      'Se ha pedido cambiar el correo electrónico de tu cuenta de Jornada. Este correo seguirá siendo el tuyo hasta que se confirme el cambio desde la nueva dirección.',
      'Si no has sido tú, cambia tu contraseña y avisa a tu empresa.',
    ],
  });
}
