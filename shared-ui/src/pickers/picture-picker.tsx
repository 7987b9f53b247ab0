/**
 * The picture picker of spec §2.6: tabs 本地上传 (upload) and 相册选择 (the user's album, a grid of
 * 4 columns, 20 per page), buttons 确定, 删除 (album pictures, after a confirmation) and 关闭.
 * Pictures uploaded in the first tab are chosen at once.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Pagination, Popconfirm, Spin, Tabs, Typography } from 'antd';
import { StoredImage } from '../widgets/stored-file';
import { CheckCircleFilled } from '@ant-design/icons';
import { ALBUM_PAGE_SIZE, isApiError, MESSAGES, PICTURE_GRID_COLUMNS } from '@portal/shared-core';
import { UploadWidget } from '../widgets/upload-widget';
import type { FileRecord, UploadParams } from '../widgets/file-types';
import { directoryKeys } from '../query/query-keys';
import { deleteAlbumPicture, listAlbum } from './directory-api';
import type { AlbumPicture, PictureValue } from './directory-types';

/** Album names longer than 12 characters are cut to 12 plus two dots (spec §2.6). */
export const ALBUM_NAME_MAX = 12;
export function shortPictureName(name: string): string {
  const chars = Array.from(name ?? '');
  return chars.length > ALBUM_NAME_MAX ? `${chars.slice(0, ALBUM_NAME_MAX).join('')}..` : name;
}

export type PicturePickerProps = {
  open: boolean;
  /** How many pictures may be chosen; 1 replaces the choice. */
  max?: number;
  uploadParams?: UploadParams;
  onSelect: (pictures: PictureValue[]) => void;
  onClose: () => void;
};

type Tab = 'upload' | 'album';

export function PicturePicker({ open, max = 1, uploadParams = {}, onSelect, onClose }: PicturePickerProps) {
  const { message } = App.useApp();
  const [tab, setTab] = useState<Tab>('upload');
  const [chosen, setChosen] = useState<PictureValue[]>([]);
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  // A failure shows the server's msg (the client does) and leaves the grid empty.
  const albumQuery = useQuery({
    queryKey: directoryKeys.album({ page, rows: ALBUM_PAGE_SIZE }),
    queryFn: () => listAlbum(page, ALBUM_PAGE_SIZE),
    enabled: open && tab === 'album',
    placeholderData: keepPreviousData,
  });
  const album = albumQuery.data ?? { rows: [], total: 0 };
  const loading = albumQuery.isFetching;
  const refreshAlbum = () => queryClient.invalidateQueries({ queryKey: directoryKeys.albums() });

  useEffect(() => {
    if (open) {
      setChosen([]);
      setTab('upload');
      setPage(1);
    }
  }, [open]);

  function choose(picture: PictureValue) {
    setChosen((list) => {
      if (list.some((p) => p.id === picture.id)) return list.filter((p) => p.id !== picture.id);
      if (max <= 1) return [picture];
      return list.length >= max ? list : [...list, picture];
    });
  }

  function handleUploaded(file: FileRecord) {
    void refreshAlbum();
    choose({ id: file.id, url: file.url, filename: file.filename || file.FileName });
  }

  async function handleDelete() {
    const albumIds = new Set(album.rows.map((p) => p.id));
    const doomed = chosen.filter((p) => albumIds.has(p.id));
    if (doomed.length === 0) {
      message.warning(MESSAGES.selectRequired);
      return;
    }
    for (const picture of doomed) {
      try {
        const reply = await deleteAlbumPicture(picture.id);
        message.success(reply.msg || MESSAGES.deleted);
      } catch (error) {
        message.error(isApiError(error) ? error.message : MESSAGES.responseFailed);
      }
    }
    setChosen((list) => list.filter((p) => !doomed.some((d) => d.id === p.id)));
    void refreshAlbum();
  }

  function handleConfirm() {
    if (chosen.length === 0) {
      message.warning(MESSAGES.selectRequired);
      return;
    }
    onSelect(chosen);
  }

  const footer = [
    <Button key="ok" type="primary" autoInsertSpace={false} onClick={handleConfirm}>
      确定
    </Button>,
    tab === 'album' ? (
      <Popconfirm key="delete" title={MESSAGES.confirmDelete} onConfirm={handleDelete}>
        <Button danger autoInsertSpace={false}>
          删除
        </Button>
      </Popconfirm>
    ) : null,
    <Button key="close" autoInsertSpace={false} onClick={onClose}>
      关闭
    </Button>,
  ];

  return (
    <Modal open={open} title="选择图片" width={760} onCancel={onClose} footer={footer} destroyOnHidden>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'upload',
            label: '本地上传',
            children: <UploadWidget params={uploadParams} accept="image/*" max={max} onUploaded={handleUploaded} />,
          },
          {
            key: 'album',
            label: '相册选择',
            children: (
              <Spin spinning={loading}>
                {album.rows.length === 0 ? (
                  <Empty />
                ) : (
                  <div style={{ display: 'grid', gridTemplateColumns: `repeat(${PICTURE_GRID_COLUMNS}, 1fr)`, gap: 12 }}>
                    {album.rows.map((picture) => (
                      <AlbumCell
                        key={picture.id}
                        picture={picture}
                        chosen={chosen.some((p) => p.id === picture.id)}
                        onClick={() => choose({ id: picture.id, url: picture.url, filename: picture.filename })}
                      />
                    ))}
                  </div>
                )}
                <Pagination
                  style={{ marginTop: 12 }}
                  align="end"
                  size="small"
                  current={page}
                  pageSize={ALBUM_PAGE_SIZE}
                  total={album.total}
                  showSizeChanger={false}
                  hideOnSinglePage
                  onChange={setPage}
                />
              </Spin>
            ),
          },
        ]}
      />
    </Modal>
  );
}

function AlbumCell({ picture, chosen, onClick }: { picture: AlbumPicture; chosen: boolean; onClick: () => void }) {
  return (
    <div
      role="button"
      aria-pressed={chosen}
      tabIndex={0}
      title={picture.filename}
      onClick={onClick}
      onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && onClick()}
      style={{
        position: 'relative',
        cursor: 'pointer',
        border: `2px solid ${chosen ? '#1677ff' : '#f0f0f0'}`,
        borderRadius: 6,
        padding: 4,
        textAlign: 'center',
      }}
    >
      <StoredImage src={picture.url} alt={picture.filename} height={100} preview={false} style={{ objectFit: 'cover', maxWidth: '100%' }} />
      <Typography.Text style={{ display: 'block', fontSize: 12 }}>{shortPictureName(picture.filename)}</Typography.Text>
      {chosen ? <CheckCircleFilled style={{ position: 'absolute', top: 6, right: 6, color: '#1677ff' }} /> : null}
    </div>
  );
}
