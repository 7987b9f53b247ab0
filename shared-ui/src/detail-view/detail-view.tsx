/** Read-only record details: label/value pairs in two columns, '-' for an empty value (spec §2.5). */
import { useState, type ReactNode } from 'react';
import { Descriptions, Space } from 'antd';
import { useFileSrcs } from '../widgets/file-url';
import { ImageViewer } from '../widgets/image-viewer';
import { MESSAGES, WIDTHS } from '@portal/shared-core';

export type DetailItem = {
  label: string;
  value?: ReactNode;
  /** 2 = the whole row (long text such as remarks). */
  span?: 1 | 2;
};

export type DetailViewProps = {
  items: readonly DetailItem[];
  column?: number;
  /** Voucher images (finance and payment forms, spec §2.5): thumbnails under the pairs, opened in the viewer. */
  vouchers?: readonly string[];
};

/** The forms whose detail view also shows voucher images. */
export const VOUCHER_FORMS: readonly string[] = ['finance', 'payment'];

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function DetailView({ items, column = 2, vouchers: storedVouchers = [] }: DetailViewProps) {
  const vouchers = useFileSrcs(storedVouchers);
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={column}
        // Labels of up to six Chinese characters stay on one line (the form's label width).
        styles={{ label: { minWidth: WIDTHS.formLabel, whiteSpace: 'nowrap' } }}
        items={items.map((item) => ({
          key: item.label,
          label: item.label,
          span: item.span,
          children: isEmpty(item.value) ? MESSAGES.empty : item.value,
        }))}
      />
      {vouchers.length > 0 ? (
        <div className="detail-vouchers" style={{ marginTop: 12 }}>
          <div style={{ marginBottom: 8, color: 'rgba(0,0,0,0.65)' }}>凭证</div>
          <Space wrap>
            {vouchers.map((url, index) => (
              <img
                key={`${url}-${index}`}
                src={url}
                alt={`凭证${index + 1}`}
                style={{ maxWidth: WIDTHS.pictureThumbMax, maxHeight: WIDTHS.pictureThumbMax, cursor: 'zoom-in', objectFit: 'cover' }}
                onClick={() => setViewing(index)}
              />
            ))}
          </Space>
        </div>
      ) : null}
      <ImageViewer open={viewing !== null} urls={vouchers} index={viewing ?? 0} onClose={() => setViewing(null)} />
    </>
  );
}
