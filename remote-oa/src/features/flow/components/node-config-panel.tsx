/**
 * The designer's side panel: the selected node's config (name; who approves; 或签/会签/依次 and a
 * reject quorum; empty-approver and approver-is-submitter rules; per-field rights; timeout; cc list),
 * the selected line's label and condition rules, or, with nothing selected, the flow's settings.
 */
import { Button, Checkbox, Divider, Flex, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { UserPicker, type PickedUser } from '@portal/shared-ui';
import type { ApproverRule, ConditionRule, FlowLine, FlowNode, FlowSettings, NodeConfig } from '@portal/shared-contract';
import { KIND_TEXT } from '../flow-json';

export type FormFieldOption = { field: string; title: string };

const APPROVER_TYPES: { value: ApproverRule['type']; label: string }[] = [
  { value: 'users', label: '指定成员' },
  { value: 'role', label: '指定角色' },
  { value: 'head', label: '部门负责人' },
  { value: 'superior', label: '第N级上级' },
  { value: 'superiors', label: '连续多级上级' },
  { value: 'formUser', label: '表单中选择的成员' },
  { value: 'formBranch', label: '表单中选择的部门的负责人' },
  { value: 'chosen', label: '发起人自选' },
  { value: 'submitter', label: '发起人自己' },
];

const ids = (users: PickedUser[]) => users.map((u) => u.userid);
const asUsers = (list: number[] | undefined, names: Map<number, string>): PickedUser[] =>
  (list ?? []).map((userid) => ({ userid, username: names.get(userid) ?? `#${userid}`, header: '' }));

function defaultRule(type: ApproverRule['type']): ApproverRule {
  switch (type) {
    case 'users':
      return { type, userIds: [] };
    case 'role':
      return { type, roleId: 0 };
    case 'superior':
    case 'superiors':
      return { type, level: 1 };
    case 'formUser':
    case 'formBranch':
      return { type, field: '' };
    default:
      return { type };
  }
}

export type NodeConfigPanelProps = {
  node: FlowNode | null;
  line: FlowLine | null;
  settings: FlowSettings;
  fields: readonly FormFieldOption[];
  roles: readonly { id: number; name: string }[];
  userNames: Map<number, string>;
  readOnly?: boolean;
  onNode: (change: Partial<FlowNode>) => void;
  onLine: (change: Partial<FlowLine>) => void;
  onSettings: (settings: FlowSettings) => void;
  onRemoveNode: () => void;
  onRemoveLine: () => void;
  onUsers: (users: PickedUser[]) => void;
};

export function NodeConfigPanel(props: NodeConfigPanelProps) {
  const { node, line, settings, fields, roles, userNames, readOnly, onNode, onLine, onSettings, onRemoveNode, onRemoveLine, onUsers } = props;
  const fieldOptions = fields.map((f) => ({ label: f.title, value: f.field }));
  if (node) {
    const c = node.config;
    const setConfig = (change: Partial<NodeConfig>) => onNode({ config: { ...c, ...change } });
    const decision = c.kind === 'approver' || c.kind === 'handler';
    const rule = c.approver;
    return (
      <Form layout="vertical" size="small" disabled={readOnly}>
        <Typography.Text type="secondary">{KIND_TEXT[c.kind]}节点</Typography.Text>
        <Form.Item label="节点名称">
          <Input value={node.name} maxLength={50} onChange={(e) => onNode({ name: e.target.value })} aria-label="节点名称" />
        </Form.Item>
        {decision ? (
          <>
            <Form.Item label="审批人">
              <Select
                value={rule?.type}
                options={APPROVER_TYPES}
                onChange={(t: ApproverRule['type']) => setConfig({ approver: defaultRule(t) })}
                aria-label="审批人类型"
              />
            </Form.Item>
            {rule?.type === 'users' ? (
              <UserPicker
                value={asUsers(rule.userIds, userNames)}
                onChange={(u) => {
                  onUsers(u);
                  setConfig({ approver: { type: 'users', userIds: ids(u) } });
                }}
              />
            ) : null}
            {rule?.type === 'role' ? (
              <Select
                style={{ width: '100%' }}
                value={rule.roleId || undefined}
                placeholder="选择角色"
                options={roles.map((r) => ({ label: r.name, value: r.id }))}
                onChange={(roleId: number) => setConfig({ approver: { type: 'role', roleId } })}
              />
            ) : null}
            {rule?.type === 'superior' || rule?.type === 'superiors' ? (
              <Space>
                {rule.type === 'superior' ? '第' : '直到第'}
                <InputNumber min={1} max={10} value={rule.level} onChange={(level) => setConfig({ approver: { ...rule, level: Number(level) || 1 } })} />
                级上级
              </Space>
            ) : null}
            {rule?.type === 'superiors' ? (
              <Select
                style={{ width: '100%', marginTop: 8 }}
                allowClear
                value={rule.untilRoleId || undefined}
                placeholder="或：直到某角色为止（含）"
                aria-label="直到角色"
                options={roles.map((r) => ({ label: `直到${r.name}`, value: r.id }))}
                onChange={(untilRoleId: number | undefined) =>
                  setConfig({ approver: { type: 'superiors', level: rule.level, ...(untilRoleId ? { untilRoleId } : {}) } })
                }
              />
            ) : null}
            {rule?.type === 'formUser' || rule?.type === 'formBranch' ? (
              <Select
                style={{ width: '100%' }}
                value={rule.field || undefined}
                placeholder="选择表单字段"
                options={fieldOptions}
                onChange={(field: string) => setConfig({ approver: { type: rule.type, field } })}
              />
            ) : null}
            {c.kind === 'approver' ? (
              <Form.Item label="多人审批方式" style={{ marginTop: 12 }}>
                <Radio.Group value={c.mode ?? 'or'} onChange={(e) => setConfig({ mode: e.target.value as NodeConfig['mode'] })}>
                  <Radio value="or">或签</Radio>
                  <Radio value="and">会签</Radio>
                  <Radio value="seq">依次</Radio>
                </Radio.Group>
              </Form.Item>
            ) : null}
            {c.mode === 'and' ? (
              <Form.Item label="几人拒绝即拒绝（会签）">
                <InputNumber min={1} max={20} value={c.rejectQuorum ?? 1} onChange={(v) => setConfig({ rejectQuorum: Number(v) || 1 })} />
              </Form.Item>
            ) : null}
            <Form.Item label="审批人为空时">
              <Select
                value={c.emptyRule ?? 'admin'}
                options={[
                  { value: 'pass', label: '自动通过' },
                  { value: 'reject', label: '自动拒绝' },
                  { value: 'users', label: '转交指定成员' },
                  { value: 'admin', label: '转交管理员' },
                ]}
                onChange={(emptyRule: NodeConfig['emptyRule']) => setConfig({ emptyRule })}
              />
            </Form.Item>
            {c.emptyRule === 'users' ? (
              <UserPicker
                value={asUsers(c.emptyUserIds, userNames)}
                onChange={(u) => {
                  onUsers(u);
                  setConfig({ emptyUserIds: ids(u) });
                }}
              />
            ) : null}
            <Form.Item label="审批人与发起人为同一人时">
              <Select
                value={c.selfRule ?? 'self'}
                options={[
                  { value: 'self', label: '由发起人自己审批' },
                  { value: 'skip', label: '自动跳过' },
                  { value: 'head', label: '转交部门负责人' },
                ]}
                onChange={(selfRule: NodeConfig['selfRule']) => setConfig({ selfRule })}
              />
            </Form.Item>
            <Form.Item label="超时处理">
              <Space wrap>
                <Checkbox
                  checked={c.timeout !== undefined}
                  onChange={(e) => setConfig({ timeout: e.target.checked ? { hours: 24, action: 'remind' } : undefined })}
                >
                  启用
                </Checkbox>
                {c.timeout ? (
                  <>
                    <InputNumber
                      min={1}
                      max={8760}
                      value={c.timeout.hours}
                      onChange={(h) => setConfig({ timeout: { ...c.timeout!, hours: Number(h) || 1 } })}
                    />
                    小时后
                    <Select
                      style={{ width: 110 }}
                      value={c.timeout.action}
                      options={[
                        { value: 'remind', label: '提醒' },
                        { value: 'pass', label: '自动通过' },
                        { value: 'reject', label: '自动拒绝' },
                      ]}
                      onChange={(action: 'remind' | 'pass' | 'reject') => setConfig({ timeout: { ...c.timeout!, action } })}
                    />
                    <Checkbox
                      checked={c.timeout.workingDays === true}
                      onChange={(e) => setConfig({ timeout: { ...c.timeout!, workingDays: e.target.checked } })}
                    >
                      按工作日计算
                    </Checkbox>
                  </>
                ) : null}
              </Space>
            </Form.Item>
          </>
        ) : null}
        {c.kind === 'cc' ? (
          <Form.Item label="抄送人">
            <UserPicker
              value={asUsers(c.cc, userNames)}
              onChange={(u) => {
                onUsers(u);
                setConfig({ cc: ids(u) });
              }}
            />
          </Form.Item>
        ) : null}
        {(decision || c.kind === 'start') && fields.length ? (
          <>
            <Divider plain>字段权限</Divider>
            {fields.map((f) => (
              <Flex key={f.field} justify="space-between" style={{ marginBottom: 4 }}>
                <span>{f.title}</span>
                <Radio.Group
                  size="small"
                  value={c.writeField?.[f.field] ?? 'read'}
                  onChange={(e) => setConfig({ writeField: { ...(c.writeField ?? {}), [f.field]: e.target.value as 'edit' | 'read' | 'hidden' } })}
                  options={[
                    { label: '可编辑', value: 'edit' },
                    { label: '只读', value: 'read' },
                    { label: '隐藏', value: 'hidden' },
                  ]}
                />
              </Flex>
            ))}
          </>
        ) : null}
        {!readOnly ? (
          <Button danger block style={{ marginTop: 12 }} onClick={onRemoveNode}>
            删除节点
          </Button>
        ) : null}
      </Form>
    );
  }
  if (line) {
    const rules = line.condition?.rules ?? [];
    const setRules = (next: ConditionRule[]) => onLine({ condition: { ...(line.condition ?? {}), rules: next } });
    return (
      <Form layout="vertical" size="small" disabled={readOnly}>
        <Form.Item label="连线名称">
          <Input value={line.label ?? ''} maxLength={50} onChange={(e) => onLine({ label: e.target.value })} aria-label="连线名称" />
        </Form.Item>
        {line.condition ? (
          <>
            <Checkbox
              checked={line.condition.isDefault === true}
              onChange={(e) => onLine({ condition: e.target.checked ? { rules: [], isDefault: true } : { rules: [{ field: '', op: '>', value: '' }] } })}
            >
              默认条件（其他情况都走这条线）
            </Checkbox>
            {!line.condition.isDefault ? (
              <>
                <Divider plain>条件（同时满足）</Divider>
                {rules.map((r, i) => (
                  <Space key={i} style={{ marginBottom: 6 }} wrap>
                    <Select
                      style={{ width: 110 }}
                      value={r.field || undefined}
                      placeholder="字段"
                      options={fieldOptions}
                      onChange={(field: string) => setRules(rules.map((x, j) => (j === i ? { ...x, field } : x)))}
                    />
                    <Select
                      style={{ width: 72 }}
                      value={r.op}
                      options={['>', '>=', '<', '<=', '==', '!=', 'in'].map((op) => ({
                        label: op === 'in' ? '属于' : op === '==' ? '等于' : op === '!=' ? '不等于' : op,
                        value: op,
                      }))}
                      onChange={(op: ConditionRule['op']) => setRules(rules.map((x, j) => (j === i ? { ...x, op } : x)))}
                    />
                    <Input
                      style={{ width: 100 }}
                      value={Array.isArray(r.value) ? r.value.join(',') : String(r.value)}
                      placeholder="值"
                      onChange={(e) =>
                        setRules(rules.map((x, j) => (j === i ? { ...x, value: x.op === 'in' ? e.target.value.split(',') : e.target.value } : x)))
                      }
                    />
                    <Button size="small" onClick={() => setRules(rules.filter((_, j) => j !== i))}>
                      删除
                    </Button>
                  </Space>
                ))}
                <Button size="small" onClick={() => setRules([...rules, { field: '', op: '>', value: '' }])}>
                  添加条件
                </Button>
              </>
            ) : null}
          </>
        ) : null}
        {!readOnly ? (
          <Button danger block style={{ marginTop: 12 }} onClick={onRemoveLine}>
            删除连线
          </Button>
        ) : null}
      </Form>
    );
  }
  return (
    <Form layout="vertical" size="small" disabled={readOnly}>
      <Typography.Text type="secondary">流程设置（选中节点或连线可编辑其配置）</Typography.Text>
      <Form.Item label="同一审批人在流程中出现多次时" style={{ marginTop: 8 }}>
        <Select
          value={settings.duplicateRule ?? 'none'}
          options={[
            { value: 'none', label: '每次都需审批' },
            { value: 'once', label: '仅审批一次，后续自动通过' },
            { value: 'consecutive', label: '仅连续出现时自动通过' },
          ]}
          onChange={(duplicateRule: FlowSettings['duplicateRule']) => onSettings({ ...settings, duplicateRule })}
        />
      </Form.Item>
      <Checkbox checked={settings.resumeAtReturner === true} onChange={(e) => onSettings({ ...settings, resumeAtReturner: e.target.checked })}>
        退回后重新提交，直接回到退回的节点
      </Checkbox>
      <br />
      <Checkbox checked={settings.revokeBeforeDecisionOnly === true} onChange={(e) => onSettings({ ...settings, revokeBeforeDecisionOnly: e.target.checked })}>
        已有人审批后不允许撤回
      </Checkbox>
    </Form>
  );
}
