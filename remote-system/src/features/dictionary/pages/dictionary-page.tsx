/**
 * 数据字典 (system/status): dictionary types on the left, the chosen type's values on the right
 * (name, value, colour, order, enabled). A value in use can be disabled but not deleted; built-in
 * types cannot be deleted (the server says so).
 */
import { useState } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, List, Modal, Row, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useActionRights, type PageProps } from '@portal/shared-core';
import {
  useDeleteType,
  useDeleteValues,
  useDictTypes,
  useDictValues,
  useSaveType,
  useSaveValue,
  type DictType,
  type DictValue,
  type TypeForm,
  type ValueForm,
} from '../api/dictionary-api';

type ValueTarget = { id: number | null; initial: ValueForm } | null;

export default function DictionaryPage(_props: PageProps) {
  const rights = useActionRights('system', 'status', ['create', 'edit', 'delete'] as const);
  const types = useDictTypes();
  const [chosen, setChosen] = useState<string>('');
  const [page, setPage] = useState(1);
  const typeCode = chosen || types.data?.[0]?.code || '';
  const values = useDictValues({ page, rows: 20, types: typeCode, key: '' });
  const saveValue = useSaveValue();
  const deleteValues = useDeleteValues();
  const saveType = useSaveType();
  const deleteType = useDeleteType();
  const [valueTarget, setValueTarget] = useState<ValueTarget>(null);
  const [typeTarget, setTypeTarget] = useState<{ isNew: boolean; initial: TypeForm } | null>(null);
  const [valueForm] = Form.useForm<ValueForm & { enabledOn: boolean }>();
  const [typeForm] = Form.useForm<TypeForm>();
  const { modal } = App.useApp();
  const current = types.data?.find((t) => t.code === typeCode);

  const columns: TableColumnsType<DictValue> = [
    { title: '名称', dataIndex: 'label', render: (label: string, v) => (v.colour ? <Tag color={v.colour}>{label}</Tag> : label) },
    { title: '取值', dataIndex: 'value' },
    { title: '排序', dataIndex: 'sortOrder', width: 80 },
    { title: '状态', dataIndex: 'enabled', width: 80, render: (on: number) => (on === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, v) => (
        <Space>
          {rights.edit ? <Typography.Link onClick={() => openValue(v.id, v)}>编辑</Typography.Link> : null}
          {rights.delete ? (
            <Typography.Link
              type="danger"
              onClick={() => modal.confirm({ title: `删除「${v.label}」`, content: '确定执行此操作, 是否继续?', onOk: () => deleteValues.mutateAsync([v.id]) })}
            >
              删除
            </Typography.Link>
          ) : null}
        </Space>
      ),
    },
  ];

  function openValue(id: number | null, v?: DictValue) {
    const initial: ValueForm = v
      ? { label: v.label, value: v.value, colour: v.colour, sortOrder: v.sortOrder, enabled: v.enabled === 1 ? 1 : 0 }
      : { label: '', value: '', colour: '', sortOrder: 0, enabled: 1 };
    setValueTarget({ id, initial });
  }

  function openType(t?: DictType) {
    const initial: TypeForm = t ? { code: t.code, name: t.name, sortOrder: t.sortOrder } : { code: '', name: '', sortOrder: 0 };
    setTypeTarget({ isNew: !t, initial });
  }

  return (
    <Row gutter={16}>
      <Col flex="280px">
        <Card size="small" title="字典类型" extra={rights.create ? <Typography.Link onClick={() => openType()}>新建类型</Typography.Link> : null}>
          <List<DictType>
            size="small"
            loading={types.isLoading}
            dataSource={types.data ?? []}
            locale={{ emptyText: '暂无字典类型' }}
            renderItem={(t) => (
              <List.Item
                onClick={() => {
                  setChosen(t.code);
                  setPage(1);
                }}
                style={{ cursor: 'pointer', background: t.code === typeCode ? 'rgba(22,119,255,0.08)' : undefined, paddingInline: 8 }}
              >
                <span>
                  {t.name} <Typography.Text type="secondary">({t.valueCount})</Typography.Text>
                </span>
                {t.builtIn === 1 ? <Tag>内置</Tag> : null}
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col flex="auto">
        <Card
          size="small"
          title={current ? `${current.name}（${current.code}）` : '字典值'}
          extra={
            current ? (
              <Space>
                {rights.edit ? (
                  <Button size="small" onClick={() => openType(current)}>
                    编辑类型
                  </Button>
                ) : null}
                {rights.delete && current.builtIn !== 1 ? (
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: `删除类型「${current.name}」及其全部值`,
                        content: '确定执行此操作, 是否继续?',
                        onOk: () => deleteType.mutateAsync(current.code).then(() => setChosen('')),
                      })
                    }
                  >
                    删除类型
                  </Button>
                ) : null}
                {rights.create ? (
                  <Button size="small" type="primary" onClick={() => openValue(null)}>
                    新建字典值
                  </Button>
                ) : null}
              </Space>
            ) : null
          }
        >
          {current ? (
            <Table<DictValue>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={values.rows}
              loading={values.loading}
              pagination={{ current: page, pageSize: 20, total: values.total, onChange: setPage, showSizeChanger: false }}
              locale={{ emptyText: values.error ?? '暂无字典值' }}
            />
          ) : (
            <Empty description="请选择字典类型" />
          )}
        </Card>
      </Col>
      {valueTarget ? (
        <Modal
          open
          title={valueTarget.id ? '编辑字典值' : '新建字典值'}
          onCancel={() => setValueTarget(null)}
          onOk={() => valueForm.submit()}
          okText="保存"
          cancelText="关闭"
          confirmLoading={saveValue.isPending}
        >
          <Form
            form={valueForm}
            initialValues={{ ...valueTarget.initial, enabledOn: valueTarget.initial.enabled === 1 }}
            layout="vertical"
            onFinish={({ enabledOn, ...v }) =>
              saveValue.mutate(
                {
                  id: valueTarget?.id ?? null,
                  types: typeCode,
                  form: { ...v, value: v.value ?? '', colour: v.colour ?? '', sortOrder: v.sortOrder ?? 0, enabled: enabledOn ? 1 : 0 },
                },
                { onSuccess: () => setValueTarget(null) },
              )
            }
          >
            <Form.Item label="名称" name="label" rules={[{ required: true, whitespace: true, message: '名称不能为空' }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item label="取值" name="value" extra="留空则与名称相同；已被使用的值不能修改取值">
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item label="颜色" name="colour" extra="标签颜色，如 red、orange、blue、green 或 #1677ff">
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item label="排序" name="sortOrder">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item label="启用" name="enabledOn" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
      {typeTarget ? (
        <Modal
          open
          title={typeTarget.isNew ? '新建字典类型' : '编辑字典类型'}
          onCancel={() => setTypeTarget(null)}
          onOk={() => typeForm.submit()}
          okText="保存"
          cancelText="关闭"
          confirmLoading={saveType.isPending}
        >
          <Form
            form={typeForm}
            initialValues={typeTarget.initial}
            layout="vertical"
            onFinish={(form: TypeForm) =>
              saveType.mutate({ isNew: typeTarget?.isNew ?? true, form: { ...form, sortOrder: form.sortOrder ?? 0 } }, { onSuccess: () => setTypeTarget(null) })
            }
          >
            <Form.Item
              label="类型编码"
              name="code"
              rules={[
                { required: true, message: '类型编码不能为空' },
                { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: '类型编码须以字母开头，只能包含字母、数字和下划线' },
              ]}
            >
              <Input maxLength={50} disabled={!typeTarget.isNew} />
            </Form.Item>
            <Form.Item label="类型名称" name="name" rules={[{ required: true, whitespace: true, message: '类型名称不能为空' }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item label="排序" name="sortOrder">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
    </Row>
  );
}
