const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether a data URL really carries PNG bytes (the header alone proves nothing). */
export function isPngDataUrl(dataUrl: string): boolean {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) return false;
  const bytes = Buffer.from(dataUrl.slice(prefix.length), 'base64');
  return bytes.length > PNG_MAGIC.length && bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC);
}
