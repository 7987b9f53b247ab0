/**
 * 公海管理: the public pools besides 默认公海 (issue #10, several pools). Each serves departments (with
 * their sub-departments) and/or single users, who alone list and claim its customers; its rules,
 * where filled, replace 公海规则 above. A pool still holding customers cannot be deleted (the server
 * says how many). Editing needs basic:edit.
 */
import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Space, Switch, Table, Tag, Typography } from 'antd';
import { DepartmentPicker, UserPicker, type BranchNode, type PickedUser } from '@portal/shared-ui';
import { deletePool, savePool, usePoolCommand, usePublicPools, type PublicPoolForm, type PublicPoolRow } from '../api/public-pools-api';

type Editing = { id: number | null; initial: PublicPoolForm; branchNames: string[]; users: PickedUser[] };
type FormValues = Omit<PublicPoolForm, 'branchIds' | 'userIds'>;

const EMPTY: PublicPoolForm = {
  name: '',
  branchIds: [],
  userIds: [],
  noFollowupDays: null,
  noDealDays: null,
  claimLimitPerDay: null,
  reclaimWaitDays: null,
  enabled: true,
  sort: 0,
};
const inherit = (v: number | null, unit = '天') => (v === null ? <Typography.Text type="secondary">沿用</Typography.Text> : `${v}${unit}`);

function PoolModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const save = usePoolCommand(savePool);
  const [branches, setBranches] = useState<{ ids: number[]; names: string[] }>({ ids: editing.initial.branchIds, names: editing.branchNames });
  const [users, setUsers] = useState<PickedUser[]>(editing.users);
  const [picking, setPicking] = useState(false);
  const { message } = App.useApp();

  function submit(values: FormValues) {
    if (branches.ids.length === 0 && users.length === 0) {
      message.warning('请选择适用部门或成员');
      return;
    }
    const form: PublicPoolForm = { ...EMPTY, ...values, branchIds: branches.ids, userIds: users.map((u) => u.userid) };
    save.mutate({ id: editing.id, form }, { onSuccess: onClose });
  }

  const days = (label: string, name: keyof FormValues, max: number, unit = '天') => (
    <Form.Item label={label} name={name}>
      <InputNumber aria-label={label} min={1} max={max} precision={0} addonAfter={unit} placeholder="沿用基础设置" style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Modal open title={editing.id === null ? '新建公海' : '编辑公海'} width={640} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<FormValues> layout="vertical" initialValues={editing.initial} onFinish={submit}>
        <Form.Item label="公海名称" name="name" rules={[{ required: true, whitespace: true, message: '请填写公海名称' }]}>
          <Input maxLength={50} aria-label="公海名称" />
        </Form.Item>
        <Form.Item label="适用部门（含下级部门）">
          <Space wrap>
            {branches.names.map((n) => (
              <Tag key={n}>{n}</Tag>
            ))}
            <Button size="small" onClick={() => setPicking(true)}>
              选择部门
            </Button>
          </Space>
        </Form.Item>
        <Form.Item label="适用成员（另行指定的员工）">
          <UserPicker value={users} onChange={setUsers} buttonText="选择成员" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          以下规则留空则沿用“公海规则”的设置。
        </Typography.Paragraph>
        <Row gutter={12}>
          <Col span={12}>{days('未跟进回收天数', 'noFollowupDays', 3650)}</Col>
          <Col span={12}>{days('未成交回收天数', 'noDealDays', 3650)}</Col>
          <Col span={12}>{days('每日领取上限', 'claimLimitPerDay', 10000, '个')}</Col>
          <Col span={12}>{days('原负责人再领取间隔', 'reclaimWaitDays', 3650)}</Col>
          <Col span={12}>
            <Form.Item label="排序" name="sort">
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="启用" name="enabled" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Space>
      </Form>
      <DepartmentPicker
        open={picking}
        max={50}
        value={branches.ids}
        title="选择适用部门"
        onClose={() => setPicking(false)}
        onSelect={(nodes: BranchNode[]) => {
          setBranches({ ids: nodes.map((n) => n.id), names: nodes.map((n) => n.text) });
          setPicking(false);
        }}
      />
    </Modal>
  );
}

export function PublicPoolsCard({ canEdit }: { canEdit: boolean }) {
  const pools = usePublicPools();
  const remove = usePoolCommand(deletePool);
  const [editing, setEditing] = useState<Editing | null>(null);
  const { modal } = App.useApp();

  const openEdit = (row: PublicPoolRow | null) =>
    setEditing(
      row === null
        ? { id: null, initial: EMPTY, branchNames: [], users: [] }
        : {
            id: row.id,
            initial: { ...row },
            branchNames: row.branchNames,
            users: row.userIds.map((userid, i) => ({ userid, username: row.userNames[i] ?? String(userid), header: '' })),
          },
    );

  return (
    <Card
      size="small"
      title="公海管理"
      extra={
        canEdit ? (
          <Button size="small" type="primary" onClick={() => openEdit(null)}>
            新建公海
          </Button>
        ) : null
      }
    >
      <Table<PublicPoolRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={pools.data?.rows ?? []}
        loading={pools.isLoading}
        locale={{ emptyText: pools.isError ? '公海加载失败' : '暂无公海' }}
        columns={[
          {
            title: '公海名称',
            dataIndex: 'name',
            render: (name: string, r) =>
              r.isDefault ? (
                <Space>
                  {name}
                  <Tag>所有人</Tag>
                </Space>
              ) : r.enabled ? (
                name
              ) : (
                <Space>
                  {name}
                  <Tag>已停用</Tag>
                </Space>
              ),
          },
          {
            title: '适用部门 / 成员',
            key: 'members',
            render: (_, r) => (r.isDefault ? <Typography.Text type="secondary">全部员工</Typography.Text> : [...r.branchNames, ...r.userNames].join('、')),
          },
          { title: '未跟进回收', dataIndex: 'noFollowupDays', width: 96, render: (v: number | null) => inherit(v) },
          { title: '未成交回收', dataIndex: 'noDealDays', width: 96, render: (v: number | null) => inherit(v) },
          { title: '每日领取上限', dataIndex: 'claimLimitPerDay', width: 104, render: (v: number | null) => inherit(v, '个') },
          { title: '再领取间隔', dataIndex: 'reclaimWaitDays', width: 96, render: (v: number | null) => inherit(v) },
          { title: '客户数', dataIndex: 'customers', width: 80 },
          {
            title: '操作',
            key: 'actions',
            width: 110,
            render: (_, r) =>
              canEdit && !r.isDefault ? (
                <Space>
                  <Typography.Link onClick={() => openEdit(r)}>编辑</Typography.Link>
                  <Typography.Link
                    type="danger"
                    onClick={() => modal.confirm({ title: `删除「${r.name}」`, content: '确定执行此操作, 是否继续?', onOk: () => remove.mutateAsync(r.id) })}
                  >
                    删除
                  </Typography.Link>
                </Space>
              ) : null,
          },
        ]}
      />
      {editing ? <PoolModal editing={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
