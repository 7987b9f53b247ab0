/** editor: rich text (HTML string), TinyMCE loaded on demand. */
import { EDITOR_DEFAULT_HEIGHT } from '@portal/shared-core';
import { RichTextEditor } from '../../../widgets/rich-text-editor';
import type { ControlProps } from '../../types';
import { textOf } from './control-values';

export function EditorControl({ field, value, onChange, disabled }: ControlProps) {
  return (
    <RichTextEditor
      value={textOf(value)}
      onChange={(html) => onChange?.(html)}
      height={field.height || EDITOR_DEFAULT_HEIGHT}
      disabled={disabled || field.readonly}
      placeholder={field.placeholder}
    />
  );
}
