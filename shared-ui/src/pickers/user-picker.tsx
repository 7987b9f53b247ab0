/**
 * The user picker of spec §2.6 (popover 720 px): the department tree on the left (searchable), a
 * paged user table on the right (name, role, department, 在职/离职) and the selected count. `max`
 * 1 picks one user (a new choice replaces the old); a larger max caps the choice (CC: 5); 0 = no cap.
 */
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Avatar, Button, Flex, Input, Popover, Space, Table, Tag, Tree, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { QUIT_STATUS, quitStatusLabel, USER_PICKER_PAGE_SIZE, WIDTHS } from '@portal/shared-core';
import { usePagedList } from '../list-page/use-paged-list';
import { directoryKeys } from '../query/query-keys';
import { listUsers } from './directory-api';
import type { BranchNode, DirectoryUser, PickedUser } from './directory-types';
import { filterTree, toTreeItems, type TreeItem } from './tree-nodes';
import { useBranchTree } from './use-branch-tree';

export type UserPickerProps = {
  value?: PickedUser[];
  onChange?: (users: PickedUser[]) => void;
  /** 1 = single; n = at most n; 0 or absent = no cap. */
  max?: number;
  disabled?: boolean;
  /** Text of the button that opens the popover. */
  buttonText?: ReactNode;
};

export function toPickedUser(user: DirectoryUser): PickedUser {
  return {
    userid: user.UserID,
    username: user.NickName,
    header: user.Header ?? '',
    branchid: user.BranchID ?? undefined,
    rolename: user.rolename ?? undefined,
    branchname: user.BranchName ?? undefined,
  };
}

export function UserPicker({ value = [], onChange, max = 0, disabled, buttonText = '选择人员' }: UserPickerProps) {
  const [open, setOpen] = useState(false);

  function remove(userid: number) {
    onChange?.(value.filter((u) => u.userid !== userid));
  }

  return (
    <Flex gap={6} wrap align="center">
      {value.map((user) => (
        <Tag key={user.userid} closable={!disabled} onClose={() => remove(user.userid)} style={{ marginInlineEnd: 0 }}>
          <Space size={4}>
            <Avatar size={16} src={user.header || undefined} icon={<UserOutlined />} />
            {user.username}
          </Space>
        </Tag>
      ))}
      <Popover
        open={open}
        onOpenChange={(next) => !disabled && setOpen(next)}
        trigger="click"
        placement="bottomLeft"
        destroyOnHidden
        content={<UserPickerPanel value={value} onChange={(users) => onChange?.(users)} max={max} onDone={() => setOpen(false)} />}
      >
        <Button size="small" icon={<PlusOutlined />} disabled={disabled}>
          {buttonText}
        </Button>
      </Popover>
    </Flex>
  );
}

type PanelProps = { value: PickedUser[]; onChange: (users: PickedUser[]) => void; max: number; onDone: () => void };

/** The popover's content; exported for pages that embed the picker without the popover. */
export function UserPickerPanel({ value, onChange, max, onDone }: PanelProps) {
  const { nodes } = useBranchTree(true);
  const [branchKeyword, setBranchKeyword] = useState('');
  const [query, setQuery] = useState<{ page: number; BranchID?: number; NickName: string }>({ page: 1, NickName: '' });
  const users = usePagedList(directoryKeys.users(), listUsers, query);
  const shownBranches = useMemo(() => filterTree(nodes, branchKeyword), [nodes, branchKeyword]);
  const single = max === 1;
  const full = max > 0 && value.length >= max;
  const chosenIds = value.map((u) => u.userid);

  function add(rows: DirectoryUser[]) {
    if (single) {
      onChange(rows.slice(-1).map(toPickedUser));
      return;
    }
    const fresh = rows.filter((row) => !chosenIds.includes(row.UserID)).map(toPickedUser);
    const room = max > 0 ? Math.max(0, max - value.length) : fresh.length;
    onChange([...value, ...fresh.slice(0, room)]);
  }

  function drop(rows: DirectoryUser[]) {
    const ids = rows.map((row) => row.UserID);
    onChange(value.filter((u) => !ids.includes(u.userid)));
  }

  const columns: TableColumnsType<DirectoryUser> = [
    {
      title: '姓名',
      dataIndex: 'NickName',
      render: (name: string, row) => (
        <Space size={6}>
          <Avatar size={20} src={row.Header || undefined} icon={<UserOutlined />} />
          {name}
        </Space>
      ),
    },
    { title: '角色', dataIndex: 'rolename' },
    { title: '部门', dataIndex: 'BranchName' },
    {
      title: '状态',
      dataIndex: 'QuitStatus',
      render: (status: number) => <Tag color={status === QUIT_STATUS.employed ? 'green' : 'default'}>{quitStatusLabel(Number(status))}</Tag>,
    },
  ];

  return (
    <Flex gap={12} style={{ width: WIDTHS.userPickerPopover }}>
      <Flex vertical gap={8} style={{ width: 200, flex: 'none' }}>
        <Input.Search aria-label="搜索部门" placeholder="搜索部门" allowClear value={branchKeyword} onChange={(e) => setBranchKeyword(e.target.value)} />
        <div style={{ maxHeight: 400, overflow: 'auto' }}>
          {shownBranches.length > 0 ? (
            <Tree<TreeItem<BranchNode>>
              key={`${branchKeyword.trim()}|${nodes.length}`}
              treeData={toTreeItems(shownBranches)}
              defaultExpandAll
              blockNode
              selectedKeys={query.BranchID === undefined ? [] : [query.BranchID]}
              onSelect={(keys: Key[]) => setQuery((q) => ({ ...q, page: 1, BranchID: keys.length ? Number(keys[0]) : undefined }))}
            />
          ) : null}
        </div>
      </Flex>
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
        <Input.Search
          aria-label="搜索姓名"
          placeholder="输入姓名搜索"
          allowClear
          onSearch={(key) => setQuery((q) => ({ ...q, page: 1, NickName: key.trim() }))}
        />
        <Table<DirectoryUser>
          rowKey="UserID"
          size="small"
          columns={columns}
          dataSource={users.rows}
          loading={users.loading}
          rowSelection={{
            type: single ? 'radio' : 'checkbox',
            selectedRowKeys: chosenIds,
            hideSelectAll: max > 0,
            getCheckboxProps: (row) => ({ disabled: !single && full && !chosenIds.includes(row.UserID) }),
            onSelect: (row, selected) => (selected ? add([row]) : drop([row])),
            onSelectAll: (selected, _rows, changed) => (selected ? add(changed) : drop(changed)),
          }}
          onRow={(row) => ({
            onClick: () => {
              if (chosenIds.includes(row.UserID)) {
                if (!single) drop([row]);
              } else if (single || !full) add([row]);
            },
          })}
          pagination={{
            current: query.page,
            pageSize: USER_PICKER_PAGE_SIZE,
            total: users.total,
            showSizeChanger: false,
            size: 'small',
            onChange: (page) => setQuery((q) => ({ ...q, page })),
          }}
        />
        <Flex justify="space-between" align="center">
          <Typography.Text>
            已选择 {value.length} 人{max > 1 ? `（最多 ${max} 人）` : ''}
          </Typography.Text>
          <Button type="primary" size="small" autoInsertSpace={false} onClick={onDone}>
            确定
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
