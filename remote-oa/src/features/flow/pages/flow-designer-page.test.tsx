import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, ApiError } from '@portal/shared-core';
import { starterFlow } from '../flow-json';
import { FlowDesigner } from './flow-designer-page';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
// jsdom lays nothing out: the wrapper's drawing library is replaced by a recorder.
const connections: { id: string }[] = [];
const handlers: Record<string, (info: unknown) => void> = {};
const sourceSelectors: string[] = [];
jest.mock('@jsplumb/browser-ui', () => ({
  newInstance: () => ({
    bind: (event: string, handler: (info: unknown) => void) => {
      handlers[event] = handler;
    },
    destroy: jest.fn(),
    deleteEveryConnection: () => connections.splice(0),
    deleteConnection: jest.fn(),
    connect: (p: { id: string }) => connections.push(p),
    revalidate: jest.fn(),
    manage: jest.fn(),
    addSourceSelector: (selector: string) => sourceSelectors.push(selector),
    addTargetSelector: jest.fn(),
  }),
}));
const mockedApi = jest.mocked(api);

const meta = { name: '费用报销', category: '财务', formMode: 'baoxiao', beizhu: '' };
const buttonText = (text: string, container: HTMLElement = document.body) =>
  within(container).queryByText((c, el) => el?.tagName === 'SPAN' && el.parentElement?.tagName === 'BUTTON' && c.replace(/\s/g, '') === text);

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.list.mockResolvedValue({ rows: [{ id: 1, mode: 'baoxiao', title: '费用报销' }], total: 1 });
  mockedApi.fetch.mockImplementation(
    async (url: string) =>
      (url === 'api/flow/directory' ? { roles: [], users: [] } : { cols: 2, items: [], api_add: '', api_edit: '', api_detail: '' }) as never,
  );
});

// antd builds each component's styles on its first render: done once, so each test measures its own behaviour.
beforeAll(() => {
  mockedApi.list.mockResolvedValue({ rows: [], total: 0 });
  mockedApi.fetch.mockResolvedValue({ roles: [], users: [] });
  renderDesigner(false).unmount();
});

function renderDesigner(readOnly = false) {
  return renderWithProviders(
    <MemoryRouter>
      <FlowDesigner id={1} initial={starterFlow()} meta={meta} readOnly={readOnly} />
    </MemoryRouter>,
  );
}

test('jsPlumb draws the lines; a palette click adds a node', () => {
  renderDesigner();
  expect(connections.map((c) => c.id)).toEqual(['node1->node2', 'node2->node3']);
  fireEvent.click(buttonText('结束')!.closest('button')!);
  expect(document.querySelectorAll('[data-node-id]')).toHaveLength(4);
});

test("a connection dragged from a node's connector (jsPlumb) becomes a line; the faulty node shows the server's message", async () => {
  renderDesigner();
  expect(sourceSelectors.at(-1)).toBe('.flow-node-port');
  expect(document.querySelectorAll('[data-node-id] .flow-node-port')).toHaveLength(2);
  const node = (id: string) => document.querySelector(`[data-node-id="${id}"]`)!;
  act(() => handlers.connection({ connection: {}, source: node('node1'), target: node('node3') }));
  expect(connections.map((c) => c.id)).toContain('node1->node3');
  mockedApi.command.mockRejectedValueOnce(
    new ApiError('server', '条件分支「x」必须有且只有一条默认条件线', {
      status: 400,
      reply: { result: 'error', msg: '条件分支「x」必须有且只有一条默认条件线', data: { nodeId: 'node1' } },
    }),
  );
  fireEvent.click(buttonText('保存')!.closest('button')!);
  await waitFor(() => expect(node('node1').querySelector('[role="alert"]')?.textContent).toBe('条件分支「x」必须有且只有一条默认条件线'));
});

test('保存 sends the WorlFlowJson; a refusal marks the node it names', async () => {
  renderDesigner();
  mockedApi.command.mockRejectedValueOnce(
    new ApiError('server', '审批节点「部门负责人」未设置审批人', {
      status: 400,
      reply: { result: 'error', msg: '审批节点「部门负责人」未设置审批人', data: { nodeId: 'node2' } },
    }),
  );
  fireEvent.click(buttonText('保存')!.closest('button')!);
  await waitFor(() => expect(document.querySelector('[data-node-id="node2"]')?.getAttribute('data-faulty')).toBe('true'));
  const [url, body] = mockedApi.command.mock.calls[0] as [string, Record<string, string>];
  expect(url).toBe('api/flow/Edit');
  expect(JSON.parse(body.WorlFlowJson).nodes.map((n: { config: { kind: string } }) => n.config.kind)).toEqual(['start', 'approver', 'end']);
  expect(screen.getByText('审批节点「部门负责人」未设置审批人', { selector: '.ant-alert-title, .ant-alert-message' })).toBeInTheDocument();
});

test('a read-only version has no palette and no 保存', () => {
  renderDesigner(true);
  expect(buttonText('保存')).toBeNull();
  expect(buttonText('抄送')).toBeNull();
  expect(screen.getByText('只读')).toBeInTheDocument();
});
