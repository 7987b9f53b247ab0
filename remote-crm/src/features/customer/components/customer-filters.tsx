/** The list's extra filters: entered in the last 7/30/90 days and customer level inline; deal state in the 筛选 popover. */
import { Flex, Radio, Select, Typography } from 'antd';
import type { FilterTag } from '@portal/shared-ui';
import { CUSTOMER_LEVELS, DEAL_STATES, QUICK_DAY_OPTIONS } from '../constants';
import type { CustomerFilters as Filters, CustomerLevel, QuickDays } from '../types';

const ANY_TIME = 0;
const ANY_STATE = 0;

type FiltersProps = { filters: Filters; onChange: (filters: Filters) => void };

export function CustomerFilters({ filters, onChange }: FiltersProps) {
  return (
    <>
      <Radio.Group
        optionType="button"
        value={filters.days ?? ANY_TIME}
        options={[{ value: ANY_TIME, label: '全部时间' }, ...QUICK_DAY_OPTIONS]}
        onChange={(event) => onChange({ ...filters, days: event.target.value === ANY_TIME ? undefined : (event.target.value as QuickDays) })}
      />
      <Select<CustomerLevel>
        aria-label="客户级别"
        placeholder="客户级别"
        allowClear
        style={{ width: 120 }}
        options={CUSTOMER_LEVELS}
        value={filters.level}
        onChange={(level) => onChange({ ...filters, level })}
      />
    </>
  );
}

/** Content of the 筛选 popover. */
export function CustomerFilterPopover({ filters, onChange }: FiltersProps) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">成交状态</Typography.Text>
      <Radio.Group
        aria-label="成交状态"
        value={filters.clue ?? ANY_STATE}
        options={[{ value: ANY_STATE, label: '全部' }, ...DEAL_STATES]}
        onChange={(event) => onChange({ ...filters, clue: event.target.value === ANY_STATE ? undefined : (event.target.value as number) })}
      />
    </Flex>
  );
}

/** Tags of the filters above that are in force (the advanced-search and department tags come from the list page). */
export function customerFilterTags({ filters, onChange }: FiltersProps): FilterTag[] {
  const tags: FilterTag[] = [];
  if (filters.days) tags.push({ key: 'days', label: `近${filters.days}天`, onClose: () => onChange({ ...filters, days: undefined }) });
  const deal = DEAL_STATES.find((s) => s.value === filters.clue);
  if (deal) tags.push({ key: 'clue', label: `成交状态：${deal.label}`, onClose: () => onChange({ ...filters, clue: undefined }) });
  return tags;
}
