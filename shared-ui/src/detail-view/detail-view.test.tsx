import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { DetailView } from './detail-view';

describe('DetailView', () => {
  it('shows each label with its value', () => {
    renderWithProviders(
      <DetailView
        items={[
          { label: '客户名称', value: '上海华信' },
          { label: '客户级别', value: 'A' },
        ]}
      />,
    );
    expect(screen.getByText('客户名称')).toBeInTheDocument();
    expect(screen.getByText('上海华信')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
  });

  it("shows '-' for empty, blank and missing values but keeps 0", () => {
    renderWithProviders(
      <DetailView
        items={[
          { label: '地址', value: '' },
          { label: '所属行业', value: '   ' },
          { label: '备注', value: null },
          { label: '下次跟进时间' },
          { label: '置顶', value: 0 },
        ]}
      />,
    );
    expect(screen.getAllByText('-')).toHaveLength(4);
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('shows voucher thumbnails (finance and payment) that open in the image viewer', () => {
    renderWithProviders(<DetailView items={[{ label: '金额', value: '100.00' }]} vouchers={['/files/a.png', '/files/b.png']} />);
    expect(screen.getByText('凭证')).toBeInTheDocument();
    const thumbs = screen.getAllByRole('img', { name: /凭证/ });
    expect(thumbs).toHaveLength(2);
    fireEvent.click(thumbs[1]);
    expect(document.body.querySelectorAll('img[src="/files/b.png"]').length).toBeGreaterThan(1);
  });

  it('shows no voucher block without vouchers', () => {
    renderWithProviders(<DetailView items={[{ label: '金额', value: '100.00' }]} />);
    expect(screen.queryByText('凭证')).not.toBeInTheDocument();
  });
});
