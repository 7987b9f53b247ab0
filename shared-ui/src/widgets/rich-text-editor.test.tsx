import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';

jest.mock('./tinymce-editor', () => ({
  __esModule: true,
  default: ({ value, onChange, height }: RichTextEditorProps) => (
    <textarea aria-label="正文" data-height={height} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

it('loads TinyMCE lazily and edits the HTML value', async () => {
  const onChange = jest.fn();
  renderWithProviders(<RichTextEditor value="<p>旧</p>" onChange={onChange} height={360} />);
  const editor = await screen.findByLabelText('正文');
  expect(editor).toHaveValue('<p>旧</p>');
  expect(editor).toHaveAttribute('data-height', '360');
  fireEvent.change(editor, { target: { value: '<p>新</p>' } });
  expect(onChange).toHaveBeenCalledWith('<p>新</p>');
});
