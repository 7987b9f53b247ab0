/**
 * 新建 / 编辑员工: account, name, mobile, email, department, role, 上级, job title; when editing, the
 * extra departments. A new person without a typed password gets a generated one, shown once.
 */
import { useEffect, useState } from 'react';
import { App, Button, Drawer, Form, Input, Select, Skeleton, Space, Tag, TreeSelect, Typography } from 'antd';
import { toTreeOptions, useBranchTree, useRoleOptions } from '../../../lib/org-options';
import { StaffSelect } from '../../../lib/staff-select';
import type { StaffForm } from '../api/staff-api';
import { useAddExtraBranches, useRemoveExtraBranch, useSaveStaff, useStaff } from '../api/use-staff';

export type StaffFormDrawerProps = { target: number | 'new' | null; onClose: () => void };

const MOBILE = /^1[3-9]\d{9}$/;

export function StaffFormDrawer({ target, onClose }: StaffFormDrawerProps) {
  const id = typeof target === 'number' ? target : null;
  const staff = useStaff(id);
  const branches = useBranchTree();
  const roles = useRoleOptions();
  const save = useSaveStaff();
  const addExtra = useAddExtraBranches();
  const removeExtra = useRemoveExtraBranch();
  const [form] = Form.useForm<StaffForm>();
  const [extra, setExtra] = useState<number | undefined>();
  const { modal } = App.useApp();
  const treeData = toTreeOptions(branches.data ?? []);

  useEffect(() => {
    if (target === 'new') form.resetFields();
    else if (staff.data) {
      const s = staff.data;
      form.setFieldsValue({
        username: s.UserName,
        nickName: s.NickName,
        mobile: s.mobile,
        email: s.email,
        branchId: s.BranchID || undefined,
        roleId: s.roleId,
        superiorId: s.superiorId,
        jobTitle: s.jobTitle,
      });
    }
  }, [target, staff.data, form]);

  function handleFinish(values: StaffForm) {
    save.mutate(
      { id, form: { ...values, superiorId: values.superiorId ?? 0, mobile: values.mobile ?? '', email: values.email ?? '', jobTitle: values.jobTitle ?? '' } },
      {
        onSuccess: (reply) => {
          const password = id === null ? (reply.data as { password?: string } | undefined)?.password : '';
          if (password)
            modal.info({
              title: '员工已创建',
              content: (
                <>
                  初始密码：
                  <Typography.Text copyable strong>
                    {password}
                  </Typography.Text>
                  （只显示这一次，请转告本人并提醒修改）
                </>
              ),
            });
          onClose();
        },
      },
    );
  }

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width={560}
      title={id === null ? '新建员工' : '编辑员工'}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {id !== null && staff.isLoading ? (
        <Skeleton active />
      ) : (
        <Form<StaffForm> form={form} layout="vertical" onFinish={handleFinish}>
          <Form.Item
            label="账号"
            name="username"
            rules={[
              { required: true, whitespace: true, message: '账号不能为空' },
              { pattern: /^[A-Za-z0-9_.@-]+$/, message: '账号只能包含字母、数字和 _ . @ -' },
            ]}
          >
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item label="姓名" name="nickName" rules={[{ required: true, whitespace: true, message: '姓名不能为空' }]}>
            <Input maxLength={50} />
          </Form.Item>
          {id === null ? (
            <Form.Item label="初始密码" name="password" extra="留空则自动生成，保存后显示一次">
              <Input.Password maxLength={32} autoComplete="new-password" />
            </Form.Item>
          ) : null}
          <Form.Item label="手机号" name="mobile" rules={[{ pattern: MOBILE, message: '手机号格式不正确' }]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item label="邮箱" name="email" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="部门" name="branchId" rules={[{ required: true, message: '请选择部门' }]}>
            <TreeSelect treeData={treeData} treeDefaultExpandAll placeholder="请选择" loading={branches.isLoading} showSearch treeNodeFilterProp="title" />
          </Form.Item>
          <Form.Item label="角色" name="roleId" rules={[{ required: true, message: '请选择角色' }]}>
            <Select options={roles.data ?? []} loading={roles.isLoading} placeholder="请选择" showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item label="上级" name="superiorId">
            <StaffSelect initialLabel={staff.data?.superiorName} />
          </Form.Item>
          <Form.Item label="职位" name="jobTitle">
            <Input maxLength={50} />
          </Form.Item>
          {staff.data ? (
            <Form.Item label="附加部门" extra="员工同时属于的其他部门（按部门筛选时也会列出）">
              <Space wrap style={{ marginBottom: 8 }}>
                {staff.data.extraBranches.length === 0 ? <Typography.Text type="secondary">无</Typography.Text> : null}
                {staff.data.extraBranches.map((b) => (
                  <Tag
                    key={b.id}
                    closable
                    onClose={(e) => {
                      e.preventDefault();
                      removeExtra.mutate({ id: staff.data.id, branchId: b.id });
                    }}
                  >
                    {b.name}
                  </Tag>
                ))}
              </Space>
              <Space.Compact style={{ width: '100%' }}>
                <TreeSelect style={{ width: '100%' }} treeData={treeData} treeDefaultExpandAll value={extra} onChange={setExtra} placeholder="选择部门" />
                <Button
                  disabled={!extra}
                  loading={addExtra.isPending}
                  onClick={() => extra && addExtra.mutate({ id: staff.data.id, branchIds: [extra] }, { onSuccess: () => setExtra(undefined) })}
                >
                  添加
                </Button>
              </Space.Compact>
            </Form.Item>
          ) : null}
        </Form>
      )}
    </Drawer>
  );
}
