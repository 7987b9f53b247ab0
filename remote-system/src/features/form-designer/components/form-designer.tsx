/**
 * The form designer (自定义表单 and 工作流表单): the palette of the 30 control types, the field list
 * (add, drag to reorder, delete), the property panel of the selected field, the form's columns and
 * label settings, and a live preview rendered by the dynamic form engine itself. 保存 sends the
 * settings and the complete field list in one call (one transaction on the server); a refused save
 * selects the field the message names and shows the message on it.
 */
import { memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Space, Spin, Switch } from 'antd';
import { isApiError } from '@portal/shared-core';
import { DynamicForm, type FieldDefinition } from '@portal/shared-ui';
import { useFormDesign, useSaveDesign, type DesignerKind } from '../api/designer-api';
import {
  fieldAtFault,
  fromReply,
  insertField,
  moveField,
  newField,
  NEW_SETTINGS,
  previewDefinition,
  removeField,
  saveBody,
  updateField,
  type DesignField,
  type DesignState,
  type FormSettings,
} from '../model/designer-model';
import { ControlPalette, FieldList } from './field-list';
import { PropertyPanel } from './property-panel';

const Properties = memo(PropertyPanel);

export type FormDesignerProps = {
  kind: DesignerKind;
  /** The form's id; 0 designs a new form. */
  id: number;
  /** Whether the user may save (create for a new form, edit otherwise). */
  canSave: boolean;
  /** After a successful save, with the form's id and mode (a new form gets its id here). */
  onSaved?: (id: number, mode: string) => void;
  /** Whether the live preview starts shown (the user can switch it off for very large forms). */
  initialPreview?: boolean;
};

/** A refused save: the message and the field it names (its key), or null for a setting or general error. */
type SaveError = { key: string | null; msg: string };

/** One labelled setting (plain labels: the settings row renders on every designer mount). */
function Setting({ id, label, required, children }: { id: string; label: string; required?: boolean; children: ReactNode }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginRight: 16, marginBottom: 8 }}>
      {required ? <span style={{ color: '#ff4d4f', marginRight: -4 }}>*</span> : null}
      <label htmlFor={id}>{label}</label>
      {children}
    </span>
  );
}

const SettingsPanel = memo(function SettingsPanel({
  settings,
  isNew,
  onChange,
}: {
  settings: FormSettings;
  isNew: boolean;
  onChange: (patch: Partial<FormSettings>) => void;
}) {
  return (
    <div data-testid="form-settings" style={{ display: 'flex', flexWrap: 'wrap' }}>
      <Setting id="fs-title" label="表单名称" required>
        <Input id="fs-title" value={settings.title} maxLength={100} onChange={(e) => onChange({ title: e.target.value })} style={{ width: 160 }} />
      </Setting>
      <Setting id="fs-mode" label="表单标识" required={isNew}>
        <Input
          id="fs-mode"
          value={settings.mode}
          disabled={!isNew}
          maxLength={50}
          placeholder="字母开头，如 visitLog"
          onChange={(e) => onChange({ mode: e.target.value.trim() })}
          style={{ width: 150 }}
        />
      </Setting>
      <Setting id="fs-category" label="分类">
        <Input id="fs-category" value={settings.category} maxLength={50} onChange={(e) => onChange({ category: e.target.value })} style={{ width: 110 }} />
      </Setting>
      <Setting id="fs-cols" label="每行列数">
        <InputNumber id="fs-cols" min={1} max={4} value={settings.cols} onChange={(v) => onChange({ cols: v ?? 1 })} style={{ width: 70 }} />
      </Setting>
      <Setting id="fs-labelwidth" label="标签宽度">
        <InputNumber
          id="fs-labelwidth"
          min={40}
          max={400}
          value={settings.labelwidth}
          onChange={(v) => onChange({ labelwidth: v ?? 100 })}
          style={{ width: 80 }}
        />
      </Setting>
      <Setting id="fs-labelposition" label="标签位置">
        <Select
          id="fs-labelposition"
          value={settings.labelposition}
          onChange={(labelposition: FormSettings['labelposition']) => onChange({ labelposition })}
          style={{ width: 90 }}
          options={[
            { label: '右对齐', value: 'right' },
            { label: '左对齐', value: 'left' },
            { label: '顶部', value: 'top' },
          ]}
        />
      </Setting>
      <Setting id="fs-labelbg" label="标签背景色">
        <Input
          id="fs-labelbg"
          value={settings.labelbg}
          maxLength={30}
          placeholder="如 #fafafa"
          onChange={(e) => onChange({ labelbg: e.target.value.trim() })}
          style={{ width: 100 }}
        />
      </Setting>
    </div>
  );
});

const Palette = memo(ControlPalette);

/** The live preview: the dynamic form engine renders the current definition (its own antd Form). */
function Preview({ state }: { state: DesignState }) {
  const [form] = Form.useForm();
  const definition = useMemo(() => previewDefinition(state), [state]);
  return (
    <div data-testid="form-preview">
      {definition.items.length === 0 ? (
        <div style={{ color: 'rgba(0,0,0,0.45)' }}>添加字段后在此预览</div>
      ) : (
        <DynamicForm form={form} definition={definition} mode="create" formCode="designer-preview" recordId="0" />
      )}
    </div>
  );
}

export function FormDesigner({ kind, id, canSave, onSaved, initialPreview = true }: FormDesignerProps) {
  const { message } = App.useApp();
  const design = useFormDesign(kind, id);
  const save = useSaveDesign(kind);
  const [state, setState] = useState<DesignState | null>(id > 0 ? null : { settings: NEW_SETTINGS, fields: [] });
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [error, setError] = useState<SaveError | null>(null);
  const [showPreview, setShowPreview] = useState(initialPreview);
  const [pendingAdd, setPendingAdd] = useState<{ type: string; at?: number; n: number } | null>(null);
  const requestAdd = useCallback((type: string, at?: number) => setPendingAdd((p) => ({ type, at, n: (p?.n ?? 0) + 1 })), []);
  const changeSettings = useCallback((patch: Partial<FormSettings>) => setState((s) => (s ? { ...s, settings: { ...s.settings, ...patch } } : s)), []);
  const setFields = useCallback((fn: (fields: DesignField[]) => DesignField[]) => setState((s) => (s ? { ...s, fields: fn(s.fields) } : s)), []);
  const move = useCallback((from: number, to: number) => setFields((fs) => moveField(fs, from, to)), [setFields]);
  const remove = useCallback(
    (key: string) => {
      setFields((fs) => removeField(fs, key));
      setSelectedKey((k) => (k === key ? null : k));
      setError(null);
    },
    [setFields],
  );
  const editSelected = useCallback(
    (patch: Partial<FieldDefinition>) => {
      if (!selectedKey) return;
      setFields((fs) => updateField(fs, selectedKey, patch));
      setError((e) => (e && e.key === selectedKey ? null : e));
    },
    [selectedKey, setFields],
  );
  const setFlags = useCallback(
    (flags: { status?: number; isshow?: number }) => selectedKey && setFields((fs) => fs.map((f) => (f.key === selectedKey ? { ...f, ...flags } : f))),
    [selectedKey, setFields],
  );

  useEffect(() => {
    if (!design.data) return;
    const loaded = fromReply(design.data);
    // After a save the design is read again (new client keys): keep the same position selected.
    setState((before) => {
      setSelectedKey((key) => {
        const index = before?.fields.findIndex((f) => f.key === key) ?? -1;
        return index >= 0 ? (loaded.fields[index]?.key ?? null) : null;
      });
      return loaded;
    });
  }, [design.data]);

  // Palette clicks and drops arrive through a stable callback (the palette never re-renders).
  useEffect(() => {
    if (!pendingAdd || !state) return;
    setPendingAdd(null);
    const field = newField(state.fields, pendingAdd.type);
    const index = state.fields.findIndex((f) => f.key === selectedKey);
    const position = pendingAdd.at ?? (index >= 0 ? index + 1 : state.fields.length);
    setState({ ...state, fields: insertField(state.fields, field, position) });
    setSelectedKey(field.key);
  }, [pendingAdd, state, selectedKey]);

  if (id > 0 && design.isError)
    return <Result status="error" title="表单加载失败" subTitle={design.error instanceof Error ? design.error.message : undefined} />;
  if (!state) return <Spin />;

  const { fields, settings } = state;
  const selectedIndex = fields.findIndex((f) => f.key === selectedKey);
  const selected = selectedIndex >= 0 ? fields[selectedIndex] : undefined;

  async function submit() {
    if (!state) return;
    setError(null);
    try {
      const reply = await save.mutateAsync({ id, body: saveBody(id, state) });
      message.success(reply.msg || '保存成功');
      onSaved?.(id > 0 ? id : (reply.data?.id ?? 0), state.settings.mode);
    } catch (e) {
      const msg = isApiError(e) ? (e.reply?.msg ?? e.message) : e instanceof Error ? e.message : '保存失败';
      const index = fieldAtFault(state.fields, msg);
      const key = index >= 0 ? state.fields[index].key : null;
      setError({ key, msg });
      if (key) setSelectedKey(key);
      message.error(msg);
    }
  }

  return (
    <div data-testid="form-designer">
      <Card
        size="small"
        title={id > 0 ? `设计表单：${settings.title}` : kind === 'work' ? '新建工作流表单' : '新建表单'}
        extra={
          <Space>
            <Button type="primary" onClick={submit} loading={save.isPending} disabled={!canSave}>
              保存
            </Button>
          </Space>
        }
        style={{ marginBottom: 12 }}
      >
        <SettingsPanel settings={settings} isNew={id === 0} onChange={changeSettings} />
        {error && error.key === null ? <Alert type="error" showIcon title={error.msg} style={{ marginTop: 8 }} data-testid="save-error" /> : null}
        {!canSave ? <Alert type="warning" title="你没有保存此表单的权限，只能查看。" style={{ marginTop: 8 }} /> : null}
      </Card>
      <Row gutter={12}>
        <Col xs={24} md={5}>
          <Card size="small" title="控件">
            <Palette onAdd={requestAdd} />
          </Card>
        </Col>
        <Col xs={24} md={11}>
          <Card size="small" title={`字段（${fields.length}）`} style={{ marginBottom: 12 }}>
            <FieldList
              fields={fields}
              selectedKey={selectedKey}
              errorKey={error?.key ?? null}
              onSelect={setSelectedKey}
              onMove={move}
              onRemove={remove}
              onDropControl={requestAdd}
            />
          </Card>
          <Card size="small" title="实时预览" extra={<Switch size="small" aria-label="显示预览" checked={showPreview} onChange={setShowPreview} />}>
            {showPreview ? <Preview state={state} /> : null}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" title="字段属性">
            <Properties
              field={selected}
              fields={fields}
              error={error && selected && error.key === selected.key ? error.msg : undefined}
              onChange={editSelected}
              onFlags={setFlags}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
