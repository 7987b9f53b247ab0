/** Test helpers: a DynamicForm of given fields inside antd's App, and picking select options. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render-with-providers';
import { Form, type FormInstance } from 'antd';
import { DynamicForm } from '../dynamic-form';
import type { FieldDefinition, FormDefinition, FormMode } from '../types';
import type { FormValues } from '../values';

export function definitionOf(fields: readonly FieldDefinition[], extra: Partial<FormDefinition> = {}): FormDefinition {
  return {
    cols: 1,
    items: fields.map((f, i) => ({ id: i + 1, json: JSON.stringify(f) })),
    api_add: 'api/module/add',
    api_edit: 'api/module/Edit',
    api_detail: 'api/module/detail',
    ...extra,
  };
}

export type RenderedForm = ReturnType<typeof render> & {
  form: FormInstance;
  /** Runs validation: the values, or the messages shown. */
  validate: () => Promise<{ values?: FormValues; errors: string[] }>;
};

export function renderDynamicForm(
  fields: readonly FieldDefinition[],
  options: { initialValues?: FormValues; mode?: FormMode; definition?: Partial<FormDefinition> } = {},
): RenderedForm {
  const holder: { form?: FormInstance } = {};
  const definition = definitionOf(fields, options.definition);
  function Harness() {
    const [form] = Form.useForm();
    holder.form = form;
    return (
      <DynamicForm form={form} definition={definition} initialValues={options.initialValues} mode={options.mode ?? 'create'} formCode="code-1" recordId="0" />
    );
  }
  const rendered = renderWithProviders(<Harness />);
  const form = holder.form as FormInstance;
  return {
    ...rendered,
    form,
    async validate() {
      let result: { values?: FormValues; errors: string[] } = { errors: [] };
      await act(async () => {
        try {
          result = { values: await form.validateFields(), errors: [] };
        } catch (error) {
          result = { errors: (error as { errorFields: { errors: string[] }[] }).errorFields.flatMap((f) => f.errors) };
        }
      });
      return result;
    },
  };
}

/** Opens the select labelled `label` and clicks the option titled `optionText`. */
export async function pickOption(label: string, optionText: string) {
  const combobox = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(combobox);
  const options = await screen.findAllByTitle(optionText);
  await act(async () => {
    fireEvent.click(options[options.length - 1]);
  });
}
