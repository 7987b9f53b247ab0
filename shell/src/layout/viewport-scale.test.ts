import { applyViewportScale, scaleFor } from './viewport-scale';

it('scales pages narrower than 1000 px as if 1280 px wide', () => {
  const root = document.createElement('div');
  applyViewportScale(root, 800);
  expect(scaleFor(800)).toBeCloseTo(0.625);
  expect(root.style.width).toBe('1280px');
  applyViewportScale(root, 1000);
  expect(scaleFor(1000)).toBe(1);
  expect(root.style.width).toBe('');
});
