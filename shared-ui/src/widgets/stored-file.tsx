/** antd's Image and Typography.Link for stored files: they load the signed URL (see file-url.ts). */
import { Image, Typography, type ImageProps } from 'antd';
import type { ReactNode } from 'react';
import { useFileSrc } from './file-url';

export function StoredImage({ src, ...props }: ImageProps) {
  return <Image {...props} src={useFileSrc(src)} />;
}

export function StoredFileLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  return (
    <Typography.Link href={useFileSrc(href)} target="_blank" rel="noreferrer">
      {children}
    </Typography.Link>
  );
}
