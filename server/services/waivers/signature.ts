const PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Whether a signature is a PNG image as a data URL (what signature_pad's toDataURL gives): the prefix,
 * well-formed base64, and the PNG signature bytes with at least a header chunk after them.
 */
export function isPngDataUrl(value: string): boolean {
  if (!value.startsWith(PREFIX)) return false;
  const body = value.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return false;
  const bytes = Buffer.from(body, 'base64');
  return bytes.length > 33 && bytes.subarray(0, 8).equals(PNG_MAGIC);
}
