/**
 * tree: one node of a tree chosen in the tree popover; value the node id, field2 its text. The
 * tree comes from the field's url (default the department tree), read through loadFilter and the
 * optionText / optionValue keys (default text / id).
 */
import { useState } from 'react';
import { api } from '@portal/shared-core';
import { TreePopover } from '../../../pickers/tree-popover';
import type { TextTreeNode } from '../../../pickers/tree-nodes';
import { replyRows } from '../../../remote-select/use-remote-options';
import type { ControlProps, FieldDefinition } from '../../types';
import { ChosenTextInput } from './chosen-text-input';
import { textOf } from './control-values';

const DEFAULT_TREE_URL = 'api/branch/TreeJson';

/** Rows of any tree reply as `{id, text, children}` nodes. */
export function toTreeNodes(rows: readonly unknown[], textKey: string, idKey: string): TextTreeNode[] {
  return rows.flatMap((row) => {
    if (!row || typeof row !== 'object') return [];
    const record = row as Record<string, unknown>;
    const id = record[idKey];
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    const children = Array.isArray(record.children) ? toTreeNodes(record.children, textKey, idKey) : [];
    return [{ id, text: textOf(record[textKey]) || String(id), ...(children.length ? { children } : {}) }];
  });
}

async function loadTree(field: FieldDefinition, params: Record<string, unknown>): Promise<TextTreeNode[]> {
  const url = field.url || DEFAULT_TREE_URL;
  const data = field.url ? params : { group: true, ...params };
  const reply = field.method === 'get' ? await api.get<unknown>(url, data) : await api.post<unknown>(url, data);
  return toTreeNodes(replyRows(reply, field.loadFilter), field.optionText || 'text', field.optionValue || 'id');
}

export function TreeControl({ field, value, onChange, getFormValue, setFormValue, params, disabled, id }: ControlProps) {
  const [nodes, setNodes] = useState<TextTreeNode[]>([]);
  const chosen = textOf(value);
  const text = chosen === '' ? '' : textOf(field.field2 ? getFormValue(field.field2) : '') || chosen;
  const locked = disabled || Boolean(field.readonly);

  function choose(node: TextTreeNode | null) {
    if (field.field2) setFormValue(field.field2, node?.text ?? '');
    onChange?.(node ? node.id : '');
  }

  return (
    <TreePopover nodes={nodes} disabled={locked} onOpen={() => void loadTree(field, params).then(setNodes, () => undefined)} onChoose={choose}>
      <div>
        <ChosenTextInput
          id={id}
          text={text}
          placeholder={field.placeholder ?? '请选择'}
          disabled={locked}
          onOpen={() => undefined}
          onClear={() => choose(null)}
        />
      </div>
    </TreePopover>
  );
}
