import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { uploadFile } from '../../widgets/upload-transport';
import { ImportWizard } from './import-wizard';
import type { DryRunReport, ImportPreview, ImportResult } from './import-types';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
jest.mock('../../widgets/upload-transport', () => ({ ...jest.requireActual('../../widgets/upload-transport'), uploadFile: jest.fn() }));
const mockedApi = jest.mocked(api);
const mockedUpload = jest.mocked(uploadFile);

const PREVIEW: ImportPreview = {
  token: 'a'.repeat(32),
  fileName: '客户.xlsx',
  headers: ['客户名称', '手机', '来源', '备注'],
  sampleRows: [['甲公司', '16600000001', '展会', '']],
  total: 4,
  fields: [
    { key: 'CustomerName', title: '客户名称', required: true },
    { key: 'contact_mobile', title: '手机号码', required: true },
    { key: 'LaiYuan', title: '客户来源', required: true },
    { key: 'beizhu', title: '备注', required: false },
  ],
  suggestedMapping: { CustomerName: 0, contact_mobile: 1, beizhu: 3 },
};
const REPORT: DryRunReport = {
  total: 4,
  valid: 2,
  rejected: [
    { row: 3, reason: '手机号码格式不正确', values: ['乙公司', '123', '展会', ''] },
    { row: 5, reason: '客户来源不存在', values: ['丁公司', '16600000004', '路过', ''] },
  ],
  skipped: [],
};

const ENDPOINTS = {
  preview: 'api/customer/ImportPreview',
  dryRun: 'api/customer/ImportDryRun',
  rejected: 'api/customer/ImportRejected',
  run: 'api/customer/Import',
};

function renderWizard() {
  const onImported = jest.fn();
  renderWithProviders(<ImportWizard open endpoints={ENDPOINTS} onClose={jest.fn()} onImported={onImported} />);
  return onImported;
}

/**
 * A button by its text. Role queries compute every candidate's accessible name over the whole modal
 * (the slowest part of this file); the text lookup finds the same button.
 */
const button = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLElement;
const findButton = async (text: string) => (await screen.findByText(text, { selector: 'button span' })).closest('button') as HTMLElement;

async function chooseFileAndUpload(name = '客户.xlsx') {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
  fireEvent.click(await findButton('下一步'));
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1]);
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedUpload.mockResolvedValue({ ok: true, file: PREVIEW as never });
  mockedApi.fetch.mockResolvedValue(REPORT);
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '成功导入2条客户', data: { total: 4, imported: 2, rejected: 2 } });
});

describe('批量导入', () => {
  it('uploads, maps columns by title, lists the rejected rows of the dry run, and imports only after 确认导入', async () => {
    const onImported = renderWizard();
    await chooseFileAndUpload();
    await waitFor(() => expect(mockedUpload).toHaveBeenCalledWith(expect.objectContaining({ url: 'api/customer/ImportPreview', params: {} })));

    // 字段对应: the suggestion is applied; 来源 has no match yet and 客户来源 is required.
    await screen.findByText('文件 客户.xlsx 共 4 行数据，请为每一列选择对应的字段（已按列名自动匹配）。');
    const mobileRow = screen.getByText('手机', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(within(mobileRow).getByText('手机号码（必填）')).toBeInTheDocument();
    fireEvent.click(button('检查数据'));
    expect(await screen.findByText('请为“客户来源”选择对应的列')).toBeInTheDocument();
    expect(mockedApi.fetch).not.toHaveBeenCalled();

    await chooseOption('来源 对应字段', '客户来源（必填）');
    fireEvent.click(button('检查数据'));
    await waitFor(() =>
      expect(mockedApi.fetch).toHaveBeenCalledWith('api/customer/ImportDryRun', {
        token: PREVIEW.token,
        mapping: { CustomerName: 0, contact_mobile: 1, LaiYuan: 2, beizhu: 3 },
      }),
    );

    // 检查数据: the counts and each rejected row with its row number and reason; nothing imported yet.
    expect(await screen.findByText('共 4 行，可导入 2 行，未通过 2 行')).toBeInTheDocument();
    const rejected = screen.getByText('手机号码格式不正确').closest('tr') as HTMLElement;
    expect(within(rejected).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByText('客户来源不存在').closest('tr') as HTMLElement).getByText('5')).toBeInTheDocument();
    expect(button('下载未通过的行')).toBeInTheDocument();
    expect(mockedApi.command).not.toHaveBeenCalled();

    fireEvent.click(button('确认导入'));
    await waitFor(() =>
      expect(mockedApi.command).toHaveBeenCalledWith('api/customer/Import', {
        token: PREVIEW.token,
        mapping: { CustomerName: 0, contact_mobile: 1, LaiYuan: 2, beizhu: 3 },
      }),
    );
    expect(await screen.findByText('成功导入 2 条，未导入 2 条')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith({ total: 4, imported: 2, rejected: 2 });
  });

  it('shows why an upload was refused and stays on the first step', async () => {
    mockedUpload.mockResolvedValue({ ok: false, message: '单次最多导入10000行数据，请拆分文件后再导入' });
    renderWizard();
    await chooseFileAndUpload();
    expect(await screen.findByText('单次最多导入10000行数据，请拆分文件后再导入')).toBeInTheDocument();
    expect(button('下一步')).toBeInTheDocument();
  });

  it('refuses a file that is not .xlsx before uploading', async () => {
    renderWizard();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '客户.csv')] } });
    expect(await screen.findByText('只支持导入 .xlsx 格式的Excel文件')).toBeInTheDocument();
    expect(button('下一步')).toBeDisabled();
  });
});

describe('a list’s template and result (the staff import)', () => {
  it('offers 下载模板 when the list has a template, and shows the list’s part of the answer on 完成', async () => {
    mockedUpload.mockResolvedValue({ ok: true, file: { ...PREVIEW, suggestedMapping: { CustomerName: 0, contact_mobile: 1, LaiYuan: 2 } } as never });
    mockedApi.command.mockResolvedValue({ result: 'success', msg: '成功导入2名员工', data: { total: 4, imported: 2, rejected: 2, passwords: ['p1'] } });
    const renderResult = (result: ImportResult) => <p>生成的密码：{String(result.passwords)}</p>;
    renderWithProviders(
      <ImportWizard open endpoints={{ ...ENDPOINTS, template: 'api/user/ImportTemplate' }} renderResult={renderResult} onClose={jest.fn()} />,
    );
    expect(button('下载模板')).toBeInTheDocument();
    await chooseFileAndUpload();
    fireEvent.click(await findButton('检查数据'));
    fireEvent.click(await findButton('确认导入'));
    expect(await screen.findByText('生成的密码：p1')).toBeInTheDocument();
  });

  it('has no 下载模板 without a template', () => {
    renderWizard();
    expect(screen.queryByText('下载模板')).toBeNull();
  });
});

describe('批量导入到公海 (duplicateChoice)', () => {
  const POOL_REPORT = (duplicates: 'skip' | 'new'): DryRunReport => ({
    total: 3,
    valid: duplicates === 'skip' ? 1 : 2,
    rejected: [{ row: 4, reason: '第4行：客户名称或手机号码在黑名单中，不能导入', values: [] }],
    skipped: duplicates === 'skip' ? [{ row: 3, reason: '与已有客户重复（手机号码），已跳过', values: [] }] : [],
    plan: [
      { row: 2, outcome: 'import', note: '导入公海' },
      duplicates === 'skip'
        ? { row: 3, outcome: 'skip', note: '与已有客户重复（手机号码），已跳过' }
        : { row: 3, outcome: 'import', note: '与已有客户重复（手机号码），导入为新客户' },
      { row: 4, outcome: 'reject', note: '第4行：客户名称或手机号码在黑名单中，不能导入' },
    ],
  });

  it('lists every row’s outcome, re-checks on 导入为新客户 and imports with that choice', async () => {
    mockedApi.fetch.mockImplementation(async (_url, data) => POOL_REPORT((data as { duplicates: 'skip' | 'new' }).duplicates) as never);
    mockedUpload.mockResolvedValue({ ok: true, file: { ...PREVIEW, suggestedMapping: { CustomerName: 0, contact_mobile: 1, LaiYuan: 2 } } as never });
    const pool = { preview: 'api/customer/PoolImportPreview', dryRun: 'api/customer/PoolImportDryRun', run: 'api/customer/PoolImport' };
    renderWithProviders(<ImportWizard open duplicateChoice endpoints={pool} onClose={jest.fn()} />);
    await chooseFileAndUpload();
    fireEvent.click(await screen.findByText('检查数据', { selector: 'button span' }));
    expect(await screen.findByText('共 3 行，可导入 1 行，跳过 1 行，未通过 1 行')).toBeInTheDocument();
    expect(mockedApi.fetch).toHaveBeenLastCalledWith('api/customer/PoolImportDryRun', expect.objectContaining({ duplicates: 'skip' }));
    expect(screen.getByText('与已有客户重复（手机号码），已跳过')).toBeInTheDocument();
    expect(screen.getByText('第4行：客户名称或手机号码在黑名单中，不能导入')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('导入为新客户'));
    expect(await screen.findByText('与已有客户重复（手机号码），导入为新客户')).toBeInTheDocument();
    expect(mockedApi.fetch).toHaveBeenLastCalledWith('api/customer/PoolImportDryRun', expect.objectContaining({ duplicates: 'new' }));
    const confirm = screen.getByText('确认导入', { selector: 'button span' }).closest('button') as HTMLElement;
    await waitFor(() => expect(confirm).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(confirm);
    await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/customer/PoolImport', expect.objectContaining({ duplicates: 'new' })));
  });
});
