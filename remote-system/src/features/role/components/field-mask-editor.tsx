/**
 * 字段权限 of a role: per module (客户, 联系人, 合同) each field 可见 / 脱敏 / 隐藏, saved per module. The server
 * enforces the rules in lists, details, exports, 查重 and search; 超级管理员 always sees everything. A
 * field the server marks `cannotHide` (客户名称) offers 隐藏 disabled, with the reason beside it.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Empty, Radio, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import type { FieldMaskMode, FieldMaskModule } from '../api/role-api';
import { useFieldMasks, useSaveFieldMasks } from '../api/use-roles';

export const FIELD_MASK_MODES: { value: FieldMaskMode; label: string }[] = [
  { value: 'visible', label: '可见' },
  { value: 'mask', label: '脱敏' },
  { value: 'hidden', label: '隐藏' },
];

type Choices = Record<string, Record<string, FieldMaskMode>>;

function choicesOf(modules: FieldMaskModule[]): Choices {
  return Object.fromEntries(
    modules.map((m) => [m.module, Object.fromEntries(m.fields.map((f) => [f.field, m.rules.find((r) => r.field === f.field)?.mode ?? 'visible']))]),
  );
}

export type FieldMaskEditorProps = {
  /** The role whose rules are edited; null: closed. */
  roleId: number | null;
  onClose: () => void;
  /** Whether the user may save (system role:edit). */
  canEdit?: boolean;
};

export function FieldMaskEditor({ roleId, onClose, canEdit = true }: FieldMaskEditorProps) {
  const masks = useFieldMasks(roleId);
  const save = useSaveFieldMasks();
  const [choices, setChoices] = useState<Choices>({});
  const [active, setActive] = useState<string>('');
  const modules = masks.data?.modules ?? [];
  const builtIn = masks.data?.builtIn === 1;
  const readOnly = builtIn || !canEdit;

  useEffect(() => {
    if (!masks.data) return;
    setChoices(choicesOf(masks.data.modules));
    setActive((current) => current || masks.data.modules[0]?.module || '');
  }, [masks.data]);

  function handleSave() {
    if (roleId === null || !active) return;
    const rules = Object.entries(choices[active] ?? {}).map(([field, mode]) => ({ field, mode }));
    save.mutate({ roleId, module: active, rules });
  }

  const choose = (module: string, field: string, mode: FieldMaskMode) => setChoices((c) => ({ ...c, [module]: { ...c[module], [field]: mode } }));

  return (
    <Drawer
      open={roleId !== null}
      onClose={onClose}
      width={640}
      title={masks.data ? `字段权限 - ${masks.data.roleName}` : '字段权限'}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {readOnly ? null : (
            <Button type="primary" loading={save.isPending} disabled={masks.isLoading || !active} onClick={handleSave}>
              保存
            </Button>
          )}
        </Space>
      }
    >
      {masks.isLoading ? (
        <Skeleton active />
      ) : modules.length === 0 ? (
        <Empty description="暂无可设置的字段" />
      ) : (
        <>
          {builtIn ? (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message="超级管理员始终查看全部字段，不能设置字段权限。" />
          ) : (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message="脱敏：手机号显示为 138****5678，金额显示为 ****，其他文字只显示首字；隐藏：不返回该字段，该角色的表单也不显示、不要求它。脱敏或隐藏的字段只能按完整内容搜索。每个模块分别保存。"
            />
          )}
          <Tabs
            activeKey={active}
            onChange={setActive}
            items={modules.map((m) => ({
              key: m.module,
              label: m.title,
              children: (
                <Table
                  rowKey="field"
                  size="small"
                  pagination={false}
                  dataSource={m.fields}
                  columns={[
                    { title: '字段', dataIndex: 'title', width: 160 },
                    {
                      title: '权限',
                      key: 'mode',
                      render: (_: unknown, f: FieldMaskModule['fields'][number]) => (
                        <Space size={4} wrap>
                          <Radio.Group
                            aria-label={`${f.title}的字段权限`}
                            disabled={readOnly}
                            value={choices[m.module]?.[f.field] ?? 'visible'}
                            options={f.cannotHide ? FIELD_MASK_MODES.map((o) => (o.value === 'hidden' ? { ...o, disabled: true } : o)) : FIELD_MASK_MODES}
                            onChange={(e) => choose(m.module, f.field, e.target.value as FieldMaskMode)}
                          />
                          {f.cannotHide && !readOnly ? <Typography.Text type="secondary">{f.cannotHide}</Typography.Text> : null}
                        </Space>
                      ),
                    },
                  ]}
                />
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
