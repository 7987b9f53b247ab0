import { addLine, fromJsPlumbConnector, moveNode, newNode, removeNode, starterFlow, toJsPlumbConnector } from './flow-json';

test('connectors convert between the stored array form and jsPlumb 6 specs', () => {
  expect(toJsPlumbConnector(['Bezier', { curviness: 50 }])).toEqual({ type: 'Bezier', options: { curviness: 50 } });
  expect(toJsPlumbConnector('Flowchart')).toEqual({ type: 'Flowchart', options: {} });
  expect(toJsPlumbConnector(undefined)).toEqual({ type: 'Bezier', options: { curviness: 50 } });
  expect(fromJsPlumbConnector({ type: 'Straight', options: { gap: 2 } })).toEqual(['Straight', { gap: 2 }]);
});

test('new nodes get unused ids and the spec positions; lines from a condition get a rule, then the default', () => {
  let flow = starterFlow();
  expect(flow.nodes.map((n) => n.config.kind)).toEqual(['start', 'approver', 'end']);
  expect(flow.nodes[0]).toMatchObject({ left: '240px', top: '20px', name: '发起人' });
  const c = newNode(flow, 'condition', 10, 10);
  expect(flow.nodes.some((n) => n.id === c.id)).toBe(false);
  flow = { ...flow, nodes: [...flow.nodes, c] };
  flow = addLine(flow, c.id, flow.nodes[1].id);
  flow = addLine(flow, c.id, flow.nodes[2].id);
  const out = flow.lines.filter((l) => l.from === c.id);
  expect(out[0].condition).toEqual({ rules: [{ field: '', op: '>', value: '' }] });
  expect(out[1].condition).toEqual({ rules: [], isDefault: true });
  expect(addLine(flow, c.id, c.id)).toBe(flow);
  expect(moveNode(flow, c.id, -5, 30).nodes.find((n) => n.id === c.id)).toMatchObject({ left: '0px', top: '30px' });
  expect(removeNode(flow, c.id).lines.some((l) => l.from === c.id)).toBe(false);
});
