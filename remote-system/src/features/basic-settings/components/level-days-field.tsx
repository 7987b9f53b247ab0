/**
 * 基础设置 › 公海规则: each 客户级别 (dictionary kehu_level) may have its own no-follow-up recycle days;
 * blank means the general 未跟进回收天数. A controlled Form control: value level → days.
 */
import { InputNumber, Space, Typography } from 'antd';

export type LevelDays = Record<string, number>;
export type LevelOption = { value: string; name: string };

/** Same bound as the server (settings.service LEVEL_DAYS_MAX). */
export const LEVEL_DAYS_MAX = 3650;

type Props = { levels: LevelOption[]; generalDays?: number; value?: LevelDays; onChange?: (next: LevelDays) => void; disabled?: boolean };

export function LevelDaysField({ levels, generalDays, value = {}, onChange, disabled }: Props) {
  if (levels.length === 0) return <Typography.Text type="secondary">数据字典中没有客户级别</Typography.Text>;
  const set = (level: string, days: number | null) => {
    const next = { ...value };
    if (days === null || days === undefined) delete next[level];
    else next[level] = days;
    onChange?.(next);
  };
  return (
    <Space wrap size={[12, 8]}>
      {levels.map((l) => (
        <InputNumber
          key={l.value}
          aria-label={`客户级别${l.name}未跟进回收天数`}
          prefix={`${l.name}：`}
          suffix="天"
          min={1}
          max={LEVEL_DAYS_MAX}
          precision={0}
          disabled={disabled}
          placeholder={generalDays === undefined ? '通用' : `通用${generalDays}`}
          value={value[l.value] ?? null}
          onChange={(days) => set(l.value, typeof days === 'number' ? days : null)}
          style={{ width: 170 }}
        />
      ))}
    </Space>
  );
}

/** What the save call sends: the filled levels as a JSON object (the whole map replaces the stored one). */
export function levelDaysPayload(value: LevelDays | undefined): string {
  const out: LevelDays = {};
  for (const [level, days] of Object.entries(value ?? {})) if (typeof days === 'number') out[level] = days;
  return JSON.stringify(out);
}
