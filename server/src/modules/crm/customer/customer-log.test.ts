import { contactEditLog, customerEditLog, quotesInOldText, textForViewer, type ViewerRules } from './customer-log';
import { NO_RULES, type MaskMode } from '../../system/field-mask/field-mask';

const rules = (customer: Record<string, MaskMode> = {}, contact: Record<string, MaskMode> = {}): ViewerRules => ({
  customer: new Map(Object.entries(customer)),
  contact: new Map(Object.entries(contact)),
  contract: NO_RULES,
});

describe('customer log quotes', () => {
  test('the edit log quotes each changed value under its field', () => {
    const entry = customerEditLog(1, [
      ['客户名称', '华信科技', '华信集团'],
      ['地址', '', '上海'],
    ]);
    expect(entry.ext).toBe('客户名称：华信科技 → 华信集团；地址：空 → 上海');
    expect(entry.quoted).toEqual([
      { module: 'customer', field: 'CustomerName', value: '华信科技' },
      { module: 'customer', field: 'CustomerName', value: '华信集团' },
      { module: 'customer', field: 'address', value: '上海' },
    ]);
    expect(quotesInOldText('edit', entry.ext)).toEqual(entry.quoted);
  });

  test('the contact edit log quotes the name and the changed fields; old sentences give the same quotes', () => {
    const entry = contactEditLog(1, '王磊', [['手机', '13800138000', '13900139000']]);
    expect(entry.ext).toBe('修改联系人 王磊：手机 13800138000 → 13900139000');
    expect(quotesInOldText('contact', entry.ext)).toEqual(entry.quoted);
    expect(quotesInOldText('contact', '设为首要联系人：李雷')).toEqual([{ module: 'contact', field: 'contactName', value: '李雷' }]);
    expect(quotesInOldText('followup', '添加跟进（电话，联系人：韩梅梅）：约了下周')).toEqual([{ module: 'contact', field: 'contactName', value: '韩梅梅' }]);
    expect(quotesInOldText('merge', '已合并到“华信集团”（#3）')).toEqual([{ module: 'customer', field: 'CustomerName', value: '华信集团' }]);
    expect(quotesInOldText('owner', '分配给 张伟')).toEqual([]);
  });

  test('a viewer sees masked values masked, hidden ones as ***, the longer value first; others as written', () => {
    const entry = contactEditLog(1, '王磊', [['姓名', '王磊', '王磊磊']]);
    const quoted = JSON.stringify(entry.quoted);
    expect(textForViewer(entry.ext, quoted, rules())).toBe('修改联系人 王磊：姓名 王磊 → 王磊磊');
    expect(textForViewer(entry.ext, quoted, rules({}, { contactName: 'mask' }))).toBe('修改联系人 王***：姓名 王*** → 王***');
    expect(textForViewer(entry.ext, quoted, rules({}, { contactName: 'hidden' }))).toBe('修改联系人 ***：姓名 *** → ***');
    // Phones not quoted (older rows) still follow the 手机号码 rule.
    expect(textForViewer('来电 13812345678', '[]', rules({ contact_mobile: 'mask' }))).toBe('来电 138****5678');
    expect(textForViewer('x', 'not json', rules({ CustomerName: 'mask' }))).toBe('x');
  });
});
