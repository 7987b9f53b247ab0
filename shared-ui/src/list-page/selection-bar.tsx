/**
 * The selection bar (spec §2.4): 已选择 N 项, the actions on the selection — each declares whether it
 * works on one row or on several and is disabled otherwise — and, in picker mode, 确认选择.
 */
import type { Key, ReactNode } from 'react';
import { Alert, Button, Flex } from 'antd';

export type SelectionAction<T> = {
  key: string;
  label: string;
  /** 'single': exactly one row selected; 'multi': one or more. */
  mode: 'single' | 'multi';
  danger?: boolean;
  /** The user's right to this action; false hides it (default: allowed). */
  right?: boolean;
  onClick: (keys: Key[], rows: T[]) => void;
};

export function isActionEnabled(mode: SelectionAction<unknown>['mode'], count: number): boolean {
  return mode === 'single' ? count === 1 : count >= 1;
}

export type SelectionBarProps<T> = {
  keys: Key[];
  rows: T[];
  actions?: readonly SelectionAction<T>[];
  /** Free-form actions (shown as given). */
  children?: ReactNode;
  onConfirm?: (keys: Key[], rows: T[]) => void;
  onClear: () => void;
};

export function SelectionBar<T>({ keys, rows, actions = [], children, onConfirm, onClear }: SelectionBarProps<T>) {
  const count = keys.length;
  return (
    <Alert
      type="info"
      title={
        <Flex gap={12} align="center" wrap>
          <span>已选择 {count} 项</span>
          {actions.map((action) => (
            <Button
              key={action.key}
              size="small"
              danger={action.danger}
              autoInsertSpace={false}
              disabled={!isActionEnabled(action.mode, count)}
              title={action.mode === 'single' ? '选择一项时可用' : '选择一项或多项时可用'}
              onClick={() => action.onClick(keys, rows)}
            >
              {action.label}
            </Button>
          ))}
          {children}
          {count > 0 ? (
            <Button type="link" size="small" onClick={onClear}>
              取消选择
            </Button>
          ) : null}
          {onConfirm ? (
            <Button
              type="primary"
              size="small"
              autoInsertSpace={false}
              disabled={count === 0}
              onClick={() => onConfirm(keys, rows)}
              style={{ marginLeft: 'auto' }}
            >
              确认选择
            </Button>
          ) : null}
        </Flex>
      }
    />
  );
}
