/**
 * The department picker of spec §2.6: the department tree with 选择 and 关闭. With max 1 only a
 * department proper (attributes 2) can be chosen (spec §5: 部门不能为上级节点); with max > 1 nodes
 * are ticked, each on its own (ticking a branch does not tick its departments).
 */
import { useEffect, useState, type Key } from 'react';
import { App, Button, Empty, Modal, Spin, Tree } from 'antd';
import { BRANCH_ATTRIBUTE_DEPARTMENT, MESSAGES } from '@portal/shared-core';
import type { BranchNode } from './directory-types';
import { findNode, toTreeItems, type TreeItem } from './tree-nodes';
import { useBranchTree } from './use-branch-tree';

export type DepartmentPickerProps = {
  open: boolean;
  /** 1 = a single department; more = up to that many nodes. */
  max?: number;
  /** Ids chosen before, ticked when the picker opens. */
  value?: readonly number[];
  title?: string;
  onSelect: (nodes: BranchNode[]) => void;
  onClose: () => void;
};

export function DepartmentPicker({ open, max = 1, value = [], title = '选择部门', onSelect, onClose }: DepartmentPickerProps) {
  const { message } = App.useApp();
  const { nodes, loading } = useBranchTree(open);
  const [chosen, setChosen] = useState<Key[]>([]);
  const single = max <= 1;
  const valueKey = value.join(',');

  useEffect(() => {
    if (open) setChosen(valueKey ? valueKey.split(',').map(Number) : []);
  }, [open, valueKey]);

  function handleChoose() {
    const picked = chosen.map((id) => findNode(nodes, id as number)).filter((n): n is BranchNode => Boolean(n));
    if (picked.length === 0) {
      message.warning(MESSAGES.selectRequired);
      return;
    }
    if (single && picked[0].attributes !== BRANCH_ATTRIBUTE_DEPARTMENT) {
      message.error(MESSAGES.branchNotDepartment);
      return;
    }
    if (!single && picked.length > max) {
      message.warning(`最多选择${max}个部门`);
      return;
    }
    onSelect(single ? [picked[0]] : picked);
  }

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="choose" type="primary" autoInsertSpace={false} onClick={handleChoose}>
          选择
        </Button>,
        <Button key="close" autoInsertSpace={false} onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <Spin spinning={loading}>
        {nodes.length === 0 ? (
          loading ? (
            <div style={{ minHeight: 80 }} />
          ) : (
            <Empty />
          )
        ) : (
          <Tree<TreeItem<BranchNode>>
            treeData={toTreeItems(nodes)}
            defaultExpandAll
            blockNode
            style={{ maxHeight: 420, overflow: 'auto' }}
            {...(single
              ? { selectedKeys: chosen, onSelect: (keys: Key[]) => setChosen(keys.slice(0, 1)) }
              : {
                  checkable: true,
                  checkStrictly: true,
                  checkedKeys: chosen,
                  onCheck: (keys: Key[] | { checked: Key[] }) => setChosen(Array.isArray(keys) ? keys : keys.checked),
                })}
          />
        )}
      </Spin>
    </Modal>
  );
}
