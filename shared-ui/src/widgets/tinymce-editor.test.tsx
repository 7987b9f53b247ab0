import { renderWithProviders } from '../../test/render-with-providers';
import TinymceEditor, { EDITOR_FONT_SIZES } from './tinymce-editor';

const editorProps: Record<string, unknown>[] = [];

jest.mock('@tinymce/tinymce-react', () => ({
  Editor: (props: Record<string, unknown>) => {
    editorProps.push(props);
    return null;
  },
}));

it('configures the bundled TinyMCE: GPL key, no script download, height 360, font sizes 11–48 px', () => {
  renderWithProviders(<TinymceEditor value="<p>x</p>" />);
  const props = editorProps[editorProps.length - 1] as { init: Record<string, unknown>; tinymceScriptSrc: unknown; licenseKey: string };
  expect(props.licenseKey).toBe('gpl');
  expect(props.tinymceScriptSrc).toEqual([]);
  expect(props.init.height).toBe(360);
  expect(props.init.language).toBe('zh-CN');
  expect((window as unknown as { tinymce: { util: { I18n: { hasCode: (c: string) => boolean } } } }).tinymce.util.I18n.hasCode('zh-CN')).toBe(true);
  expect(props.init.font_size_formats).toBe(EDITOR_FONT_SIZES);
  expect(EDITOR_FONT_SIZES.split(' ')[0]).toBe('11px');
  expect(EDITOR_FONT_SIZES.split(' ').pop()).toBe('48px');
  // The bundled editor registered itself as the global TinyMCE the React wrapper uses.
  expect((window as unknown as { tinymce?: { majorVersion: string } }).tinymce?.majorVersion).toBe('8');
});
