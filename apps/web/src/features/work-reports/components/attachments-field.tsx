import { MAX_ATTACHMENTS, TOO_MANY_FILES_MESSAGE } from '@jornada/shared/files';
import { formatKilobytes } from '@jornada/shared/format';
import { Paperclip, X } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';

interface AttachmentsFieldProps {
  id: string;
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/** Several files of any type, each listed by name with a button that takes it out before saving. */
export function AttachmentsField({ id, files, onChange, disabled }: AttachmentsFieldProps) {
  const input = useRef<HTMLInputElement>(null);

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length + chosen.length > MAX_ATTACHMENTS) {
      toast({ variant: 'destructive', title: 'Error', description: TOO_MANY_FILES_MESSAGE });
      return;
    }
    onChange([...files, ...chosen]);
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Adjuntos</Label>
      <input ref={input} id={id} type="file" multiple className="sr-only" tabIndex={-1} onChange={add} disabled={disabled} />
      {files.length > 0 && (
        <ul aria-label="Archivos adjuntos" className="flex flex-col divide-y divide-border rounded-md border border-border">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-2 py-1 pr-1 pl-3">
              <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatKilobytes(file.size)}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Quitar ${file.name}`}
                disabled={disabled}
                onClick={() => onChange(files.filter((_, position) => position !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="self-start" onClick={() => input.current?.click()} disabled={disabled} aria-describedby={`${id}-hint`}>
        <Paperclip aria-hidden="true" />
        Añadir archivos
      </Button>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Cualquier tipo de archivo, hasta 10 MB cada uno y 25 MB en total.
      </p>
    </div>
  );
}
