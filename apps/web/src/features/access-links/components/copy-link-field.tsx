import { Check, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The new link, shown once, with 'Copiar enlace' (the clipboard API needs HTTPS; select-and-copy otherwise). */
export function CopyLinkField({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="access-link-url">Enlace de acceso</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="access-link-url" ref={input} readOnly value={url} className="font-mono text-sm" onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" onClick={() => void copy()} className="shrink-0">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copiado' : 'Copiar enlace'}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {copied ? 'Enlace copiado al portapapeles.' : ''}
      </p>
    </div>
  );
}
