/** A new record started from a contract copies the fields the contract's details share. */
import type { FieldDefinition } from './types';
import { prefillValues } from './prefill';

const PAYMENT: FieldDefinition[] = [
  { type: 'contract', field: 'contractId', field2: 'contractName', title: '回款合同' },
  { type: 'number', field: 'Money', title: '回款金额' },
  { type: 'textarea', field: 'beizhu', title: '备注' },
];

it('copies the contract, its number and the shared fields', () => {
  expect(prefillValues(PAYMENT, { orderSn: 'HT1', Money: 12800.5, beizhu: '首付' }, { contractId: 3 })).toMatchObject({
    contractId: 3,
    contractName: 'HT1',
    Money: 12800.5,
    beizhu: '首付',
  });
});

it('an amount 字段权限 masks (****) is not copied into a number field', () => {
  const values = prefillValues(PAYMENT, { orderSn: 'HT1', Money: '****', beizhu: '' }, { contractId: 3 });
  expect(values).not.toHaveProperty('Money');
  expect(values).toMatchObject({ contractId: 3, contractName: 'HT1' });
});
