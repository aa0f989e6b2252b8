import { Download } from 'lucide-react';
import { cn } from '@/lib/cn';
import { buttonClasses, type ButtonSize } from './button';

interface DownloadLinksProps<F extends string> {
  formats: readonly F[];
  url: (format: F) => string;
  /** Read by screen readers after 'Descargar PDF' ('de la empresa'). */
  label?: string;
  size?: ButtonSize;
  /** While the screen shows the previous month's data: no link, so no file of the wrong month. */
  disabled?: boolean;
  className?: string;
  linkClassName?: string;
}

/** 'Descargar PDF', 'Descargar CSV'…, as plain links: the server names the file and logs the download. */
export function DownloadLinks<F extends string>({ formats, url, label = '', size = 'sm', disabled = false, className, linkClassName }: DownloadLinksProps<F>) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {formats.map((format) => (
        <a
          key={format}
          {...(disabled ? { 'aria-disabled': true } : { href: url(format), download: true })}
          className={buttonClasses('outline', size, cn(linkClassName, disabled && 'pointer-events-none opacity-60'))}
        >
          <Download aria-hidden="true" />
          Descargar {format.toUpperCase()}
          {label && <span className="sr-only"> {label}</span>}
        </a>
      ))}
    </div>
  );
}
