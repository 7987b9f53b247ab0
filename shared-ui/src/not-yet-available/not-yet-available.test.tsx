import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { NotYetAvailable } from './not-yet-available';
import { notYetAvailablePage } from './not-yet-available-page';

describe('NotYetAvailable', () => {
  it('shows the route title and says the page is not available yet', () => {
    renderWithProviders(<NotYetAvailable title="通话记录" />);
    expect(screen.getByText('通话记录')).toBeInTheDocument();
    expect(screen.getByText('功能建设中，敬请期待')).toBeInTheDocument();
  });

  it('speaks English when asked', () => {
    renderWithProviders(<NotYetAvailable title="Call records" lang="en" />);
    expect(screen.getByText('not yet available')).toBeInTheDocument();
  });

  it('loads as a lazy route page titled after the route', async () => {
    const { default: Page } = await notYetAvailablePage({ cn: '访客统计', en: 'Visitor statistics' })();
    renderWithProviders(<Page routePath="/crm/report/fangke" />);
    expect(screen.getByText('访客统计')).toBeInTheDocument();
  });
});
