/** What a field of a type no control knows shows instead of an input (spec §2.6). */
import { Typography } from 'antd';
import { MESSAGES } from '@portal/shared-core';
import type { FieldDefinition } from '../types';

export function UnknownControl({ field }: { field: Pick<FieldDefinition, 'type'> }) {
  return (
    <Typography.Text type="danger" title={field.type}>
      {MESSAGES.unknownControl}
    </Typography.Text>
  );
}
