import { isWellFormedPng } from '@jornada/shared/files';

/** Whether a data URL really carries a whole PNG (the header alone proves nothing). */
export function isPngDataUrl(dataUrl: string): boolean {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) return false;
  return isWellFormedPng(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
}
