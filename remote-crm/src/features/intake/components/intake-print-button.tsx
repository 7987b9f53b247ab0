/**
 * 打印 on an intake: the enabled 进件 print template (module `entry`), filled from the intake's
 * details as the server answers them (read on the click), the amount in capitals.
 */
import { useQueryClient } from '@tanstack/react-query';
import { intakeKeys } from '@portal/shared-core';
import { intakePrintValues, PrintRecordButton } from '@portal/shared-ui';
import { fetchIntake, type IntakeRow } from '../api/intake-api';

export function IntakePrintButton({ row, size = 'small' }: { row: Pick<IntakeRow, 'id' | 'entrySn'>; size?: 'small' | 'middle' }) {
  const queryClient = useQueryClient();
  const load = async () => {
    const detail = await queryClient.fetchQuery({ queryKey: intakeKeys.detail(row.id), queryFn: () => fetchIntake(row.id) });
    return { values: intakePrintValues(detail) };
  };
  return <PrintRecordButton module="entry" title={`进件 ${row.entrySn}`} size={size} load={load} />;
}
