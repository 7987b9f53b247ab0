/**
 * The upload widget of spec §2.6 and §4: files are chosen first (选择文件), listed with a per-file
 * removal confirmation (确定移除 {name}？), and sent only on 开始上传, each with its progress.
 * Single file by default (max 1: a new choice replaces the waiting one).
 */
import { useRef, useState } from 'react';
import { App, Button, Flex, Popconfirm, Progress, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { FILE_MAX_DEFAULT, useSessionStore } from '@portal/shared-core';
import type { FileRecord, UploadParams } from './file-types';
import { uploadFile } from './upload-transport';

export type UploadWidgetProps = {
  params: UploadParams;
  /** How many files may be chosen; default 1. */
  max?: number;
  accept?: string;
  /** Upload endpoint; default api/file/UploadFile. */
  url?: string;
  onUploaded?: (file: FileRecord) => void;
  disabled?: boolean;
};

type Status = 'waiting' | 'uploading' | 'done' | 'error';
type Item = { uid: string; file: File; percent: number; status: Status; error?: string };

export function UploadWidget({ params, max = FILE_MAX_DEFAULT, accept, url, onUploaded, disabled }: UploadWidgetProps) {
  const { message } = App.useApp();
  const userId = useSessionStore((s) => s.user?.UserID);
  const [items, setItems] = useState<Item[]>([]);
  const [running, setRunning] = useState(false);
  // The latest list, for the sequential upload loop (state updates land between awaits).
  const itemsRef = useRef(items);
  itemsRef.current = items;

  function update(uid: string, patch: Partial<Item>) {
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));
  }

  function handleChoose(file: File & { uid: string }) {
    const list = itemsRef.current;
    const item: Item = { uid: file.uid, file, percent: 0, status: 'waiting' };
    let next: Item[];
    if (max <= 1) {
      next = [...list.filter((i) => i.status === 'uploading'), item];
    } else {
      const kept = list.filter((i) => i.status !== 'error');
      if (kept.length >= max) message.warning(`最多上传${max}个文件`);
      next = kept.length >= max ? list : [...kept, item];
    }
    // Several files chosen at once arrive here one by one before React re-renders.
    itemsRef.current = next;
    setItems(next);
    return false; // uploads start on 开始上传, never on choice
  }

  async function handleStart() {
    setRunning(true);
    try {
      for (const item of itemsRef.current.filter((i) => i.status === 'waiting')) {
        update(item.uid, { status: 'uploading', percent: 0, error: undefined });
        const outcome = await uploadFile({
          file: item.file,
          url,
          params: { ...params, userid: params.userid ?? userId },
          onProgress: (percent) => update(item.uid, { percent }),
        });
        if (outcome.ok) {
          update(item.uid, { status: 'done', percent: 100 });
          onUploaded?.(outcome.file);
        } else {
          update(item.uid, { status: 'error', error: outcome.message });
          message.error(outcome.message);
        }
      }
    } finally {
      setRunning(false);
    }
  }

  const waiting = items.some((i) => i.status === 'waiting');

  return (
    <Flex vertical gap={8}>
      <Flex gap={8}>
        <Upload accept={accept} multiple={max > 1} showUploadList={false} beforeUpload={handleChoose} disabled={disabled || running}>
          <Button icon={<PaperClipOutlined />} disabled={disabled || running}>
            选择文件
          </Button>
        </Upload>
        <Button type="primary" icon={<UploadOutlined />} disabled={disabled || !waiting || running} loading={running} onClick={handleStart}>
          开始上传
        </Button>
      </Flex>
      {items.map((item) => (
        <Flex key={item.uid} vertical gap={2} data-testid="upload-item">
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text ellipsis>{item.file.name}</Typography.Text>
            <Popconfirm
              title={`确定移除 ${item.file.name}？`}
              disabled={item.status === 'uploading'}
              onConfirm={() => setItems((list) => list.filter((i) => i.uid !== item.uid))}
            >
              <Button type="text" size="small" aria-label="移除" icon={<DeleteOutlined />} disabled={item.status === 'uploading'} />
            </Popconfirm>
          </Flex>
          <Progress
            percent={item.percent}
            size="small"
            status={item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : item.status === 'uploading' ? 'active' : 'normal'}
          />
          {item.error ? <Typography.Text type="danger">{item.error}</Typography.Text> : null}
        </Flex>
      ))}
    </Flex>
  );
}
