/**
 * The simple tree popover of spec §2.6 (550 × 380): a keyword filter over a tree, and a 选择
 * button on every node.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Input, Popover, Tree } from 'antd';
import { WIDTHS } from '@portal/shared-core';
import { filterTree, toTreeItems, type TextTreeNode, type TreeItem } from './tree-nodes';

export type TreePopoverProps<N extends TextTreeNode> = {
  nodes: readonly N[];
  onChoose: (node: N) => void;
  /** The element that opens the popover. */
  children: ReactNode;
  title?: string;
  disabled?: boolean;
  /** Called when the popover opens (lazy loading of the tree). */
  onOpen?: () => void;
};

export function TreePopover<N extends TextTreeNode>({ nodes, onChoose, children, title, disabled, onOpen }: TreePopoverProps<N>) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);

  function handleOpenChange(next: boolean) {
    if (disabled) return;
    setOpen(next);
    if (next) onOpen?.();
  }

  const content = (
    <Flex vertical gap={8} style={{ width: WIDTHS.treePopover, height: WIDTHS.treePopoverHeight }}>
      <Input.Search aria-label="关键字" placeholder="输入关键字过滤" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      <div style={{ flex: 1, overflow: 'auto' }}>
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Tree<TreeItem<N>>
            // Remounted per filter (and once loaded) so defaultExpandAll shows every match.
            key={`${keyword.trim()}|${nodes.length}`}
            treeData={toTreeItems(shown)}
            blockNode
            selectable={false}
            defaultExpandAll
            titleRender={({ node }) => (
              <Flex justify="space-between" align="center" gap={8}>
                <span>{node.text}</span>
                <Button
                  size="small"
                  type="link"
                  autoInsertSpace={false}
                  onClick={(event) => {
                    event.stopPropagation();
                    onChoose(node);
                    setOpen(false);
                  }}
                >
                  选择
                </Button>
              </Flex>
            )}
          />
        )}
      </div>
    </Flex>
  );

  return (
    <Popover open={open} onOpenChange={handleOpenChange} trigger="click" title={title} content={content} placement="bottomLeft" destroyOnHidden>
      {children}
    </Popover>
  );
}
