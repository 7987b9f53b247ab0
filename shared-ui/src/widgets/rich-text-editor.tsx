/**
 * The rich-text editor (spec §2.6, §9: height 360, font sizes 11–48 px). TinyMCE is imported
 * lazily, so it is downloaded only when an editor is shown; if that download (or TinyMCE's own
 * loader) fails, the loader's message is shown instead of the editor.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Alert, Skeleton } from 'antd';

export type RichTextEditorProps = {
  value?: string;
  onChange?: (html: string) => void;
  height?: number;
  disabled?: boolean;
  placeholder?: string;
};

const TinymceEditor = lazy((): Promise<{ default: ComponentType<RichTextEditorProps> }> =>
  import('./tinymce-editor').catch((error: unknown) => ({
    default: () => <Alert type="error" showIcon title={error instanceof Error ? error.message : String(error)} />,
  })),
);

/** A failure while TinyMCE starts (after its code loaded) shows its message too. */
class EditorErrorBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.message ? <Alert type="error" showIcon title={this.state.message} /> : this.props.children;
  }
}

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <EditorErrorBoundary>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <TinymceEditor {...props} />
      </Suspense>
    </EditorErrorBoundary>
  );
}
