/**
 * 打印 on a record: the enabled 打印模板 of the record's type (基础设置 › 打印模板), filled with the
 * record's values and printed through the print helper. With one template it prints at once; with
 * several the button opens a menu of their names; with none it says where to add one.
 */
import { useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, type ButtonProps } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { printArea } from './print-area';
import { fillPrintTemplate, type PrintModule, type PrintTable } from './print-template';
import { enabledTemplatesQuery, templateContentQuery } from './print-template-api';

type PrintData = { values: Record<string, unknown>; tables?: Record<string, PrintTable> };

export type PrintRecordButtonProps = {
  module: PrintModule;
  /** The printout's title (the print dialog and the frame). */
  title: string;
  size?: ButtonProps['size'];
} & (
  | PrintData
  /** The record's values read when 打印 is clicked (a list row whose details the list does not carry). */
  | { load: () => Promise<PrintData>; values?: never; tables?: never }
);

export const MSG_NO_PRINT_TEMPLATE = '没有可用的打印模板，请在基础设置的打印模板中添加并启用';

async function printWith(queryClient: QueryClient, templateId: number, props: PrintRecordButtonProps): Promise<void> {
  const [content, { values, tables }] = await Promise.all([
    queryClient.fetchQuery(templateContentQuery(templateId)),
    'load' in props && props.load ? props.load() : Promise.resolve(props as PrintData),
  ]);
  const title = props.title;
  const sheet = document.createElement('div');
  sheet.className = 'print-sheet';
  sheet.innerHTML = fillPrintTemplate(content, values, tables);
  Object.assign(sheet.style, { position: 'fixed', left: '-10000px', top: '0', width: '794px' });
  document.body.appendChild(sheet);
  try {
    await printArea(sheet, title);
  } finally {
    sheet.remove();
  }
}

export function PrintRecordButton(props: PrintRecordButtonProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  /** Several templates are enabled: the button became a menu of their names. */
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const templates = useQuery({ ...enabledTemplatesQuery(props.module), enabled: choosing }).data ?? [];

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      const rows = await queryClient.fetchQuery(enabledTemplatesQuery(props.module));
      if (rows.length === 0) message.warning(MSG_NO_PRINT_TEMPLATE);
      else if (rows.length === 1) await printWith(queryClient, rows[0].id, props);
      else setChoosing(true);
    });

  if (choosing && templates.length > 1) {
    return (
      <Dropdown
        open
        onOpenChange={(open) => {
          if (!open) setChoosing(false);
        }}
        menu={{
          items: templates.map((t) => ({ key: String(t.id), label: t.name })),
          onClick: ({ key }) => {
            setChoosing(false);
            void run(() => printWith(queryClient, Number(key), props));
          },
        }}
      >
        <Button icon={<PrinterOutlined />} size={props.size} className="no-print">
          选择打印模板
        </Button>
      </Dropdown>
    );
  }
  return (
    <Button icon={<PrinterOutlined />} size={props.size} loading={busy} onClick={() => void start()} className="no-print">
      打印
    </Button>
  );
}
