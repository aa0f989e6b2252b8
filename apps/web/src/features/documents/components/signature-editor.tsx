import { Save } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { SignaturePad, type SignaturePadHandle } from '@/components/ui/signature-pad';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSaveSignature } from '../api/save-signature';

/** The pad with 'Guardar Firma' ('Firma vacía' when nothing is drawn); `onCancel` when a saved one exists. */
export function SignatureEditor({ onSaved, onCancel }: { onSaved: () => void; onCancel?: () => void }) {
  const pad = useRef<SignaturePadHandle>(null);
  const save = useSaveSignature();

  const onSave = () => {
    const signature = pad.current?.toDataUrl();
    if (!signature) {
      toast({ variant: 'destructive', title: 'Firma vacía', description: 'Por favor, dibuja tu firma antes de guardar.' });
      return;
    }
    save.mutate(
      { signature },
      {
        onSuccess: () => {
          toast({ title: 'Firma Guardada', description: 'Se usará para firmar tus partes de trabajo.' });
          onSaved();
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <SignaturePad ref={pad} label="Tu firma" disabled={save.isPending} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
            Cancelar
          </Button>
        )}
        <Button onClick={onSave} disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          Guardar Firma
        </Button>
      </div>
    </div>
  );
}
