/**
 * The one component that knows @jsplumb/browser-ui. React owns the node elements (absolutely
 * positioned divs, dragged with pointer events); jsPlumb only draws the connections between them.
 * The instance is created in an effect and destroyed in its cleanup (safe under StrictMode's double
 * mount); connections are redrawn from the lines whenever they change, and `revalidate` follows a
 * node React moved. Connecting: drag from a node's connector (the dot at its bottom edge) onto another
 * node — jsPlumb's drag-to-connect (`addSourceSelector` / `addTargetSelector`); the connection it draws
 * is handed to `onConnect` and replaced by the one drawn from the lines — or click-to-click in 连线
 * mode: click the source node, then the target.
 */
import { useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { newInstance, type BrowserJsPlumbInstance } from '@jsplumb/browser-ui';
import type { FlowNode, WorlFlowJson } from '@portal/shared-contract';
import { fromPx, KIND_TEXT, lineKey, toJsPlumbConnector } from '../flow-json';

export const CANVAS_NODE_WIDTH = 140;

export type FlowCanvasProps = {
  flow: WorlFlowJson;
  readOnly?: boolean;
  /** 连线 mode: clicks pick a source and then a target. */
  connecting?: boolean;
  selectedNode?: string | null;
  selectedLine?: string | null;
  /** The node the server's validation named (shown in red, with the server's message on it). */
  faultyNode?: string | null;
  faultyMessage?: string;
  /** Per node: tint and caption (read-only view of a running instance). */
  completedNodes?: ReadonlySet<string>;
  onSelectNode?: (id: string | null) => void;
  onSelectLine?: (key: string | null) => void;
  onMoveNode?: (id: string, left: number, top: number) => void;
  onConnect?: (from: string, to: string) => void;
  /** A palette item dropped on the canvas at (left, top). */
  onDropKind?: (kind: string, left: number, top: number) => void;
};

/** The connector a connection is dragged from (jsPlumb's source selector). */
export const PORT_CLASS = 'flow-node-port';

type NodeBoxProps = {
  node: FlowNode;
  selected: boolean;
  faulty: boolean;
  faultyMessage?: string;
  completed: boolean;
  withPort: boolean;
  onPointerDown: (e: ReactPointerEvent<HTMLDivElement>) => void;
};

function NodeBox({ node, selected, faulty, faultyMessage, completed, withPort, onPointerDown }: NodeBoxProps) {
  const border = faulty ? '2px solid #ff4d4f' : selected ? '2px solid #1677ff' : '1px solid #d9d9d9';
  return (
    <div
      data-node-id={node.id}
      data-faulty={faulty ? 'true' : undefined}
      onPointerDown={onPointerDown}
      style={{
        position: 'absolute',
        left: fromPx(node.left),
        top: fromPx(node.top),
        width: CANVAS_NODE_WIDTH,
        padding: '6px 8px',
        borderRadius: 6,
        border,
        background: completed ? '#d9f7be' : node.bgcolor || '#fff',
        cursor: 'pointer',
        userSelect: 'none',
        textAlign: 'center',
        boxShadow: '0 1px 2px rgba(0,0,0,0.06)',
      }}
    >
      <div style={{ fontSize: 11, color: '#8c8c8c' }}>{KIND_TEXT[node.config.kind] ?? ''}</div>
      <div style={{ fontSize: 13 }}>{node.name}</div>
      {faulty && faultyMessage ? (
        <div role="alert" className="flow-node-fault" style={{ fontSize: 12, color: '#ff4d4f', marginTop: 2 }}>
          {faultyMessage}
        </div>
      ) : null}
      {withPort && node.config.kind !== 'end' ? (
        <div
          className={PORT_CLASS}
          title="拖动到另一个节点以连线"
          style={{
            position: 'absolute',
            left: '50%',
            bottom: -7,
            width: 12,
            height: 12,
            marginLeft: -6,
            borderRadius: '50%',
            background: '#1677ff',
            border: '2px solid #fff',
            cursor: 'crosshair',
          }}
        />
      ) : null}
    </div>
  );
}

/** Line labels sit above the connectors (whose strokes would take the click) and read as buttons. */
const LABEL_CSS = `
.flow-line-label { z-index: 4; background: #fff; border: 1px solid #d9d9d9; border-radius: 4px; padding: 0 6px; font-size: 12px; line-height: 20px; color: #595959; white-space: nowrap; cursor: pointer; }
.flow-line-label:hover, .flow-line-label-selected { border-color: #1677ff; color: #1677ff; }
`;

/** The line a label belongs to: its `flow-line-label-<i>` class indexes the drawn lines' keys. */
export function lineKeyOfLabel(target: EventTarget | null, keys: readonly string[]): string | null {
  const label = (target as Element | null)?.closest?.('.flow-line-label');
  const index = label ? /(?:^|\s)flow-line-label-(\d+)(?:\s|$)/.exec(label.className)?.[1] : undefined;
  return index === undefined ? null : (keys[Number(index)] ?? null);
}

export function FlowCanvas({
  flow,
  readOnly,
  connecting,
  selectedNode,
  selectedLine,
  faultyNode,
  faultyMessage,
  completedNodes,
  onSelectNode,
  onSelectLine,
  onMoveNode,
  onConnect,
  onDropKind,
}: FlowCanvasProps) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const instanceRef = useRef<BrowserJsPlumbInstance | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const drag = useRef<{ id: string; dx: number; dy: number; moved: boolean } | null>(null);
  const [dragPos, setDragPos] = useState<{ id: string; left: number; top: number } | null>(null);
  const selectLine = useRef(onSelectLine);
  selectLine.current = onSelectLine;
  const connect = useRef(onConnect);
  connect.current = onConnect;
  /** True while the lines are drawn: connections made then are ours, not the user's. */
  const drawing = useRef(false);
  /** The key of each drawn line, by the index its label carries (`flow-line-label-<i>`). */
  const labelKeys = useRef<string[]>([]);

  // One jsPlumb instance per mounted canvas (a layout effect, declared first: the drawing below needs it on the first pass).
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const instance = newInstance({ container, elementsDraggable: false });
    instance.bind('connection:click', (connection: { id: string }) => selectLine.current?.(connection.id));
    // A press on a line's label selects the line. Caught on the way down (capture), before jsPlumb's
    // own handlers on the container, whose overlay click events Chromium did not deliver reliably.
    const pressLabel = (e: PointerEvent) => {
      const key = lineKeyOfLabel(e.target, labelKeys.current);
      if (key === null) return;
      e.stopPropagation();
      selectLine.current?.(key);
    };
    container.addEventListener('pointerdown', pressLabel, true);
    if (!readOnly) {
      // Drag-to-connect: from a node's connector onto any node; the line is added by onConnect and
      // drawn with the others, so jsPlumb's own copy is removed at once.
      instance.addSourceSelector(`.${PORT_CLASS}`, {
        anchor: 'Bottom',
        endpoint: 'Blank',
        connector: { type: 'Bezier', options: { curviness: 40 } },
        paintStyle: { stroke: '#1677ff', strokeWidth: 2 },
      });
      instance.addTargetSelector('[data-node-id]', { anchor: 'Top', endpoint: 'Blank', allowLoopback: false });
      instance.bind('connection', (info: { connection: Parameters<BrowserJsPlumbInstance['deleteConnection']>[0]; source: Element; target: Element }) => {
        if (drawing.current) return;
        const from = info.source.getAttribute('data-node-id');
        const to = info.target.getAttribute('data-node-id');
        queueMicrotask(() => instance.deleteConnection(info.connection));
        if (from && to && from !== to) connect.current?.(from, to);
      });
    }
    instanceRef.current = instance;
    return () => {
      container.removeEventListener('pointerdown', pressLabel, true);
      instance.destroy();
      instanceRef.current = null;
    };
    // The instance lives as long as the canvas and its readOnly (a version opens its own designer, so
    // readOnly is in practice fixed per mount; were it to change, a new instance is made and drawn below).
  }, [readOnly]);

  // Redraw every connection from the lines (a handful per flow: simpler than diffing).
  const shown = dragPos ? { ...flow, nodes: flow.nodes.map((n) => (n.id === dragPos.id ? { ...n, left: dragPos.left, top: dragPos.top } : n)) } : flow;
  useLayoutEffect(() => {
    const instance = instanceRef.current;
    const container = containerRef.current;
    if (!instance || !container) return;
    drawing.current = true;
    instance.deleteEveryConnection();
    const el = (id: string) => container.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`);
    // Every node is managed (a drop target for drag-to-connect), connected or not.
    for (const n of flow.nodes) {
      const node = el(n.id);
      if (node) instance.manage(node);
    }
    labelKeys.current = flow.lines.map(lineKey);
    flow.lines.forEach((line, index) => {
      const a = el(line.from);
      const b = el(line.to);
      if (!a || !b) return;
      const key = lineKey(line);
      const selected = key === selectedLine;
      instance.connect({
        id: key,
        source: a,
        target: b,
        connector: toJsPlumbConnector(line.connector),
        anchors: ['Bottom', 'Top'],
        endpoint: 'Blank',
        paintStyle: { stroke: selected ? '#1677ff' : line.condition?.isDefault ? '#bfbfbf' : '#8c8c8c', strokeWidth: 2 },
        overlays: [
          { type: 'Arrow', options: { location: 1, width: 10, length: 10 } },
          // The label selects its line too: a broader target than the 2 px stroke.
          ...(line.label
            ? [
                {
                  type: 'Label',
                  options: {
                    label: line.label,
                    location: 0.5,
                    cssClass: `flow-line-label flow-line-label-${index}${selected ? ' flow-line-label-selected' : ''}`,
                  },
                },
              ]
            : []),
        ],
        detachable: false,
      });
    });
    drawing.current = false;
    // readOnly: a new instance (above) starts empty, so it is drawn anew.
  }, [flow.lines, flow.nodes, selectedLine, readOnly]);

  // After React moved a node, jsPlumb re-reads its position.
  useLayoutEffect(() => {
    const instance = instanceRef.current;
    const container = containerRef.current;
    if (!instance || !container || !dragPos) return;
    const el = container.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(dragPos.id)}"]`);
    if (el) instance.revalidate(el);
  }, [dragPos]);

  function handleNodeDown(e: ReactPointerEvent<HTMLDivElement>, node: FlowNode) {
    e.stopPropagation();
    // A press on the connector belongs to jsPlumb's drag-to-connect: no selection, no node drag.
    if ((e.target as HTMLElement).closest?.(`.${PORT_CLASS}`)) return;
    if (connecting && !readOnly) {
      if (source === null) setSource(node.id);
      else {
        onConnect?.(source, node.id);
        setSource(null);
      }
      return;
    }
    onSelectNode?.(node.id);
    onSelectLine?.(null);
    if (readOnly) return;
    drag.current = { id: node.id, dx: e.clientX - fromPx(node.left), dy: e.clientY - fromPx(node.top), moved: false };
    (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
  }

  function handleMove(e: ReactPointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    d.moved = true;
    setDragPos({ id: d.id, left: Math.max(0, e.clientX - d.dx), top: Math.max(0, e.clientY - d.dy) });
  }

  function handleUp() {
    const d = drag.current;
    drag.current = null;
    if (d?.moved && dragPos) onMoveNode?.(d.id, dragPos.left, dragPos.top);
    setDragPos(null);
  }

  const width = Math.max(900, ...shown.nodes.map((n) => fromPx(n.left) + CANVAS_NODE_WIDTH + 80));
  const height = Math.max(560, ...shown.nodes.map((n) => fromPx(n.top) + 120));
  return (
    <div
      style={{
        overflow: 'auto',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        background: 'repeating-linear-gradient(0deg,#fafafa,#fafafa 19px,#f0f0f0 20px)',
      }}
    >
      <div
        ref={containerRef}
        aria-label="流程画布"
        data-connecting={connecting ? (source ?? 'true') : undefined}
        style={{ position: 'relative', width, height }}
        onPointerMove={handleMove}
        onPointerUp={handleUp}
        onPointerDown={() => {
          onSelectNode?.(null);
          onSelectLine?.(null);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          const kind = e.dataTransfer.getData('text/flow-kind');
          if (!kind || readOnly) return;
          const box = e.currentTarget.getBoundingClientRect();
          onDropKind?.(kind, e.clientX - box.left - CANVAS_NODE_WIDTH / 2, e.clientY - box.top - 20);
        }}
      >
        <style>{LABEL_CSS}</style>
        {shown.nodes.map((n) => (
          <NodeBox
            key={n.id}
            node={n}
            selected={n.id === selectedNode || n.id === source}
            faulty={n.id === faultyNode}
            faultyMessage={faultyMessage}
            withPort={!readOnly}
            completed={completedNodes?.has(n.id) ?? false}
            onPointerDown={(e) => handleNodeDown(e, n)}
          />
        ))}
      </div>
    </div>
  );
}
