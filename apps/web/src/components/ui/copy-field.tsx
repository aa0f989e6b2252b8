import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * A secret address shown once (an Inspección link, a calendar feed), with a copy button. The
 * clipboard API needs HTTPS; on plain HTTP the text is selected and copied the old way.
 */
export function CopyField({ id, label, value, copyLabel = 'Copiar enlace', copiedText = 'Enlace copiado al portapapeles.' }: { id: string; label: string; value: string; copyLabel?: string; copiedText?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} ref={input} readOnly value={value} className="font-mono text-sm" onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" onClick={() => void copy()} className="shrink-0">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copiado' : copyLabel}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {copied ? copiedText : ''}
      </p>
    </div>
  );
}

/** The warning above a secret shown once ('Cópialo ahora'): it is not kept and will not be shown again. */
export function ShownOnceWarning({ title, children }: { title: string; children: string }) {
  return (
    <Alert>
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
