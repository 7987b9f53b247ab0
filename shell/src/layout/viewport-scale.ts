/** Pages narrower than 1000 px are scaled as if 1280 px wide (spec §1). */
import { SCALE_BELOW_WIDTH, SCALE_DESIGN_WIDTH } from '@portal/shared-core';

/** The zoom factor for a viewport width; 1 when no scaling applies. */
export function scaleFor(viewportWidth: number): number {
  return viewportWidth < SCALE_BELOW_WIDTH ? viewportWidth / SCALE_DESIGN_WIDTH : 1;
}

export function applyViewportScale(root: HTMLElement, viewportWidth: number): void {
  const scale = scaleFor(viewportWidth);
  root.style.zoom = scale === 1 ? '' : String(scale);
  root.style.width = scale === 1 ? '' : `${SCALE_DESIGN_WIDTH}px`;
}

export function installViewportScale(root: HTMLElement): () => void {
  const update = () => applyViewportScale(root, window.innerWidth);
  update();
  window.addEventListener('resize', update);
  return () => window.removeEventListener('resize', update);
}
