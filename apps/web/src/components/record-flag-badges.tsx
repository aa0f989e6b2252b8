import { TIME_RECORD_FLAG_LABELS, type TimeRecordFlag } from '@jornada/shared/schemas/time-records';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const FLAG_VARIANTS: Record<TimeRecordFlag, BadgeVariant> = {
  'sin-conexion': 'outline',
  'fuera-de-zona': 'warning',
  'cierre-automatico': 'secondary',
};

/** How a record was made when not the ordinary way (decision 040): 'Fichado sin conexión', 'Fuera de zona', 'Cierre automático'. */
export function RecordFlagBadges({ flags }: { flags: readonly TimeRecordFlag[] | undefined }) {
  if (!flags?.length) return null;
  return (
    <>
      {flags.map((flag) => (
        <Badge key={flag} variant={FLAG_VARIANTS[flag]}>
          {TIME_RECORD_FLAG_LABELS[flag]}
        </Badge>
      ))}
    </>
  );
}
