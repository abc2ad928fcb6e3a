/**
 * Reads a QR code from a video frame or an image (issue 20): the browser's BarcodeDetector where it has one,
 * otherwise jsQR, loaded only when first needed (this screen's chunk alone).
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

let native: Promise<BarcodeDetectorLike | null> | null = null;

function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  native ??= (async () => {
    const Ctor = (
      globalThis as { BarcodeDetector?: BarcodeDetectorCtor & { getSupportedFormats?: () => Promise<string[]> } }
    ).BarcodeDetector;
    if (!Ctor) return null;
    try {
      const formats = (await Ctor.getSupportedFormats?.()) ?? ['qr_code'];
      return formats.includes('qr_code') ? new Ctor({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return native;
}

let canvas: HTMLCanvasElement | null = null;

/** The text of the QR code in `source` (a playing <video> or a loaded image), or null. */
export async function decodeQr(
  source: HTMLVideoElement | HTMLImageElement | ImageBitmap,
  width: number,
  height: number,
): Promise<string | null> {
  const detector = await nativeDetector();
  if (detector) {
    try {
      const [found] = await detector.detect(source);
      if (found?.rawValue) return found.rawValue;
    } catch {
      // Falls through to jsQR.
    }
    // Some platforms list the detector but never find anything (Chromium on Linux): jsQR tries too.
  }
  if (width === 0 || height === 0) return null;
  canvas ??= document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The QR code of an image file (a photo of the voucher), read without a blob: address (the CSP allows none). */
export async function decodeQrFile(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeQr(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** A short beep and a vibration where the browser allows them: the door is noisy and the phone in a hand. */
export function signalSuccess(): void {
  try {
    navigator.vibrate?.(150);
  } catch {
    // Not allowed: the screen still shows it.
  }
  try {
    const AudioCtx = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioCtx) return;
    const audio = new AudioCtx();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.15);
    oscillator.onended = () => void audio.close();
  } catch {
    // No sound: fine.
  }
}

/** A voucher's token from what the code holds: the token itself or the voucher's address. */
export function tokenFromQr(text: string): string | null {
  const match = /(?:^|\/voucher\/)([A-Za-z0-9_-]{43})$/.exec(text.trim());
  return match ? match[1]! : null;
}
