/**
 * 批量导入: a wizard over the list's import endpoints. 上传文件 (.xlsx, manual upload) → 字段对应 (each
 * sheet column to a field, suggested by title) → 检查数据 (a dry run: the rejected rows with their
 * row number and reason, downloadable) → 确认导入 (the valid rows in one transaction) → 完成.
 * Nothing is written before 确认导入. With `duplicateChoice` (the 公海 import) the report step asks what
 * to do with rows duplicating existing customers (跳过 / 导入为新客户; the dry run re-runs on a change)
 * and lists every row's outcome. With a `template` endpoint the first step offers 下载模板; `renderResult`
 * adds what a list's import answers besides the counts to the last step (the staff import's generated
 * passwords, shown once).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Modal, Radio, Result, Select, Space, Steps, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { downloadRejectedRows, downloadTemplate, dryRunImport, runImport, uploadSheet, type ImportEndpoints } from './import-api';
import type { ColumnMapping, DryRunReport, DuplicateChoice, ImportPreview, ImportResult, PlannedRow, RejectedRow } from './import-types';

export type ImportWizardProps = {
  open: boolean;
  endpoints: ImportEndpoints;
  /** Modal title; default 批量导入. */
  title?: string;
  onClose: () => void;
  /** After a successful import (the list reloads). */
  onImported?: (result: ImportResult) => void;
  /** Offer 跳过 / 导入为新客户 for rows duplicating existing records (sent as `duplicates`). */
  duplicateChoice?: boolean;
  /** More of the import's answer on the 完成 step. */
  renderResult?: (result: ImportResult) => ReactNode;
  /** Rows one file may hold (the server's limit for this list; default 10000). */
  maxRows?: number;
};

const STEP_TITLES = ['上传文件', '字段对应', '检查数据', '完成'];
export const MSG_ONLY_XLSX = '只支持导入 .xlsx 格式的Excel文件';

export function ImportWizard({ open, title = '批量导入', onClose, ...rest }: ImportWizardProps) {
  return (
    <Modal open={open} title={title} width={880} footer={null} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      <ImportSteps onClose={onClose} {...rest} />
    </Modal>
  );
}

/** Column index → field key, the way the mapping step shows it. */
type ColumnFields = Record<number, string | undefined>;

function toColumnFields(mapping: ColumnMapping): ColumnFields {
  return Object.fromEntries(Object.entries(mapping).map(([field, column]) => [column, field]));
}

function toMapping(columns: ColumnFields): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const [column, field] of Object.entries(columns)) if (field) mapping[field] = Number(column);
  return mapping;
}

function ImportSteps({ endpoints, onClose, onImported, duplicateChoice, renderResult, maxRows = 10_000 }: Omit<ImportWizardProps, 'open' | 'title'>) {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [columns, setColumns] = useState<ColumnFields>({});
  const [report, setReport] = useState<DryRunReport | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const choice = (value: DuplicateChoice) => (duplicateChoice ? value : undefined);

  async function busyWhile(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch {
      // The API client (or the upload) has shown the reason; the wizard stays on its step.
    } finally {
      setBusy(false);
    }
  }

  function handleUpload() {
    if (!file) return;
    void busyWhile(async () => {
      try {
        const answer = await uploadSheet(endpoints.preview, file);
        setPreview(answer);
        setColumns(toColumnFields(answer.suggestedMapping));
        setStep(1);
      } catch (error) {
        message.error(error instanceof Error ? error.message : String(error));
        throw error;
      }
    });
  }

  function handleDryRun() {
    if (!preview) return;
    const mapping = toMapping(columns);
    const missing = preview.fields.find((f) => f.required && mapping[f.key] === undefined);
    if (missing) {
      message.warning(`请为“${missing.title}”选择对应的列`);
      return;
    }
    void busyWhile(async () => {
      setReport(await dryRunImport(endpoints.dryRun, preview.token, mapping, choice(duplicates)));
      setStep(2);
    });
  }

  function handleDuplicates(next: DuplicateChoice) {
    if (!preview) return;
    setDuplicates(next);
    void busyWhile(async () => {
      setReport(await dryRunImport(endpoints.dryRun, preview.token, toMapping(columns), next));
    });
  }

  function handleImport() {
    if (!preview) return;
    void busyWhile(async () => {
      const done = await runImport(endpoints.run, preview.token, toMapping(columns), choice(duplicates));
      setResult(done);
      setStep(3);
      onImported?.(done);
    });
  }

  function handleDownloadTemplate() {
    if (!endpoints.template) return;
    void busyWhile(async () => {
      await downloadTemplate(endpoints.template as string);
    });
  }

  function handleDownloadRejected() {
    if (!preview || !endpoints.rejected) return;
    void busyWhile(async () => {
      await downloadRejectedRows(endpoints.rejected as string, preview.token);
    });
  }

  return (
    <Flex vertical gap={16}>
      <Steps size="small" current={step} items={STEP_TITLES.map((t) => ({ title: t }))} />
      {step === 0 ? (
        <UploadStep
          file={file}
          onFile={setFile}
          busy={busy}
          onNext={handleUpload}
          onCancel={onClose}
          onTemplate={endpoints.template ? handleDownloadTemplate : undefined}
          maxRows={maxRows}
        />
      ) : null}
      {step === 1 && preview ? (
        <MappingStep preview={preview} columns={columns} onChange={setColumns} busy={busy} onBack={() => setStep(0)} onNext={handleDryRun} />
      ) : null}
      {step === 2 && preview && report ? (
        <ReportStep
          preview={preview}
          report={report}
          busy={busy}
          canDownload={Boolean(endpoints.rejected)}
          onDownload={handleDownloadRejected}
          onBack={() => setStep(1)}
          onConfirm={handleImport}
          duplicates={duplicateChoice ? { value: duplicates, onChange: handleDuplicates } : undefined}
        />
      ) : null}
      {step === 3 && result ? (
        <>
          <Result
            status="success"
            title="导入完成"
            subTitle={
              result.skipped
                ? `成功导入 ${result.imported} 条，跳过 ${result.skipped} 条，未导入 ${result.rejected} 条`
                : `成功导入 ${result.imported} 条，未导入 ${result.rejected} 条`
            }
            extra={
              <Button type="primary" autoInsertSpace={false} onClick={onClose}>
                完成
              </Button>
            }
          />
          {renderResult?.(result)}
        </>
      ) : null}
    </Flex>
  );
}

function StepButtons({ children }: { children: ReactNode }) {
  return (
    <Flex justify="flex-end">
      <Space>{children}</Space>
    </Flex>
  );
}

function UploadStep(props: {
  file: File | null;
  onFile: (file: File | null) => void;
  busy: boolean;
  onNext: () => void;
  onCancel: () => void;
  onTemplate?: () => void;
  maxRows: number;
}) {
  const { message } = App.useApp();
  return (
    <>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        fileList={props.file ? [{ uid: '1', name: props.file.name, status: 'done' }] : []}
        beforeUpload={(file) => {
          if (!/\.xlsx$/i.test(file.name)) message.error(MSG_ONLY_XLSX);
          else props.onFile(file);
          return false;
        }}
        onRemove={() => props.onFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽 .xlsx 文件到这里</p>
        <p className="ant-upload-hint">第一行为表头；单次最多导入{props.maxRows}行，文件不超过5MB</p>
      </Upload.Dragger>
      <StepButtons>
        {props.onTemplate ? (
          <Button autoInsertSpace={false} onClick={props.onTemplate} disabled={props.busy}>
            下载模板
          </Button>
        ) : null}
        <Button autoInsertSpace={false} onClick={props.onCancel}>
          取消
        </Button>
        <Button type="primary" autoInsertSpace={false} disabled={!props.file} loading={props.busy} onClick={props.onNext}>
          下一步
        </Button>
      </StepButtons>
    </>
  );
}

type MappingRow = { index: number; header: string; sample: string };

function MappingStep(props: {
  preview: ImportPreview;
  columns: ColumnFields;
  onChange: (columns: ColumnFields) => void;
  busy: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const { preview, columns, onChange } = props;
  const rows: MappingRow[] = preview.headers.map((header, index) => ({
    index,
    header,
    sample: preview.sampleRows.map((r) => r[index]).find((v) => v) ?? '',
  }));
  const used = new Set(Object.values(columns).filter(Boolean));
  const tableColumns: TableColumnsType<MappingRow> = [
    { title: '表格列', dataIndex: 'header', width: 200 },
    { title: '示例数据', dataIndex: 'sample', ellipsis: true },
    {
      title: '对应字段',
      key: 'field',
      width: 240,
      render: (_, row) => (
        <Select<string>
          aria-label={`${row.header} 对应字段`}
          allowClear
          placeholder="不导入"
          style={{ width: '100%' }}
          value={columns[row.index]}
          options={preview.fields.map((f) => ({
            value: f.key,
            label: f.required ? `${f.title}（必填）` : f.title,
            disabled: used.has(f.key) && columns[row.index] !== f.key,
          }))}
          onChange={(field) => onChange({ ...columns, [row.index]: field })}
        />
      ),
    },
  ];
  return (
    <>
      <Typography.Text>
        文件 {preview.fileName} 共 {preview.total} 行数据，请为每一列选择对应的字段（已按列名自动匹配）。
      </Typography.Text>
      <Table<MappingRow> rowKey="index" size="small" columns={tableColumns} dataSource={rows} pagination={false} scroll={{ y: 360 }} />
      <StepButtons>
        <Button autoInsertSpace={false} onClick={props.onBack}>
          上一步
        </Button>
        <Button type="primary" autoInsertSpace={false} loading={props.busy} onClick={props.onNext}>
          检查数据
        </Button>
      </StepButtons>
    </>
  );
}

const OUTCOMES: Record<PlannedRow['outcome'], { label: string; colour: string }> = {
  import: { label: '导入', colour: 'green' },
  skip: { label: '跳过', colour: 'orange' },
  reject: { label: '不通过', colour: 'red' },
};

/** Every row's outcome (the dry run's plan). */
const PLAN_COLUMNS: TableColumnsType<PlannedRow> = [
  { title: '行号', dataIndex: 'row', width: 70 },
  { title: '结果', dataIndex: 'outcome', width: 90, render: (o: PlannedRow['outcome']) => <Tag color={OUTCOMES[o].colour}>{OUTCOMES[o].label}</Tag> },
  { title: '说明', dataIndex: 'note' },
];

function ReportStep(props: {
  preview: ImportPreview;
  report: DryRunReport;
  busy: boolean;
  canDownload: boolean;
  onDownload: () => void;
  onBack: () => void;
  onConfirm: () => void;
  duplicates?: { value: DuplicateChoice; onChange: (next: DuplicateChoice) => void };
}) {
  const { preview, report, duplicates } = props;
  const rejectedColumns = useMemo<TableColumnsType<RejectedRow>>(
    () => [
      { title: '行号', dataIndex: 'row', width: 70, fixed: 'left' },
      {
        title: '错误原因',
        dataIndex: 'reason',
        width: 220,
        fixed: 'left',
        render: (reason: string) => <Typography.Text type="danger">{reason}</Typography.Text>,
      },
      ...preview.headers.map((header, i) => ({
        title: header,
        key: `c${i}`,
        width: 140,
        ellipsis: true,
        render: (_: unknown, r: RejectedRow) => r.values[i] ?? '',
      })),
    ],
    [preview.headers],
  );
  const rejected = report.rejected.length;
  const skipped = report.skipped?.length ?? 0;
  return (
    <>
      {duplicates ? (
        <Flex gap={8} align="center" wrap>
          <Typography.Text>与已有客户重复的行（客户名称或手机号码相同）：</Typography.Text>
          <Radio.Group
            aria-label="重复客户的处理方式"
            value={duplicates.value}
            disabled={props.busy}
            onChange={(e) => duplicates.onChange(e.target.value as DuplicateChoice)}
            options={[
              { value: 'skip', label: '跳过' },
              { value: 'new', label: '导入为新客户' },
            ]}
          />
          <Typography.Text type="secondary">黑名单中的客户名称或手机号码总是不导入</Typography.Text>
        </Flex>
      ) : null}
      <Alert
        type={rejected + skipped > 0 ? 'warning' : 'success'}
        showIcon
        title={
          skipped > 0
            ? `共 ${report.total} 行，可导入 ${report.valid} 行，跳过 ${skipped} 行，未通过 ${rejected} 行`
            : `共 ${report.total} 行，可导入 ${report.valid} 行，未通过 ${rejected} 行`
        }
        description={
          report.valid > 0
            ? `确认导入后，可导入的 ${report.valid} 行一次全部导入（其中任何一行失败则都不导入）；未通过的行不会导入。`
            : '没有可导入的数据，请修改文件后重新上传。'
        }
      />
      {report.plan ? (
        <Table<PlannedRow>
          rowKey="row"
          size="small"
          columns={PLAN_COLUMNS}
          dataSource={report.plan}
          scroll={{ y: 300 }}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        />
      ) : rejected > 0 ? (
        <Table<RejectedRow>
          rowKey="row"
          size="small"
          columns={rejectedColumns}
          dataSource={report.rejected}
          scroll={{ x: 'max-content', y: 300 }}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        />
      ) : null}
      <StepButtons>
        {rejected + skipped > 0 && props.canDownload ? (
          <Button autoInsertSpace={false} onClick={props.onDownload} disabled={props.busy}>
            {skipped > 0 ? '下载未导入的行' : '下载未通过的行'}
          </Button>
        ) : null}
        <Button autoInsertSpace={false} onClick={props.onBack} disabled={props.busy}>
          上一步
        </Button>
        <Button type="primary" autoInsertSpace={false} disabled={report.valid === 0} loading={props.busy} onClick={props.onConfirm}>
          确认导入
        </Button>
      </StepButtons>
    </>
  );
}
