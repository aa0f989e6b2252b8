import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/** 'Descargar PDF' and 'Descargar CSV' as plain links: the server names the file and logs the download. */
export function RegistroDownloads({ url, label = '' }: { url: (format: 'pdf' | 'csv') => string; label?: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {(['pdf', 'csv'] as const).map((format) => (
        <a key={format} href={url(format)} download className={buttonClasses('outline', 'sm')}>
          <Download aria-hidden="true" />
          Descargar {format.toUpperCase()}
          {label && <span className="sr-only"> {label}</span>}
        </a>
      ))}
    </div>
  );
}
