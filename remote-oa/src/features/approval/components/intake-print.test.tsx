/** 打印 on a 进件 instance in the approval panel: the enabled 进件 template filled from the snapshot. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import type { ApprovalDetail } from '@portal/shared-contract';
import { IntakePrint } from './intake-print';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const TEMPLATE =
  '<p>{{entrySn}} {{customerName}} {{contractName}}</p><p>{{Money}}（{{MoneyUpper}}）{{riqi}}</p><p>{{UserName}} {{AddTime}} {{statusText}} {{fileNames}}</p>';

const DETAIL = {
  task: {
    id: 21,
    title: '李娜的进件：上海华信（8000.00元）',
    flowId: 3,
    flowName: '进件审核',
    modelId: 4,
    modelType: 'intake',
    Status: 2,
    statusText: '通过',
    UserName: '李娜',
    Header: '',
    AddTime: '2026-11-20 10:30',
    round: 1,
  },
  data: {
    entrySn: 'JJ202611200001',
    customerName: '上海华信',
    contractName: 'HT1',
    Money: '8000.00',
    riqi: '2026-11-20',
    files: [{ id: 1, FileName: '营业执照.pdf' }],
    beizhu: '',
  },
} as unknown as ApprovalDetail;

it('fills the 进件 template from the approval snapshot, the amount in capitals and the approval’s status', async () => {
  mockedApi.list.mockResolvedValue({ rows: [{ id: 8, name: '进件单' }], total: 1 } as never);
  mockedApi.fetch.mockResolvedValue({ content: TEMPLATE } as never);
  let printed = '';
  const append = document.body.appendChild.bind(document.body);
  jest.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const added = append(node);
    const win = node instanceof HTMLIFrameElement ? node.contentWindow : null;
    if (win) {
      win.focus = () => undefined;
      win.print = () => {
        printed = win.document.body.textContent ?? '';
      };
    }
    return added;
  });
  renderWithProviders(<IntakePrint detail={DETAIL} />);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /打印/ })));
  await waitFor(() => expect(printed).not.toBe(''));
  expect(mockedApi.list).toHaveBeenCalledWith('api/printTemp/index', expect.objectContaining({ module: 'entry', status: '1' }));
  expect(printed).toBe('JJ202611200001 上海华信 HT18,000.00（捌仟元整）2026-11-20李娜 2026-11-20 10:30 通过 营业执照.pdf');
});
