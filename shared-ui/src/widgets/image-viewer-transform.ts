/** The image viewer's zoom and rotation arithmetic (spec §9). */

export const ZOOM_STEP = 0.2;
export const WHEEL_ZOOM_STEP = 0.015;
export const MIN_SCALE = 0.2;
export const ROTATE_STEP = 90;

export type ViewerTransform = { scale: number; deg: number };

export const INITIAL_TRANSFORM: ViewerTransform = { scale: 1, deg: 0 };

/** Zooms by `delta` (negative zooms out), never below MIN_SCALE; 3 decimals keep 0.1 + 0.2 tidy. */
export function zoomBy(transform: ViewerTransform, delta: number): ViewerTransform {
  const scale = Math.max(MIN_SCALE, Number((transform.scale + delta).toFixed(3)));
  return { ...transform, scale };
}

export function rotateBy(transform: ViewerTransform, clockwise: boolean): ViewerTransform {
  return { ...transform, deg: transform.deg + (clockwise ? ROTATE_STEP : -ROTATE_STEP) };
}
