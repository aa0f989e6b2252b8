import { DownloadLinks } from '@/components/ui/download-links';

const FORMATS = ['pdf', 'csv'] as const;

/** 'Descargar PDF' and 'Descargar CSV' of a registro. */
export function RegistroDownloads({ url, label }: { url: (format: 'pdf' | 'csv') => string; label?: string }) {
  return <DownloadLinks formats={FORMATS} url={url} {...(label ? { label } : {})} />;
}
