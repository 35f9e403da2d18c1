import { Image, Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of a text, drawn in the browser (nothing leaves the page): the e-ticket's, and the tickets
 * the counter prints.
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
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(value, { margin: 1, width: size + 32, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value, size]);
  return src ? (
    <Image src={src} alt={label} w={size} h={size} data-testid={testId} />
  ) : (
    <Skeleton w={size} h={size} />
  );
}
