import type { SavedSignature } from '@jornada/shared/schemas/signatures';
import { PenLine, Undo2 } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { SignaturePad, type SignaturePadHandle } from '@/components/ui/signature-pad';
import { SignatureImage } from '@/components/ui/signature-image';

interface ReportSignatureFieldProps {
  saved: SavedSignature | null;
  /** True while the saved signature is the one that will sign. */
  useSaved: boolean;
  onUseSavedChange: (useSaved: boolean) => void;
  padRef: Ref<SignaturePadHandle>;
  /** 'Debes firmar el parte de trabajo.' after an attempt to save an unsigned report. */
  error?: string;
  onDrawn: () => void;
  disabled?: boolean;
}

/** The report's signature: the saved one (from Mi Firma) or one drawn now. */
export function ReportSignatureField({ saved, useSaved, onUseSavedChange, padRef, error, onDrawn, disabled }: ReportSignatureFieldProps) {
  if (saved && useSaved) {
    return (
      <div className="flex flex-col gap-2">
        <span className="text-sm leading-none font-medium">Firma</span>
        <SignatureImage src={saved.url} alt="Tu firma guardada" className="h-28" />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">Se firmará con tu firma guardada.</p>
          <Button variant="outline" size="sm" onClick={() => onUseSavedChange(false)} disabled={disabled}>
            <PenLine aria-hidden="true" />
            Firmar de nuevo
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <SignaturePad ref={padRef} label="Firma" disabled={disabled} onChange={(isEmpty) => !isEmpty && onDrawn()} />
      <FieldError role="alert">{error}</FieldError>
      {saved && (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => onUseSavedChange(true)} disabled={disabled}>
          <Undo2 aria-hidden="true" />
          Usar mi firma guardada
        </Button>
      )}
    </div>
  );
}
