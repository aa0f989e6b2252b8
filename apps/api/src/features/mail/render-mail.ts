/**
 * Spanish mails in one layout: an HTML part and a plain-text part with the same words. Only what
 * the message needs goes in (the company's name, a greeting by first name at most, one link):
 * a mail leaves our control once sent.
 */
export interface MailContent {
  /** The company the mail comes from, shown at the top; null for platform mails. */
  companyName: string | null;
  subject: string;
  /** The first line, e.g. the notification's title. */
  heading: string;
  paragraphs: readonly string[];
  /** One button (HTML) and one plain link (text), to an absolute address (PUBLIC_URL + path). */
  action?: { label: string; url: string };
  /** Why the person gets this mail, in small print. */
  footer?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value put in the HTML goes through this: names and texts come from people. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Only http(s) links become a button; anything else (javascript:, data:) is refused by the caller's bug. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`mail links must be http(s): ${parsed.protocol}`);
  return parsed.toString();
}

/** Header injection: a subject is one line. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export function renderMail(content: MailContent): RenderedMail {
  const subject = oneLine(content.subject);
  const from = content.companyName ? `${content.companyName} · Jornada` : 'Jornada';
  const url = content.action ? safeUrl(content.action.url) : undefined;

  const text = [
    from,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action && url ? [`${content.action.label}: ${url}`, ''] : []),
    ...(content.footer ? ['—', content.footer] : []),
  ]
    .join('\n')
    .trimEnd();

  // Inline styles and a table layout: what mail clients (Outlook, Gmail) render the same way.
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border:1px solid #e4e4e7">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e4e4e7;font-size:14px;color:#52525b">${escapeHtml(from)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#18181b">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${
  content.action && url
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:#1d4ed8"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;font-size:16px;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></td></tr></table>
<p style="margin:0;font-size:13px;line-height:1.5;color:#52525b">Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${escapeHtml(url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(url)}</a></p>`
    : ''
}
</td></tr>
${content.footer ? `<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;line-height:1.5;color:#71717a">${escapeHtml(content.footer)}</td></tr>` : ''}
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject, text, html };
}
