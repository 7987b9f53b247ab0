import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { RichTextEditor } from './rich-text-editor';

jest.mock('./tinymce-editor', () => {
  throw new Error('Loading chunk tinymce failed.');
});

it("shows the loader's message when TinyMCE cannot be loaded", async () => {
  renderWithProviders(<RichTextEditor value="" />);
  expect(await screen.findByText('Loading chunk tinymce failed.')).toBeInTheDocument();
});
