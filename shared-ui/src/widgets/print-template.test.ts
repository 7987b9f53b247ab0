import { amountInCapitals, contractPrintValues, fillPrintTemplate, intakePrintValues, PRINT_PLACEHOLDERS } from './print-template';

describe('fillPrintTemplate', () => {
  it('puts values in as text and a table placeholder as a table', () => {
    const html = fillPrintTemplate(
      '<h2>报销单</h2><p>事由：{{title}}</p><p>金额：{{ Money }} 元</p>{{items}}<p>{{unknown}}</p>',
      { title: '客户拜访 <b>上海</b>', Money: '6000.00' },
      {
        items: {
          columns: [
            { key: 'riqi', title: '日期' },
            { key: 'amount', title: '金额' },
          ],
          rows: [{ riqi: '2026-11-20', amount: '6000.00' }],
        },
      },
    );
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('p')?.textContent).toBe('事由：客户拜访 <b>上海</b>');
    expect(box.querySelector('b')).toBeNull();
    expect([...box.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['日期', '金额']);
    expect([...box.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2026-11-20', '6000.00']);
    expect(box.querySelectorAll('p')[2].textContent).toBe('');
  });

  it('keeps the layout styles of a template but drops scripts and handlers', () => {
    const html = fillPrintTemplate('<h2 style="text-align:center" onclick="alert(1)">{{title}}</h2><script>alert(2)</script><img src="x" onerror="alert(3)">', {
      title: '报销',
    });
    expect(html).toContain('text-align:center');
    expect(html).not.toMatch(/onclick|onerror|<script/);
  });
});

describe('amountInCapitals', () => {
  it.each([
    [6000, '陆仟元整'],
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    [1010, '壹仟零壹拾元整'],
    [10001, '壹万零壹元整'],
    [100000, '壹拾万元整'],
    [120000000, '壹亿贰仟万元整'],
    [100010000, '壹亿零壹万元整'],
    [1.05, '壹元零伍分'],
    [0.5, '伍角'],
    [0, '零元整'],
  ])('%s → %s', (amount, text) => {
    expect(amountInCapitals(amount)).toBe(text);
  });
});

describe('contractPrintValues', () => {
  const contract = {
    orderSn: 'HT1',
    title: '年度服务合同',
    customerName: '华信',
    Money: 1234.5,
    status: 1,
    signDate: '2026-11-20',
    UserName: '李娜',
    isInvoiced: 1,
  };

  it('fills every contract placeholder the template editor lists; the amount formatted and in capitals', () => {
    const values = contractPrintValues(contract);
    expect(Object.keys(values).sort()).toEqual(PRINT_PLACEHOLDERS.contract.map((p) => p.key).sort());
    expect(values).toMatchObject({ Money: '1,234.50', MoneyUpper: '壹仟贰佰叁拾肆元伍角', statusText: '审核中', invoicedText: '已开票', startDate: '' });
  });

  it('a masked amount prints masked, a hidden one empty', () => {
    expect(contractPrintValues({ ...contract, Money: '****' })).toMatchObject({ Money: '****', MoneyUpper: '****' });
    expect(contractPrintValues({ ...contract, Money: undefined })).toMatchObject({ Money: '', MoneyUpper: '' });
  });
});

describe('intakePrintValues', () => {
  const intake = {
    entrySn: 'JJ202611200001',
    customerName: '华信',
    contractName: 'HT1',
    Money: '12345.60',
    riqi: '2026-11-20',
    files: [
      { id: 1, FileName: '营业执照.pdf' },
      { id: 2, FileName: '合同扫描件.pdf' },
    ],
    UserName: '李娜',
    BranchName: '销售一部',
    AddTime: '2026-11-20 10:00',
    status: 2,
  };

  it('fills every 进件 placeholder the template editor lists; the amount formatted and in capitals, the files by name', () => {
    const values = intakePrintValues(intake);
    expect(Object.keys(values).sort()).toEqual(PRINT_PLACEHOLDERS.entry.map((p) => p.key).sort());
    expect(values).toMatchObject({
      Money: '12,345.60',
      MoneyUpper: '壹万贰仟叁佰肆拾伍元陆角',
      statusText: '通过',
      fileNames: '营业执照.pdf、合同扫描件.pdf',
      beizhu: '',
    });
    expect(intakePrintValues({ ...intake, Money: '****' }, '审核中')).toMatchObject({ Money: '****', MoneyUpper: '****', statusText: '审核中' });
  });
});
