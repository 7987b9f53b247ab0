/** divider: a section title across the whole form row; it holds no value. */
import { Divider } from 'antd';
import type { ControlProps } from '../types';

export function DividerControl({ field }: Pick<ControlProps, 'field'>) {
  return (
    <Divider titlePlacement="start" style={{ margin: '8px 0' }}>
      {field.title}
    </Divider>
  );
}
