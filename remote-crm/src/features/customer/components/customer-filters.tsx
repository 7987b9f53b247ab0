/** The list's extra filters: entered in the last 7/30/90 days, and customer level. */
import { Radio, Select } from 'antd';
import { CUSTOMER_LEVELS, QUICK_DAY_OPTIONS } from '../constants';
import type { CustomerFilters as Filters, CustomerLevel, QuickDays } from '../types';

const ANY_TIME = 0;

export function CustomerFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
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
