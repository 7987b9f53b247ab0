/**
 * The attachment list of spec §2.6: name, size, format, uploader and time; a delete link only on
 * the current user's own uploads (spec §5, §6), and 新建附件 opening the upload widget.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Popconfirm, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { fileKeys, formatFileSize, isApiError, MESSAGES, useSessionStore } from '@portal/shared-core';
import type { FileListQuery, FileRecord, UploadParams } from './file-types';
import { deleteFile, listFiles } from './files-api';
import { UploadWidget } from './upload-widget';

export type AttachmentListProps = {
  /** Which files: by form code, picture type and record id. */
  query: FileListQuery;
  /** Extra upload parameters (userType, categoryid…); the query's values are sent too. */
  uploadParams?: UploadParams;
  /** Files per upload; default 1. */
  max?: number;
  /** Hides 新建附件. */
  readOnly?: boolean;
  /** Told the number of files after every load (tab counts). */
  onCountChange?: (count: number) => void;
};

export function AttachmentList({ query, uploadParams, max, readOnly, onCountChange }: AttachmentListProps) {
  const { message } = App.useApp();
  const currentUserId = useSessionStore((s) => s.user?.UserID);
  const [uploading, setUploading] = useState(false);
  const queryClient = useQueryClient();
  const filesQuery = useQuery({
    queryKey: fileKeys.list(query),
    queryFn: () =>
      // The list call is silent; its failure is reported here, once per load (spec §8: 响应失败).
      listFiles(query).catch((error: unknown) => {
        message.error(MESSAGES.responseFailed);
        throw error;
      }),
  });
  const files = filesQuery.data?.rows ?? [];
  const total = filesQuery.data?.total;
  const refresh = () => queryClient.invalidateQueries({ queryKey: fileKeys.all });

  // Tell the tab its count after every load (the detail panel's 附件 (n)).
  useEffect(() => {
    if (total !== undefined) onCountChange?.(total);
  }, [total, onCountChange]);

  const remove = useMutation({
    mutationFn: deleteFile,
    onSuccess: () => {
      message.success(MESSAGES.deleted);
      return refresh();
    },
    onError: (error) => message.error(isApiError(error) ? error.message : MESSAGES.responseFailed),
  });

  function handleDelete(file: FileRecord) {
    remove.mutate(file.id);
  }

  const columns: TableColumnsType<FileRecord> = [
    {
      title: '文件名',
      dataIndex: 'FileName',
      render: (name: string, file) => (
        <a href={file.signedUrl ?? file.url} target="_blank" rel="noreferrer">
          {name || file.filename}
        </a>
      ),
    },
    { title: '大小', dataIndex: 'size', render: (size: number) => formatFileSize(size) },
    { title: '格式', dataIndex: 'format' },
    { title: '上传人', dataIndex: 'username' },
    { title: '上传时间', dataIndex: 'addTime' },
    {
      title: '操作',
      key: 'actions',
      render: (_, file) =>
        currentUserId !== undefined && Number(file.userid) === Number(currentUserId) ? (
          <Popconfirm title={MESSAGES.confirmDeleteFile} onConfirm={() => handleDelete(file)}>
            <Button type="link" size="small" danger autoInsertSpace={false}>
              删除
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={8}>
      {readOnly ? null : (
        <Flex justify="flex-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)}>
            新建附件
          </Button>
        </Flex>
      )}
      <Table<FileRecord> rowKey="id" size="small" columns={columns} dataSource={files} loading={filesQuery.isFetching} pagination={false} />
      <Modal open={uploading} title="新建附件" footer={null} onCancel={() => setUploading(false)} destroyOnHidden>
        <UploadWidget params={{ ...query, ...uploadParams }} max={max} onUploaded={() => void refresh()} />
      </Modal>
    </Flex>
  );
}
