/**
 * file: uploaded files [{id, FileName, url, format, size, userid, username, addTime}], sent with
 * the form's code and record id; at most the field's max (default 1). Removing a file here only
 * takes it out of the record.
 */
import { useRef } from 'react';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { FILE_MAX_DEFAULT, formatFileSize } from '@portal/shared-core';
import type { FileRecord } from '../../../widgets/file-types';
import { StoredFileLink } from '../../../widgets/stored-file';
import { UploadWidget } from '../../../widgets/upload-widget';
import type { ControlProps } from '../../types';
import { listOf } from './control-values';

export function FileControl({ field, value, onChange, disabled, formCode, recordId }: ControlProps) {
  const files = listOf<FileRecord>(value);
  const max = field.max || FILE_MAX_DEFAULT;
  const locked = disabled || Boolean(field.readonly);
  // Several uploads finish one after another within one render's callbacks: append to the latest list.
  const latest = useRef(files);
  latest.current = files;

  function add(file: FileRecord) {
    const { id, FileName, filename, url, format, size, userid, username, addTime } = file;
    const next = [...latest.current, { id, FileName: FileName || filename || '', url, format, size, userid, username, addTime }];
    latest.current = next;
    onChange?.(next);
  }

  return (
    <Flex vertical gap={6}>
      {files.map((file) => (
        <Flex key={file.id} gap={8} align="center">
          <PaperClipOutlined />
          <StoredFileLink href={file.url}>{file.FileName}</StoredFileLink>
          <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>
          {locked ? null : (
            <Popconfirm title={`确定移除 ${file.FileName}？`} onConfirm={() => onChange?.(files.filter((f) => f.id !== file.id))}>
              <Button type="text" size="small" aria-label="移除附件" icon={<DeleteOutlined />} />
            </Popconfirm>
          )}
        </Flex>
      ))}
      {locked || files.length >= max ? null : <UploadWidget params={{ code: formCode, modelId: recordId }} max={max - files.length} onUploaded={add} />}
    </Flex>
  );
}
