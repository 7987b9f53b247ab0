/**
 * The property panel of the selected field: the spec §3 properties that apply to its control type
 * (control-catalogue.ts), its flags (停用, 录入时隐藏) and its linkage rules.
 */
import { memo, useMemo, type ReactNode } from 'react';
import { Alert, Button, Input, InputNumber, Select, Space, Switch } from 'antd';
import { LINKAGE_EFFECT_LABELS, type FieldDefinition, type FieldOption, type LinkageRule } from '@portal/shared-ui';
import { controlLabel, controlSpec, type PropKey } from '../model/control-catalogue';
import type { DesignField } from '../model/designer-model';

export type PropertyPanelProps = {
  field: DesignField | undefined;
  fields: readonly DesignField[];
  error?: string;
  onChange: (patch: Partial<FieldDefinition>) => void;
  onFlags: (flags: { status?: number; isshow?: number }) => void;
};

/** A labelled property (a plain label: dozens of antd Form.Items per selection made every keystroke slow). */
function Prop({ id, label, children, help }: { id: string; label: string; children: ReactNode; help?: string }) {
  return (
    <div style={{ marginBottom: 12 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      {children}
      {help ? <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, marginTop: 2 }}>{help}</div> : null}
    </div>
  );
}

const TEXT_PROPS: Partial<Record<PropKey | 'title', { label: string; help?: string }>> = {
  title: { label: '标题' },
  field: { label: '字段名', help: '字母、数字和下划线，不以数字开头；表单内唯一' },
  field2: { label: '显示字段名', help: '保存选中项名称的字段' },
  message: { label: '必填提示' },
  placeholder: { label: '占位提示' },
  url: { label: '数据地址', help: '本系统接口，如 api/customer/index' },
  params: { label: '请求参数', help: 'JSON 对象文本' },
  parent: { label: '上级字段' },
  parentParams: { label: '上级参数映射', help: 'JSON 对象文本，如 {"parentid":"$parent"}' },
  loadFilter: { label: '数据路径', help: '如 data.rows' },
  optionText: { label: '选项文本键' },
  optionValue: { label: '选项值键' },
  active: { label: '开启值' },
  inactive: { label: '关闭值' },
};

const NUMBER_PROPS: Partial<Record<PropKey, { label: string; min: number; max: number }>> = {
  column: { label: '占列数', min: 1, max: 4 },
  max: { label: '最大数量/长度', min: 0, max: 100000 },
  multipleLimit: { label: '最多可选', min: 0, max: 1000 },
  rows: { label: '行数', min: 1, max: 50 },
  height: { label: '高度', min: 0, max: 5000 },
};

const FLAG_PROPS: Partial<Record<PropKey, string>> = { required: '必填', disabled: '禁用', readonly: '只读', multiple: '多选', remote: '远程搜索' };

function OptionsEditor({ options, onChange }: { options: FieldOption[]; onChange: (next: FieldOption[]) => void }) {
  const set = (i: number, patch: Partial<FieldOption>) => onChange(options.map((o, n) => (n === i ? { ...o, ...patch } : o)));
  return (
    <div data-testid="options-editor">
      {options.map((o, i) => (
        <Space.Compact key={i} style={{ display: 'flex', marginBottom: 4 }}>
          <Input aria-label={`选项${i + 1}名称`} value={o.label} onChange={(e) => set(i, { label: e.target.value })} placeholder="名称" />
          <Input aria-label={`选项${i + 1}值`} value={String(o.value)} onChange={(e) => set(i, { value: e.target.value })} placeholder="值" />
          <Button aria-label={`删除选项${i + 1}`} onClick={() => onChange(options.filter((_, n) => n !== i))}>
            ×
          </Button>
        </Space.Compact>
      ))}
      <Button size="small" onClick={() => onChange([...options, { label: `选项${options.length + 1}`, value: String(options.length + 1) }])}>
        添加选项
      </Button>
    </div>
  );
}

/** A field a rule can depend on, with its options when it has them (the values are then picked, not typed). */
type FieldChoice = { label: string; value: string; type?: string; options?: { label: string; value: string }[] };

/**
 * A rule naming another field of the form (issue #31): a date's 开始字段 (it may not be earlier) and
 * a 明细表格's 金额合计字段 (its rows get a 金额 adding up to that number field). The server checks
 * the same (record-validation.ts checkFieldRelations).
 */
const FIELD_REFS: { key: 'notBefore' | 'totalField'; label: string; help: string; on: string[]; of: string[] }[] = [
  { key: 'notBefore', label: '开始字段（不能早于）', help: '如结束日期不能早于开始日期', on: ['date', 'datetime'], of: ['date', 'datetime'] },
  { key: 'totalField', label: '金额合计字段', help: '每行增加金额，各行金额之和须等于该数字字段', on: ['tablelist'], of: ['number'] },
];

const FieldRefEditor = memo(function FieldRefEditor({
  def,
  others,
  onChange,
}: {
  def: FieldDefinition;
  others: FieldChoice[];
  onChange: (patch: Partial<FieldDefinition>) => void;
}) {
  return (
    <>
      {FIELD_REFS.filter((r) => r.on.includes(def.type)).map((r) => (
        <Prop key={r.key} id={`fd-${r.key}`} label={r.label} help={r.help}>
          <Select
            id={`fd-${r.key}`}
            aria-label={r.label}
            allowClear
            style={{ width: '100%' }}
            value={def[r.key] || undefined}
            onChange={(name: string | undefined) => onChange({ [r.key]: name || undefined })}
            options={others.filter((o) => o.type !== undefined && r.of.includes(o.type)).map(({ label, value }) => ({ label, value }))}
          />
        </Prop>
      ))}
    </>
  );
});

const LinkageEditor = memo(function LinkageEditor({
  rules,
  others,
  onChange,
}: {
  rules: LinkageRule[];
  others: FieldChoice[];
  onChange: (patch: Partial<FieldDefinition>) => void;
}) {
  const set = (next: LinkageRule[]) => onChange({ linkage: next });
  const patch = (i: number, p: Partial<LinkageRule>) => set(rules.map((r, n) => (n === i ? { ...r, ...p } : r)));
  return (
    <div data-testid="linkage-editor">
      {rules.map((r, i) => (
        <Space key={i} wrap style={{ marginBottom: 4 }}>
          <span>当</span>
          <Select
            aria-label={`联动${i + 1}条件字段`}
            style={{ width: 120 }}
            value={r.when || undefined}
            onChange={(when: string) => patch(i, { when, values: [] })}
            options={others.map(({ label, value }) => ({ label, value }))}
          />
          <span>为</span>
          {others.find((o) => o.value === r.when)?.options?.length ? (
            <Select
              aria-label={`联动${i + 1}条件值`}
              mode="multiple"
              style={{ minWidth: 110 }}
              value={r.values}
              onChange={(values: string[]) => patch(i, { values })}
              options={others.find((o) => o.value === r.when)?.options}
            />
          ) : (
            <Input
              aria-label={`联动${i + 1}条件值`}
              style={{ width: 110 }}
              value={r.values.join(',')}
              placeholder="值，逗号分隔"
              onChange={(e) =>
                patch(i, {
                  values: e.target.value
                    .split(',')
                    .map((v) => v.trim())
                    .filter(Boolean),
                })
              }
            />
          )}
          <span>时</span>
          <Select
            aria-label={`联动${i + 1}效果`}
            style={{ width: 80 }}
            value={r.effect}
            onChange={(effect: LinkageRule['effect']) => patch(i, { effect })}
            options={(['show', 'hide', 'require'] as const).map((e) => ({ label: LINKAGE_EFFECT_LABELS[e], value: e }))}
          />
          <Button aria-label={`删除联动${i + 1}`} size="small" onClick={() => set(rules.filter((_, n) => n !== i))}>
            ×
          </Button>
        </Space>
      ))}
      <Button size="small" disabled={others.length === 0} onClick={() => set([...rules, { when: others[0]?.value ?? '', values: [], effect: 'show' }])}>
        添加联动
      </Button>
    </div>
  );
});

const NO_RULES: LinkageRule[] = [];

const FieldFlags = memo(function FieldFlags({ isshow, status, onFlags }: { isshow: number; status: number; onFlags: PropertyPanelProps['onFlags'] }) {
  return (
    <>
      <Prop id="fd-isshow" label="录入时显示">
        <Switch id="fd-isshow" checked={isshow === 1} onChange={(on) => onFlags({ isshow: on ? 1 : 0 })} />
      </Prop>
      <Prop id="fd-status" label="启用">
        <Switch id="fd-status" checked={status === 1} onChange={(on) => onFlags({ status: on ? 1 : 0 })} />
      </Prop>
    </>
  );
});

/** One property's editor, memoised on its value: a keystroke in 标题 re-renders only 标题. */
const PropEditor = memo(function PropEditor({
  propKey: key,
  value,
  onChange,
}: {
  propKey: PropKey;
  value: unknown;
  onChange: (patch: Partial<FieldDefinition>) => void;
}) {
  const id = `fd-${key}`;
  const textProp = TEXT_PROPS[key];
  if (textProp) {
    return (
      <Prop id={id} label={textProp.label} help={textProp.help}>
        <Input id={id} value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange({ [key]: e.target.value })} />
      </Prop>
    );
  }
  const numberProp = NUMBER_PROPS[key];
  if (numberProp) {
    return (
      <Prop id={id} label={numberProp.label}>
        <InputNumber
          id={id}
          min={numberProp.min}
          max={numberProp.max}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange({ [key]: v ?? undefined })}
        />
      </Prop>
    );
  }
  const flag = FLAG_PROPS[key];
  if (flag) {
    return (
      <Prop id={id} label={flag}>
        <Switch id={id} checked={Boolean(value)} onChange={(on) => onChange({ [key]: on || undefined })} />
      </Prop>
    );
  }
  if (key === 'method') {
    return (
      <Prop id={id} label="请求方式">
        <Select
          id={id}
          style={{ width: 100 }}
          value={value === 'get' ? 'get' : 'post'}
          onChange={(method: 'post' | 'get') => onChange({ method: method === 'post' ? undefined : method })}
          options={[
            { label: 'post', value: 'post' },
            { label: 'get', value: 'get' },
          ]}
        />
      </Prop>
    );
  }
  if (key === 'value') {
    return (
      <Prop id={id} label="默认值">
        <Input id={id} value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange({ value: e.target.value })} />
      </Prop>
    );
  }
  if (key === 'options') {
    return (
      <Prop id={id} label="选项">
        <OptionsEditor options={(value as FieldOption[] | undefined) ?? []} onChange={(options) => onChange({ options })} />
      </Prop>
    );
  }
  return null;
});

export function PropertyPanel({ field, fields, error, onChange, onFlags }: PropertyPanelProps) {
  // The other named fields a linkage rule can depend on, stable while their names and titles are.
  const othersKey = JSON.stringify(
    fields
      .filter((f) => f.key !== field?.key && f.def.field && f.def.type !== 'divider')
      .map((f): FieldChoice => ({
        label: f.def.title,
        value: f.def.field,
        type: f.def.type,
        options: f.def.options?.map((o) => ({ label: o.label, value: String(o.value) })),
      })),
  );
  const others = useMemo(() => JSON.parse(othersKey) as FieldChoice[], [othersKey]);
  if (!field) return <div style={{ color: 'rgba(0,0,0,0.45)' }}>从左侧添加字段，或在字段列表中选择一个字段</div>;
  const { def } = field;
  const spec = controlSpec(def.type);
  const props = spec?.props ?? ['field'];

  return (
    <div data-testid="property-panel">
      <h5 style={{ fontSize: 14, fontWeight: 600, margin: '0 0 12px' }}>
        {controlLabel(def.type)}
        <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, fontWeight: 400, marginLeft: 8 }}>{def.type}</span>
      </h5>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="field-error" /> : null}
      <PropEditor key={`${field.key}-title`} propKey={'title' as PropKey} value={def.title} onChange={onChange} />
      {props.map((key) => (
        <PropEditor key={`${field.key}-${key}`} propKey={key} value={(def as Record<string, unknown>)[key]} onChange={onChange} />
      ))}
      <FieldRefEditor def={def} others={others} onChange={onChange} />
      {def.type !== 'divider' ? (
        <>
          <FieldFlags isshow={field.isshow} status={field.status} onFlags={onFlags} />
          <Prop id="fd-linkage" label="联动（当另一字段为某值时显示、隐藏或必填）">
            <LinkageEditor rules={def.linkage ?? NO_RULES} others={others} onChange={onChange} />
          </Prop>
        </>
      ) : null}
    </div>
  );
}
