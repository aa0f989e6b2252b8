/**
 * Reads QR codes from the phone's camera: the browser's BarcodeDetector where it has one for QR
 * (Chrome on Android), else the jsqr decoder, loaded only when a scan starts.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

type Decoder = (video: HTMLVideoElement) => Promise<string | null>;

async function nativeDecoder(): Promise<Decoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrDecoder(): Promise<Decoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // A smaller frame decodes fast enough on a cheap phone and a QR on a screen is still large in it.
    const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

export class CameraUnavailable extends Error {}

export const NO_CAMERA_MESSAGE = 'No se pudo abrir la cámara. Escribe las 6 cifras del código.';

/**
 * Opens the rear camera into `video` and calls `onText` with each QR text read, until the returned
 * stop function is called. Throws CameraUnavailable when there is no camera or no permission.
 */
export async function startQrScan(video: HTMLVideoElement, onText: (text: string) => void): Promise<() => void> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailable(NO_CAMERA_MESSAGE);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  } catch {
    throw new CameraUnavailable(NO_CAMERA_MESSAGE);
  }
  let stopped = false;
  const stop = () => {
    stopped = true;
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    const decode = (await nativeDecoder()) ?? (await jsqrDecoder());
    const tick = async () => {
      if (stopped) return;
      try {
        const text = await decode(video);
        if (text && !stopped) onText(text);
      } catch {
        // A frame that could not be read: the next one may.
      }
      if (!stopped) setTimeout(() => void tick(), 200);
    };
    void tick();
  } catch {
    stop();
    throw new CameraUnavailable(NO_CAMERA_MESSAGE);
  }
  return stop;
}
