import { Eraser } from 'lucide-react';
import SignaturePadEngine from 'signature_pad';
import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** What a form reads from the pad: whether anything is drawn, and the drawing as a PNG. */
export interface SignaturePadHandle {
  isEmpty: () => boolean;
  clear: () => void;
  /** The strokes cropped to their bounds (plus a small margin) as a PNG data URL; null when empty. */
  toDataUrl: () => string | null;
}

interface SignaturePadProps {
  ref?: Ref<SignaturePadHandle>;
  /** The visible label above the pad ('Firma', 'Tu firma'). */
  label?: string;
  /** Called after each stroke (false) and after 'Limpiar' (true). */
  onChange?: (isEmpty: boolean) => void;
  disabled?: boolean;
  className?: string;
}

const PEN_COLOR = '#ffffff';
const TRIM_MARGIN = 8;

/** Crops a transparent canvas to its painted pixels, so a signature keeps no empty border. */
function trimmedPng(canvas: HTMLCanvasElement): string | null {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return null;
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! === 0) continue;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (right < 0) return null;
  const x = Math.max(0, left - TRIM_MARGIN);
  const y = Math.max(0, top - TRIM_MARGIN);
  const cropWidth = Math.min(width, right + TRIM_MARGIN + 1) - x;
  const cropHeight = Math.min(height, bottom + TRIM_MARGIN + 1) - y;
  const cropped = document.createElement('canvas');
  cropped.width = cropWidth;
  cropped.height = cropHeight;
  cropped.getContext('2d')?.drawImage(canvas, x, y, cropWidth, cropHeight, 0, 0, cropWidth, cropHeight);
  return cropped.toDataURL('image/png');
}

/**
 * A signature drawing pad (signature_pad): a white pen on a dark pad, for mouse, touch and pen,
 * with 'Limpiar'. Read it through `ref` (isEmpty, toDataUrl). Used by Mi Firma, the work report,
 * and the loan and vacation confirmations.
 */
export function SignaturePad({ ref, label = 'Firma', onChange, disabled = false, className }: SignaturePadProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const engineRef = useRef<SignaturePadEngine | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const engine = new SignaturePadEngine(canvas, { penColor: PEN_COLOR, minWidth: 1, maxWidth: 3 });
    engineRef.current = engine;
    const onEnd = () => onChangeRef.current?.(engine.isEmpty());
    engine.addEventListener('endStroke', onEnd);

    // The bitmap follows the element's size and the screen's density; strokes survive a resize.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      if (width === canvas.width && height === canvas.height) return;
      const strokes = engine.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      engine.clear();
      if (strokes.length > 0) engine.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      engine.removeEventListener('endStroke', onEnd);
      engine.off();
      engineRef.current = null;
    };
  }, []);

  useEffect(() => {
    const engine = engineRef.current;
    if (!engine) return;
    if (disabled) engine.off();
    else engine.on();
  }, [disabled]);

  const clear = () => {
    engineRef.current?.clear();
    onChangeRef.current?.(true);
  };

  useImperativeHandle(ref, () => ({
    isEmpty: () => engineRef.current?.isEmpty() ?? true,
    clear,
    toDataUrl: () => {
      const engine = engineRef.current;
      if (!engine || engine.isEmpty() || !canvasRef.current) return null;
      return trimmedPng(canvasRef.current);
    },
  }));

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <span id={`${id}-label`} className="text-sm leading-none font-medium text-foreground">
        {label}
      </span>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className={cn(
          'h-48 w-full touch-none rounded-lg border-2 border-navy bg-navy sm:h-56',
          disabled ? 'cursor-not-allowed opacity-60' : 'cursor-crosshair',
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Dibuja tu firma con el ratón, el dedo o un lápiz.
        </p>
        <Button variant="outline" size="sm" onClick={clear} disabled={disabled}>
          <Eraser aria-hidden="true" />
          Limpiar
        </Button>
      </div>
    </div>
  );
}
