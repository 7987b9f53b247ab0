/**
 * One definition of the customer lists: the server serves and checks the contract's table, the very
 * object the remote renders (remote-crm imports @portal/shared-contract/customer-views), and adds
 * only which customers each view shows.
 */
import * as contract from '@portal/shared-contract';
import { CUSTOMER_VIEWS, VIEW_KEYS, VIEW_PRESETS, viewPageRight, viewRight } from '../src/modules/crm/customer/customer-views';

describe('customer view definitions', () => {
  it('are the contract’s table, not a copy', () => {
    expect(CUSTOMER_VIEWS).toBe(contract.CUSTOMER_VIEWS);
    expect(VIEW_KEYS).toBe(contract.CUSTOMER_VIEW_KEYS);
    expect(Object.keys(CUSTOMER_VIEWS)).toEqual([...VIEW_KEYS]);
  });

  it('every view has a preset, and every right it names is a right the server knows', () => {
    expect(Object.keys(VIEW_PRESETS).sort()).toEqual([...VIEW_KEYS].sort());
    for (const view of VIEW_KEYS) {
      expect(() => viewPageRight(view)).not.toThrow();
      for (const action of CUSTOMER_VIEWS[view].actions) expect(() => viewRight(action.right)).not.toThrow();
      if (CUSTOMER_VIEWS[view].poolImport) expect(() => viewRight(CUSTOMER_VIEWS[view].poolImport!)).not.toThrow();
    }
  });
});
