/** 批量导出: exports the list's current filter in the background, with progress, then downloads the .xlsx. */
import { useEffect, useEffectEvent } from 'react';
import { Button, Modal, Progress, Result, Typography } from 'antd';
import type { RequestData } from '@portal/shared-core';
import { useExportJob, type ExportEndpoints } from './use-export-job';

export type ExportModalProps = {
  open: boolean;
  endpoints: ExportEndpoints;
  /** The list's current filter (what api/…/index gets). */
  query: RequestData;
  title?: string;
  fallbackName?: string;
  onClose: () => void;
};

export function ExportModal({ open, endpoints, query, title = '批量导出', fallbackName, onClose }: ExportModalProps) {
  const { state, start, reset } = useExportJob(endpoints, fallbackName);

  // Each opening exports the filter of that moment: a later filter change does not restart it, so the
  // filter is read in an effect event (not a dependency) and only `open` starts or resets the job.
  const onOpenChange = useEffectEvent((isOpen: boolean) => {
    if (isOpen) start(query);
    else reset();
  });
  useEffect(() => onOpenChange(open), [open]);

  const percent = state.phase === 'running' ? (state.total > 0 ? Math.floor((state.done / state.total) * 100) : 0) : state.phase === 'finished' ? 100 : 0;

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button autoInsertSpace={false} onClick={onClose}>
          {state.phase === 'running' || state.phase === 'idle' ? '取消' : '关闭'}
        </Button>
      }
    >
      {state.phase === 'finished' ? (
        <Result status="success" title="导出完成" subTitle={`共 ${state.total} 条，已下载 ${state.fileName}`} />
      ) : state.phase === 'failed' ? (
        <Result status="error" title="导出失败" />
      ) : (
        <>
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">
            {state.phase === 'running' ? `正在导出 ${state.done} / ${state.total} 条，完成后自动下载` : '正在准备导出…'}
          </Typography.Text>
        </>
      )}
    </Modal>
  );
}
