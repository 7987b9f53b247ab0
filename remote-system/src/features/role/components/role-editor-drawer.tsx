/** 新建 / 编辑角色: name, remark, data scope and the rights tree; saving an edit names the version it started from. */
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Radio, Skeleton, Space } from 'antd';
import type { PermissionTree } from '@portal/shared-core';
import { DATA_SCOPE_NAMES, type DataScope, type RoleForm } from '../api/role-api';
import { useRightsCatalogue, useRole, useSaveRole } from '../api/use-roles';
import { RightsEditor } from './rights-editor';

export type RoleEditorDrawerProps = {
  /** null: closed; 'new': 新建角色; a number: that role. */
  target: number | 'new' | null;
  onClose: () => void;
};

type Fields = { name: string; remark: string; dataScope: DataScope };

export function RoleEditorDrawer({ target, onClose }: RoleEditorDrawerProps) {
  const id = typeof target === 'number' ? target : null;
  const role = useRole(id);
  const catalogue = useRightsCatalogue();
  const save = useSaveRole();
  const [form] = Form.useForm<Fields>();
  const [rights, setRights] = useState<Partial<PermissionTree>>({});
  const builtIn = role.data?.builtIn === 1;

  useEffect(() => {
    if (target === 'new') {
      form.setFieldsValue({ name: '', remark: '', dataScope: 'own' });
      setRights({});
    } else if (role.data) {
      form.setFieldsValue({ name: role.data.name, remark: role.data.remark, dataScope: role.data.dataScope });
      setRights(role.data.rights);
    }
  }, [target, role.data, form]);

  function handleSave(values: Fields) {
    const payload: RoleForm = { ...values, rights };
    save.mutate({ id, version: role.data?.version ?? 0, form: payload }, { onSuccess: onClose });
  }

  const loading = target !== null && ((id !== null && role.isLoading) || catalogue.isLoading);

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width={720}
      title={id === null ? '新建角色' : '编辑角色'}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} disabled={loading}>
            保存
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active />
      ) : (
        <Form<Fields> form={form} layout="vertical" onFinish={handleSave}>
          {builtIn ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message="超级管理员拥有全部权限和全部数据，只能修改名称和备注。" /> : null}
          <Form.Item
            label="角色名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '角色名称不能为空' },
              { max: 30, message: '角色名称不能超过30个字符' },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="数据范围" name="dataScope" extra="列表、详情和导出只包含这个范围内的记录。">
            <Radio.Group disabled={builtIn} options={Object.entries(DATA_SCOPE_NAMES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item label="权限">
            <RightsEditor catalogue={catalogue.data ?? []} value={rights} onChange={setRights} disabled={builtIn} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
