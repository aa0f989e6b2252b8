import { smsHref, telHref } from '@jornada/shared/phone';
import { MessageSquare, Phone } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/** 'Llamar' and 'SMS' for a person with a phone number; a quiet note when the profile has none. */
export function ContactLinks({ name, phone }: { name: string; phone: string | null }) {
  if (!phone) return <span className="text-xs text-muted-foreground">Sin teléfono</span>;
  return (
    <div className="flex gap-2">
      <a href={telHref(phone)} aria-label={`Llamar a ${name}`} className={buttonClasses('outline', 'sm')}>
        <Phone aria-hidden="true" />
        Llamar
      </a>
      <a href={smsHref(phone)} aria-label={`SMS a ${name}`} className={buttonClasses('ghost', 'sm')}>
        <MessageSquare aria-hidden="true" />
        SMS
      </a>
    </div>
  );
}
