import { Image } from '@mantine/core';
import QRCode from 'qrcode';
import { useMemo } from 'react';

/** A QR code as an SVG image: one path of its dark modules, a module's margin around them. */
export function qrSvg(value: string): string {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) if (modules.get(y, x)) path += `M${x + 1} ${y + 1}h1v1h-1z`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n + 2} ${n + 2}" shape-rendering="crispEdges">` +
    `<rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}

/**
 * A QR code of a text, drawn where the page is drawn (nothing leaves the page), at once: the same on the
 * box office's render of an e-ticket and in the browser, with no placeholder that gives way to it. The
 * e-ticket's, and the tickets the counter prints.
 */
export function QrImage({
  value,
  label,
  size = 128,
  testId,
}: {
  value: string;
  label: string;
  size?: number;
  testId: string;
}) {
  const src = useMemo(() => `data:image/svg+xml,${encodeURIComponent(qrSvg(value))}`, [value]);
  return <Image src={src} alt={label} w={size} h={size} data-testid={testId} />;
}
