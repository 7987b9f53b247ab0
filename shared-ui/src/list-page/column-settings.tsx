/** 列设置: a popover of checkboxes choosing which of the list's columns are shown (at least one). */
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';

export type ColumnOption = { key: string; label: string };

export type ColumnChoice = {
  /** The columns the user may show or hide; columns not listed are always shown. */
  options: readonly ColumnOption[];
  /** Keys of the options shown now. */
  shown: readonly string[];
  onChange: (shown: string[]) => void;
};

export function ColumnSettings({ options, shown, onChange }: ColumnChoice) {
  const content = (
    <Flex vertical gap={6} style={{ maxHeight: 360, overflow: 'auto', minWidth: 160 }}>
      <Typography.Text type="secondary">选择要显示的列</Typography.Text>
      {options.map((option) => {
        const checked = shown.includes(option.key);
        return (
          <Checkbox
            key={option.key}
            checked={checked}
            // The last shown column stays: a list without columns shows nothing.
            disabled={checked && shown.length === 1}
            onChange={(event) =>
              onChange(
                event.target.checked ? options.map((o) => o.key).filter((k) => k === option.key || shown.includes(k)) : shown.filter((k) => k !== option.key),
              )
            }
          >
            {option.label}
          </Checkbox>
        );
      })}
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<SettingOutlined />} autoInsertSpace={false}>
        列设置
      </Button>
    </Popover>
  );
}
