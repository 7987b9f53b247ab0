import { api } from '@portal/shared-core';
import type { EnabledFlow } from '@portal/shared-contract';
import { submitApproval } from './submit-api';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const flow = (formMode: string, id: number): EnabledFlow => ({
  id,
  name: formMode,
  category: '',
  formMode,
  formId: 1,
  formTitle: '',
  apiAdd: '',
  beizhu: '',
  chosenNodes: [],
});

test('an expense claim goes to api/baoxiao/add with its values; a work form to api/WorkFlow/Approval as one JSON data; cc and chosen approvers as JSON', async () => {
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '提交成功' });
  await submitApproval({ flow: flow('baoxiao', 1), values: { type: '1', title: '差旅', Money: 6000 }, cc: [{ userid: 8, username: '赵强' }], chosen: {} });
  expect(mockedApi.command).toHaveBeenLastCalledWith('api/baoxiao/add', {
    type: '1',
    title: '差旅',
    Money: 6000,
    flowId: 1,
    cc: '[{"userid":8,"username":"赵强"}]',
    chosen: undefined,
  });
  await submitApproval({ flow: flow('leave', 2), values: { days: '2' }, cc: [], chosen: { boss: [3] } });
  expect(mockedApi.command).toHaveBeenLastCalledWith('api/WorkFlow/Approval', { flowId: 2, cc: undefined, chosen: '{"boss":[3]}', data: '{"days":"2"}' });
});
