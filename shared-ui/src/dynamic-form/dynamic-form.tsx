/**
 * The dynamic form engine: renders a FormDefinition's fields in `cols` columns with antd's Form,
 * each by the control registered for its type (未知控件类型 otherwise), with the rules of rules.ts.
 * `DynamicFormFields` goes inside a Form someone else owns (the FormPanel); `DynamicForm` brings
 * its own. A field with a `parent` is re-parameterised when the parent changes, and cleared (with
 * its own dependents) when the user changes the parent.
 */
import { useMemo, type CSSProperties } from 'react';
import { Col, Form, Row, type FormInstance, type FormItemProps } from 'antd';
import { WIDTHS } from '@portal/shared-core';
import { dependentsOf, fieldParams, formFields } from './fields';
import { linkageKey } from './linkage';
import { DividerControl } from './controls/divider-control';
import { controlFor } from './controls/registry';
import { UnknownControl } from './controls/unknown-control';
import { fieldRules, relatedFields } from './rules';
import type { FieldDefinition, FormDefinition, FormMode } from './types';
import { userinfoNameKey, type FormValues } from './values';

const GRID_SPAN = 24;
/** Types that need the whole row unless the definition says otherwise. */
const FULL_ROW_TYPES: readonly string[] = ['divider', 'product', 'editor'];

export type DynamicFormFieldsProps = {
  definition: FormDefinition;
  mode: FormMode;
  /** The form's client-generated code (uploads are filed under it). */
  formCode: string;
  /** '0' when creating. */
  recordId: string;
  disabled?: boolean;
};

/** How many of the 24 grid units a field spans: its `column` share of the form's `cols`. */
export function fieldSpan(field: FieldDefinition, cols: number): number {
  const columns = Math.min(Math.max(Math.round(cols) || 1, 1), 4);
  if (field.column === undefined && FULL_ROW_TYPES.includes(field.type)) return GRID_SPAN;
  const share = Math.min(Math.max(Math.round(field.column ?? 1), 1), columns);
  return share === columns ? GRID_SPAN : Math.floor(GRID_SPAN / columns) * share;
}

/** The label settings of the definition, as Form.Item props (width 100 px by default). */
export function labelLayout(definition: Pick<FormDefinition, 'labelwidth' | 'labelposition' | 'labelbg'>): Partial<FormItemProps> {
  const style: CSSProperties | undefined = definition.labelbg ? { background: definition.labelbg, paddingInline: 8 } : undefined;
  if (definition.labelposition === 'top') return { layout: 'vertical', labelCol: { span: GRID_SPAN, style } };
  return {
    layout: 'horizontal',
    labelAlign: definition.labelposition === 'left' ? 'left' : 'right',
    labelCol: { flex: `${definition.labelwidth || WIDTHS.formLabel}px`, style },
    // A zero basis keeps wide controls (the product table) beside their label instead of below it.
    wrapperCol: { flex: '1 1 0', style: { minWidth: 0 } },
  };
}

/** The key of the value kept beside the field's own (display text of pickers, the userinfo name). */
function companionOf(field: FieldDefinition): string | undefined {
  return field.type === 'userinfo' ? userinfoNameKey(field) : field.field2;
}

/** Holds a companion value (field2) in the form without showing anything. */
function CompanionValue(_props: { value?: unknown }) {
  return null;
}

type FieldControlProps = DynamicFormFieldsProps & {
  field: FieldDefinition;
  fields: readonly FieldDefinition[];
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
};

/** The Form.Item child: feeds the registered control its props and clears dependents on a change. */
function FieldControl({ field, fields, value, onChange, id, mode, formCode, recordId, disabled }: FieldControlProps) {
  const form = Form.useFormInstance();
  // Watching the whole store (preserve) lets a dependent field see a parent that is not rendered.
  const watched = Form.useWatch((values: FormValues) => fieldParams(field, (name) => values[name]), { form, preserve: true });
  const params = watched ?? fieldParams(field, (name) => form.getFieldValue(name));
  const Control = controlFor(field.type);
  if (!Control) return <UnknownControl field={field} />;

  function handleChange(next: unknown) {
    onChange?.(next);
    for (const dependent of dependentsOf(fields, field.field)) {
      form.setFieldValue(dependent.field, undefined);
      if (dependent.field2) form.setFieldValue(dependent.field2, undefined);
    }
  }

  return (
    <Control
      id={id}
      field={field}
      value={value}
      onChange={handleChange}
      getFormValue={(name) => form.getFieldValue(name)}
      setFormValue={(name, next) => form.setFieldValue(name, next)}
      params={params}
      disabled={Boolean(disabled || field.disabled || mode === 'view')}
      mode={mode}
      formCode={formCode}
      recordId={recordId}
    />
  );
}

export function DynamicFormFields(props: DynamicFormFieldsProps) {
  const { definition } = props;
  const fields = useMemo(() => formFields(definition), [definition]);
  const itemLayout = labelLayout(definition);
  const form = Form.useFormInstance();
  // Field linkage: one letter per field (h hidden, r required, v as defined); '' when no field has any.
  const watchedLinkage = Form.useWatch((values: FormValues) => linkageKey(fields, (name) => values[name]), { form, preserve: true });
  const linkage = watchedLinkage ?? linkageKey(fields, (name) => form.getFieldValue(name));

  return (
    <Row gutter={16}>
      {fields.map((rawField, index) => {
        const state = linkage[index];
        if (state === 'h') return null;
        const field = state === 'r' && !rawField.required ? { ...rawField, required: true } : rawField;
        const span = fieldSpan(field, definition.cols);
        const key = `${field.field || 'field'}-${index}`;
        if (field.type === 'divider') {
          return (
            <Col span={GRID_SPAN} key={key}>
              <DividerControl field={field} />
            </Col>
          );
        }
        const known = controlFor(field.type) !== null && Boolean(field.field);
        return (
          <Col span={span} key={key}>
            {known ? (
              <Form.Item
                {...itemLayout}
                name={field.field}
                label={field.title}
                rules={props.mode === 'view' ? [] : fieldRules(field, fields)}
                dependencies={relatedFields(field)}
              >
                <FieldControl {...props} field={field} fields={fields} />
              </Form.Item>
            ) : (
              <Form.Item {...itemLayout} label={field.title}>
                <UnknownControl field={field} />
              </Form.Item>
            )}
            {known && companionOf(field) ? (
              <Form.Item name={companionOf(field)} noStyle>
                <CompanionValue />
              </Form.Item>
            ) : null}
          </Col>
        );
      })}
    </Row>
  );
}

export type DynamicFormProps = DynamicFormFieldsProps & {
  form: FormInstance;
  initialValues?: FormValues;
  onValuesChange?: (changed: FormValues, all: FormValues) => void;
};

/** A whole antd Form around the fields (pages; the panel uses FormPanel's form instead). */
export function DynamicForm({ form, initialValues, onValuesChange, ...props }: DynamicFormProps) {
  return (
    <Form form={form} initialValues={initialValues} onValuesChange={onValuesChange} layout="horizontal" labelWrap>
      <DynamicFormFields {...props} />
    </Form>
  );
}
