/**
 * picture: several pictures [{id, url, filename}]; cover: one picture's url. Both are chosen in
 * the picture picker (upload or album), shown as thumbnails that open the image viewer.
 */
import { useState } from 'react';
import { Button, Flex, Image } from 'antd';
import { CloseCircleFilled, PictureOutlined } from '@ant-design/icons';
import { WIDTHS } from '@portal/shared-core';
import { PicturePicker } from '../../../pickers/picture-picker';
import type { PictureValue } from '../../../pickers/directory-types';
import { useFileSrcs } from '../../../widgets/file-url';
import { ImageViewer } from '../../../widgets/image-viewer';
import type { ControlProps } from '../../types';
import { listOf, textOf } from './control-values';

/** Thumbnails at most 40 px (spec §9); a click opens the full picture. */
const THUMB_PX = WIDTHS.pictureThumbMax;

type ThumbnailsProps = { urls: string[]; onRemove?: (index: number) => void };

function Thumbnails({ urls: stored, onRemove }: ThumbnailsProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  const urls = useFileSrcs(stored);
  return (
    <>
      {urls.map((url, index) => (
        <div key={`${url}-${index}`} style={{ position: 'relative' }}>
          <Image
            src={url}
            width={THUMB_PX}
            height={THUMB_PX}
            preview={false}
            style={{ objectFit: 'cover', cursor: 'zoom-in', borderRadius: 4 }}
            onClick={() => setViewing(index)}
          />
          {onRemove ? (
            <CloseCircleFilled
              aria-label="移除图片"
              onClick={() => onRemove(index)}
              style={{ position: 'absolute', top: -6, right: -6, color: 'rgba(0,0,0,0.45)', cursor: 'pointer' }}
            />
          ) : null}
        </div>
      ))}
      <ImageViewer open={viewing !== null} urls={urls} index={viewing ?? 0} onClose={() => setViewing(null)} />
    </>
  );
}

export function PictureControl({ field, value, onChange, disabled, formCode, recordId }: ControlProps) {
  const [open, setOpen] = useState(false);
  const pictures = listOf<PictureValue>(value);
  const locked = disabled || Boolean(field.readonly);
  const room = field.max ? field.max - pictures.length : Infinity;

  function add(chosen: PictureValue[]) {
    const fresh = chosen.filter((p) => !pictures.some((q) => q.id === p.id));
    onChange?.([...pictures, ...fresh].slice(0, field.max || undefined));
    setOpen(false);
  }

  return (
    <Flex gap={8} wrap align="center">
      <Thumbnails urls={pictures.map((p) => p.url)} onRemove={locked ? undefined : (index) => onChange?.(pictures.filter((_, i) => i !== index))} />
      {locked || room <= 0 ? null : (
        <Button icon={<PictureOutlined />} onClick={() => setOpen(true)}>
          选择图片
        </Button>
      )}
      <PicturePicker
        open={open}
        max={Number.isFinite(room) ? room : 20}
        uploadParams={{ code: formCode, modelId: recordId }}
        onSelect={add}
        onClose={() => setOpen(false)}
      />
    </Flex>
  );
}

export function CoverControl({ field, value, onChange, disabled, formCode, recordId }: ControlProps) {
  const [open, setOpen] = useState(false);
  const url = textOf(value);
  const locked = disabled || Boolean(field.readonly);

  return (
    <Flex gap={8} wrap align="center">
      {url ? <Thumbnails urls={[url]} onRemove={locked ? undefined : () => onChange?.('')} /> : null}
      {locked ? null : (
        <Button icon={<PictureOutlined />} onClick={() => setOpen(true)}>
          {url ? '更换封面' : '选择封面'}
        </Button>
      )}
      <PicturePicker
        open={open}
        max={1}
        uploadParams={{ code: formCode, modelId: recordId }}
        onSelect={(chosen) => {
          onChange?.(chosen[0]?.url ?? '');
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </Flex>
  );
}
