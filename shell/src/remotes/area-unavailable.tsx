/** Shown when a remote area's code could not be loaded; the rest of the portal keeps working. */
import { Button, Result } from 'antd';
import { useState } from 'react';
import type { RemoteArea } from '@portal/shared-core';
import { text } from '../i18n/shell-texts';
import { useRemoteAreas } from './remote-areas-store';

export function AreaUnavailable({ area }: { area: RemoteArea }) {
  const retry = useRemoteAreas((s) => s.retry);
  const [retrying, setRetrying] = useState(false);

  async function handleRetry() {
    setRetrying(true);
    try {
      await retry(area);
    } finally {
      setRetrying(false);
    }
  }

  return (
    <Result
      status="warning"
      title={text('areaUnavailableTitle')}
      subTitle={text('areaUnavailableTip')}
      extra={
        <Button type="primary" loading={retrying} onClick={handleRetry}>
          {text('retry')}
        </Button>
      }
    />
  );
}
