import { Image, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toString as renderQrSvg } from 'qrcode';

/** The link as a QR code, drawn in the browser (SVG): a driver scans it from the screen with the phone's camera. */
export function LinkQrCode({ url, size = 200 }: { url: string; size?: number }) {
  const svg = useQuery({
    queryKey: ['qr-code', url],
    queryFn: () => renderQrSvg(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    staleTime: Infinity,
  });
  if (svg.isError) return <Text c="red.9">The QR code could not be drawn: copy the link instead.</Text>;
  if (!svg.data) return null;
  return (
    <Image
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.data)}`}
      alt="QR code of the driver link"
      w={size}
      h={size}
      data-testid="driver-link-qr"
    />
  );
}
