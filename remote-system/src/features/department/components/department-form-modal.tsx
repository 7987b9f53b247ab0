/** 新建 / 编辑部门: name, 上级 (moving is choosing another), type, 负责人 and order. */
import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Radio, TreeSelect } from 'antd';
import { toTreeOptions, useBranchTree } from '../../../lib/org-options';
import { StaffSelect } from '../../../lib/staff-select';
import { useDepartment, useSaveDepartment, type DepartmentForm } from '../api/department-api';

/** `id` null with `parentId`: a new department under it; a number: that department. */
export type DepartmentTarget = { id: number | null; parentId: number } | null;

export function DepartmentFormModal({ target, onClose }: { target: DepartmentTarget; onClose: () => void }) {
  const id = target?.id ?? null;
  const detail = useDepartment(id);
  const tree = useBranchTree();
  const save = useSaveDepartment();
  const [form] = Form.useForm<DepartmentForm>();

  useEffect(() => {
    if (!target) return;
    if (target.id === null) form.setFieldsValue({ name: '', parentId: target.parentId || undefined, attributes: 2, headUserId: 0, sortOrder: 0 });
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        name: d.Name,
        parentId: d.parent || undefined,
        attributes: d.attributes === 2 ? 2 : 1,
        headUserId: d.headUserId,
        sortOrder: d.sortOrder,
      });
    }
  }, [target, detail.data, form]);

  return (
    <Modal
      open={target !== null}
      title={id === null ? '新建部门' : '编辑部门'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="关闭"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<DepartmentForm>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          save.mutate(
            { id, form: { ...values, parentId: values.parentId ?? 0, headUserId: values.headUserId ?? 0, sortOrder: values.sortOrder ?? 0 } },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item label="部门名称" name="name" rules={[{ required: true, whitespace: true, message: '部门名称不能为空' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="上级部门" name="parentId" extra="不选则为顶级（公司）">
          <TreeSelect allowClear treeData={toTreeOptions(tree.data ?? [])} treeDefaultExpandAll placeholder="请选择" />
        </Form.Item>
        <Form.Item label="类型" name="attributes">
          <Radio.Group
            options={[
              { value: 2, label: '部门' },
              { value: 1, label: '公司/分支机构/分组' },
            ]}
          />
        </Form.Item>
        <Form.Item label="负责人" name="headUserId">
          <StaffSelect initialLabel={detail.data?.headName} />
        </Form.Item>
        <Form.Item label="排序" name="sortOrder">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
