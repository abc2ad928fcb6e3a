import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

/**
 * A QR code of `value`, drawn here (the qrcode library, loaded with the first one): the value never leaves the page
 * for a third party. The voucher's token (issue 20) and a parcela's PIX code (issue 43) are drawn by it.
 */
export function QrCode({ value, alt, size = 280 }: { value: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: size }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [value, size]);
  return src ? (
    <img src={src} width={size} height={size} alt={alt} className="mx-auto rounded-md bg-white" />
  ) : (
    <div className="mx-auto flex items-center justify-center" style={{ width: size, height: size }}>
      <Spinner label="Gerando o QR code..." />
    </div>
  );
}
