/**
 * The flow designer (oa/flow/view/{id}; id 0 = a new flow): name, category and bound form; a palette
 * (drag onto the canvas, or click to add); the canvas (FlowCanvas wraps jsPlumb); 连线 mode; the side
 * panel configures the selected node or line, or the flow's settings. 保存 sends the WorlFlowJson;
 * the server validates the graph and a refusal's node is marked red and selected. Older versions, and
 * any version for users without the edit right, open read-only.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Input, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { api, endpointKey, useActionRights, type PageProps } from '@portal/shared-core';
import { fetchFormDefinition, formFields, type PickedUser } from '@portal/shared-ui';
import type { FlowDirectory, FlowNode, NodeKind, WorlFlowJson } from '@portal/shared-contract';
import { faultyNodeOf, useFlowDetail, useSaveFlowMutation, useWorkForms } from '../api/flow-api';
import { FlowCanvas } from '../components/flow-canvas';
import { NodeConfigPanel } from '../components/node-config-panel';
import { addLine, lineKey, moveNode, newNode, PALETTE, removeLine, removeNode, starterFlow, updateLine, updateNode } from '../flow-json';

type Meta = { name: string; category: string; formMode: string; beizhu: string };

function useDirectory() {
  const { data } = useQuery({
    queryKey: endpointKey('api/flow/directory'),
    queryFn: () => api.fetch<FlowDirectory>('api/flow/directory', {}, { silent: true }),
    staleTime: 60_000,
  });
  return data ?? { roles: [], users: [] };
}

function useFormFieldOptions(formMode: string) {
  const { data } = useQuery({
    queryKey: endpointKey('Api/formField/index', { mode: formMode, isshow: 1 }),
    queryFn: () => fetchFormDefinition(formMode),
    enabled: formMode !== '',
    staleTime: 60_000,
  });
  return useMemo(
    () =>
      data
        ? formFields(data)
            .filter((f) => f.field && f.type !== 'divider')
            .map((f) => ({ field: f.field, title: f.title }))
        : [],
    [data],
  );
}

export function FlowDesigner({
  id,
  initial,
  meta: initialMeta,
  readOnly,
  versionLabel,
}: {
  id: number | null;
  initial: WorlFlowJson;
  meta: Meta;
  readOnly: boolean;
  versionLabel?: string;
}) {
  const navigate = useNavigate();
  const [flow, setFlow] = useState<WorlFlowJson>(initial);
  const [meta, setMeta] = useState<Meta>(initialMeta);
  const [selectedNode, setSelectedNode] = useState<string | null>(null);
  const [selectedLine, setSelectedLine] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [faulty, setFaulty] = useState<{ nodeId: string | null; msg: string } | null>(null);
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const forms = useWorkForms();
  const fields = useFormFieldOptions(meta.formMode);
  const directory = useDirectory();
  const save = useSaveFlowMutation();
  const userNames = useMemo(() => new Map([...directory.users.map((u) => [u.id, u.name] as const), ...picked]), [directory.users, picked]);
  const node = flow.nodes.find((n) => n.id === selectedNode) ?? null;
  const line = flow.lines.find((l) => lineKey(l) === selectedLine) ?? null;

  const change = (next: WorlFlowJson) => {
    setFlow(next);
    setFaulty(null);
  };
  const addKind = (kind: NodeKind, left = 40 + ((flow.nodes.length * 37) % 500), top = 40 + ((flow.nodes.length * 53) % 400)) => {
    const n: FlowNode = newNode(flow, kind, left, top);
    change({ ...flow, nodes: [...flow.nodes, n] });
    setSelectedNode(n.id);
  };

  async function handleSave() {
    try {
      const reply = await save.mutateAsync({ id, ...meta, WorlFlowJson: flow });
      if (!id && reply.data?.id) navigate(`/oa/flow/view/${reply.data.id}`, { replace: true });
    } catch (err) {
      const nodeId = faultyNodeOf(err);
      setFaulty({ nodeId, msg: err instanceof Error ? err.message : '' });
      if (nodeId) {
        setSelectedNode(nodeId);
        setSelectedLine(null);
      }
    }
  }

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Space wrap>
          <Input
            style={{ width: 200 }}
            placeholder="流程名称"
            value={meta.name}
            maxLength={50}
            disabled={readOnly}
            onChange={(e) => setMeta({ ...meta, name: e.target.value })}
            aria-label="流程名称"
          />
          <Input
            style={{ width: 120 }}
            placeholder="分类"
            value={meta.category}
            maxLength={30}
            disabled={readOnly}
            onChange={(e) => setMeta({ ...meta, category: e.target.value })}
            aria-label="流程分类"
          />
          <Select
            style={{ width: 160 }}
            placeholder="绑定表单"
            value={meta.formMode || undefined}
            disabled={readOnly}
            options={forms.map((f) => ({ label: f.title, value: f.mode }))}
            onChange={(formMode: string) => setMeta({ ...meta, formMode })}
            aria-label="绑定表单"
          />
          {versionLabel ? <Tag>{versionLabel}</Tag> : null}
          {readOnly ? <Tag color="orange">只读</Tag> : null}
          {!readOnly ? (
            <>
              <Button type={connecting ? 'primary' : 'default'} onClick={() => setConnecting((c) => !c)}>
                {connecting ? '连线中（依次点击两个节点）' : '连线'}
              </Button>
              <Button type="primary" loading={save.isPending} onClick={handleSave}>
                保存
              </Button>
            </>
          ) : null}
          <Button onClick={() => navigate('/oa/flow')}>返回</Button>
        </Space>
      </Card>
      {faulty ? <Alert type="error" showIcon message={faulty.msg || '流程校验未通过'} /> : null}
      <Row gutter={12} wrap={false}>
        {!readOnly ? (
          <Col flex="120px">
            <Card size="small" title="节点">
              <Flex vertical gap={6}>
                {PALETTE.map((p) => (
                  <Button
                    key={p.kind}
                    size="small"
                    draggable
                    onDragStart={(e) => e.dataTransfer.setData('text/flow-kind', p.kind)}
                    onClick={() => addKind(p.kind)}
                  >
                    {p.name}
                  </Button>
                ))}
              </Flex>
            </Card>
          </Col>
        ) : null}
        <Col flex="auto" style={{ minWidth: 0 }}>
          <FlowCanvas
            flow={flow}
            readOnly={readOnly}
            connecting={connecting}
            selectedNode={selectedNode}
            selectedLine={selectedLine}
            faultyNode={faulty?.nodeId ?? null}
            faultyMessage={faulty?.msg}
            onSelectNode={setSelectedNode}
            onSelectLine={(key) => {
              setSelectedLine(key);
              if (key) setSelectedNode(null);
            }}
            onMoveNode={(nodeId, left, top) => change(moveNode(flow, nodeId, left, top))}
            onConnect={(from, to) => change(addLine(flow, from, to))}
            onDropKind={(kind, left, top) => addKind(kind as NodeKind, left, top)}
          />
        </Col>
        <Col flex="320px">
          <Card size="small" title={node ? '节点配置' : line ? '连线配置' : '流程设置'}>
            <NodeConfigPanel
              node={node}
              line={line}
              settings={flow.settings ?? {}}
              fields={fields}
              roles={directory.roles}
              userNames={userNames}
              readOnly={readOnly}
              onNode={(c) => node && change(updateNode(flow, node.id, c))}
              onLine={(c) => line && change(updateLine(flow, lineKey(line), c))}
              onSettings={(settings) => change({ ...flow, settings })}
              onRemoveNode={() => {
                if (!node) return;
                change(removeNode(flow, node.id));
                setSelectedNode(null);
              }}
              onRemoveLine={() => {
                if (!line) return;
                change(removeLine(flow, lineKey(line)));
                setSelectedLine(null);
              }}
              onUsers={(users: PickedUser[]) => setPicked((m) => new Map([...m, ...users.map((u) => [u.userid, u.username] as const)]))}
            />
          </Card>
          {!readOnly ? (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
              保存时校验：有且只有一个开始节点、每个节点都能从开始到达并到达结束、没有循环、每个条件分支有一条默认条件线、并行分支汇聚到同一个汇聚节点。保存后生成新版本，进行中的审批沿用原版本。
            </Typography.Paragraph>
          ) : null}
        </Col>
      </Row>
    </Flex>
  );
}

/** The shell hands the route's parameters in (`params.id`); it matches paths itself. */
export default function FlowDesignerPage({ params }: Partial<PageProps>) {
  const id = Number(params?.id) || null;
  const rights = useActionRights('oa', 'flow', ['create', 'edit'] as const);
  const [versionId, setVersionId] = useState<number | undefined>(undefined);
  const detail = useFlowDetail(id, versionId);
  if (id === null) {
    return <FlowDesigner key="new" id={null} initial={starterFlow()} meta={{ name: '', category: '', formMode: '', beizhu: '' }} readOnly={!rights.create} />;
  }
  if (detail.isLoading || !detail.data)
    return detail.isLoading ? <Spin style={{ display: 'block', padding: 48 }} /> : <Alert type="error" message="流程不存在" />;
  const d = detail.data;
  const current = d.versions[0]?.id === d.versionId;
  return (
    <Flex vertical gap={8}>
      {d.versions.length > 1 ? (
        <Space>
          <Typography.Text type="secondary">版本</Typography.Text>
          <Select
            style={{ width: 220 }}
            value={d.versionId}
            options={d.versions.map((v, i) => ({ label: `v${v.version}（${v.addTime}）${i === 0 ? ' 当前' : ''}`, value: v.id }))}
            onChange={(v: number) => setVersionId(v)}
            aria-label="版本"
          />
        </Space>
      ) : null}
      <FlowDesigner
        key={`${d.id}-${d.versionId}`}
        id={d.id}
        initial={d.WorlFlowJson}
        meta={{ name: d.name, category: d.category, formMode: d.formMode, beizhu: d.beizhu }}
        readOnly={!rights.edit || !current}
        versionLabel={`v${d.version}${d.inUse ? ' · 已使用' : ''}`}
      />
    </Flex>
  );
}
