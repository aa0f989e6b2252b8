import { useMyQualifications } from '../api/qualifications';
import { dayLabel, ExpiryBadge } from './expiry-badge';

/**
 * 'Mis titulaciones' on Mis Documentos: what the company recorded for the person, with its expiry
 * (decision 042: the supervisor records them; the person sees them and is reminded before expiry).
 */
export function MyQualifications() {
  const list = useMyQualifications();
  if (!list.data || list.data.items.length === 0) return null;
  return (
    <section aria-labelledby="my-qualifications-title" className="mt-8 grid max-w-4xl gap-3">
      <h2 id="my-qualifications-title" className="text-lg font-semibold">
        Mis titulaciones
      </h2>
      <ul className="flex flex-col divide-y rounded-md border bg-card">
        {list.data.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{item.typeName}</p>
              <p className="text-sm text-muted-foreground">
                Nº {item.number} · Caduca: {item.expiresOn ? dayLabel(item.expiresOn) : 'no caduca'}
              </p>
            </div>
            <ExpiryBadge qualification={item} />
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">Si renuevas una titulación, entrega la nueva a tu supervisor para que la registre.</p>
    </section>
  );
}
