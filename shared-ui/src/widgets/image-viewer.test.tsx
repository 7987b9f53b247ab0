import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { ImageViewer } from './image-viewer';
import { MIN_SCALE, zoomBy } from './image-viewer-transform';

const urls = ['/files/a.png', '/files/b.png'];

function renderViewer(onClose = jest.fn()) {
  renderWithProviders(<ImageViewer open urls={urls} onClose={onClose} />);
  return onClose;
}

const picture = () => document.querySelector('[aria-label="图片查看"] img') as HTMLImageElement;
const viewer = () => screen.getByRole('dialog', { name: '图片查看' });
const key = (name: string) => fireEvent.keyDown(document, { key: name });

// The first render of the viewer's antd parts in this file builds their styles and compiles their
// code: a one-time cost of the file, paid here rather than by whichever test runs first.
beforeAll(() => {
  const { unmount } = renderWithProviders(<ImageViewer open urls={urls} onClose={() => undefined} />);
  unmount();
});

describe('ImageViewer', () => {
  it('zooms by 0.2 with ↑/↓ and never below 0.2', () => {
    renderViewer();
    key('ArrowUp');
    expect(picture().style.transform).toBe('scale(1.2) rotate(0deg)');
    for (let i = 0; i < 10; i++) key('ArrowDown');
    expect(picture().style.transform).toBe(`scale(${MIN_SCALE}) rotate(0deg)`);
    expect(zoomBy({ scale: 0.3, deg: 0 }, -0.2).scale).toBe(MIN_SCALE);
  });

  it('zooms by 0.015 per wheel step and rotates by 90°', () => {
    renderViewer();
    fireEvent.wheel(viewer(), { deltaY: -100 });
    expect(picture().style.transform).toBe('scale(1.015) rotate(0deg)');
    fireEvent.click(screen.getByRole('button', { name: '向右旋转' }));
    expect(picture().style.transform).toBe('scale(1.015) rotate(90deg)');
  });

  it('navigates with ←/→ (wrapping) and toggles fit/original with Space', () => {
    renderViewer();
    key('ArrowRight');
    expect(picture().getAttribute('src')).toBe('/files/b.png');
    key('ArrowRight');
    expect(picture().getAttribute('src')).toBe('/files/a.png');
    key('ArrowLeft');
    expect(picture().getAttribute('src')).toBe('/files/b.png');
    expect(viewer()).toHaveAttribute('data-mode', 'contain');
    key(' ');
    expect(viewer()).toHaveAttribute('data-mode', 'original');
  });

  it('closes on Esc and shows 加载失败 for a broken picture', () => {
    const onClose = renderViewer();
    fireEvent.error(picture());
    expect(screen.getByText('加载失败')).toBeInTheDocument();
    key('Escape');
    expect(onClose).toHaveBeenCalled();
  });
});
