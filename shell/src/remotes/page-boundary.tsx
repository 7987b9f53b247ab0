/**
 * Error boundary around every remote page (spec §2.1): when a page's code fails to load, the pending
 * route is reloaded once; if it fails again, the user sees why and can reload by hand.
 */
import { Button, Result } from 'antd';
import { Component, useEffect, type ReactNode } from 'react';
import { text } from '../i18n/shell-texts';

const RELOAD_MARK = 'portal-chunk-reload';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Loading script failed/i.test(
      error.message,
    )
  );
}

type Props = { path: string; children: ReactNode; reload?: () => void };
type State = { error: Error | null };

export class PageBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    if (!isChunkLoadError(error)) return;
    // Reload once per path: a new deployment may have replaced the chunks this page asked for.
    if (sessionStorage.getItem(RELOAD_MARK) === this.props.path) return;
    sessionStorage.setItem(RELOAD_MARK, this.props.path);
    (this.props.reload ?? (() => window.location.reload()))();
  }

  override render() {
    const { error } = this.state;
    if (!error) return <LoadedMark path={this.props.path}>{this.props.children}</LoadedMark>;
    return (
      <Result
        status="error"
        title={text('pageLoadFailed')}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {text('reload')}
          </Button>
        }
      />
    );
  }
}

/** Once the page renders, a later chunk failure on this path may reload again. */
function LoadedMark({ path, children }: { path: string; children: ReactNode }) {
  useEffect(() => {
    if (sessionStorage.getItem(RELOAD_MARK) === path) sessionStorage.removeItem(RELOAD_MARK);
  }, [path]);
  return <>{children}</>;
}
