import { screen, waitFor } from '@testing-library/react';
import { api } from '@portal/shared-core';
import { renderWithProviders } from '../../test/render-with-providers';
import { StoredFileLink, StoredImage } from './stored-file';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const PICTURE = `/files/${'a'.repeat(32)}.png`;
const CONTRACT = `/files/${'b'.repeat(32)}.pdf`;

test('stored addresses shown together are signed in one request, then used in src and href', async () => {
  mockedApi.fetch.mockResolvedValue({ [PICTURE]: `${PICTURE}?exp=1&u=1&sig=p`, [CONTRACT]: `${CONTRACT}?exp=1&u=1&sig=c` });
  renderWithProviders(
    <>
      <StoredImage src={PICTURE} alt="名片" preview={false} />
      <StoredFileLink href={CONTRACT}>合同.pdf</StoredFileLink>
      <StoredImage src="https://example.com/logo.png" alt="外链" preview={false} />
    </>,
  );
  await waitFor(() => expect(screen.getByAltText('名片')).toHaveAttribute('src', `${PICTURE}?exp=1&u=1&sig=p`));
  expect(screen.getByText('合同.pdf').closest('a')).toHaveAttribute('href', `${CONTRACT}?exp=1&u=1&sig=c`);
  // Other addresses pass through unsigned.
  expect(screen.getByAltText('外链')).toHaveAttribute('src', 'https://example.com/logo.png');
  expect(mockedApi.fetch).toHaveBeenCalledTimes(1);
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/file/SignUrls', { urls: [PICTURE, CONTRACT] }, { silent: true });
});

test('an address the server does not sign keeps its plain form', async () => {
  mockedApi.fetch.mockResolvedValue({});
  renderWithProviders(<StoredImage src={PICTURE} alt="名片" preview={false} />);
  await waitFor(() => expect(mockedApi.fetch).toHaveBeenCalled());
  expect(screen.getByAltText('名片')).toHaveAttribute('src', PICTURE);
});
