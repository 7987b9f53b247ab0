/**
 * Required-field rules with the spec's default messages (§5): inputs, textareas and switches say
 * 信息必须填写; selects, radios and dates say 请选择. An item's own message overrides the default.
 */
import type { FormRule } from 'antd';
import { MESSAGES } from '@portal/shared-core';

export type RequiredKind = 'input' | 'select';

export function requiredRule(kind: RequiredKind, message?: string): FormRule {
  if (kind === 'select') return { required: true, message: message ?? MESSAGES.selectRequired };
  return { required: true, whitespace: true, message: message ?? MESSAGES.required };
}
