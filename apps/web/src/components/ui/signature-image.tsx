import { cn } from '@/lib/cn';

/*
 * Apart from the pad (signature-pad.tsx): showing a saved signature needs none of the drawing
 * library, which then loads only with the dialogs that sign.
 */

/** A saved signature (white strokes, transparent PNG) shown on the same dark surface as the pad. */
export function SignatureImage({ src, alt = 'Firma', className }: { src: string; alt?: string; className?: string }) {
  return (
    <div className={cn('flex items-center justify-center rounded-lg bg-navy p-3', className)}>
      <img src={src} alt={alt} className="max-h-full max-w-full object-contain" />
    </div>
  );
}
