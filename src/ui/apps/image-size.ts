/**
 * How big to show an image a server returned. A tiny icon shown at its natural 20×20 is unreadable, and a
 * poster at 4000 px pushes the result off screen: small images are scaled up by a whole factor (crisp, with
 * pixelated rendering) until their longer side reaches MIN_SIDE, large ones fit within MAX_SIDE.
 */
const MIN_SIDE = 128;
const MAX_SIDE = 360;

export interface DisplaySize {
  width: number;
  height: number;
  /** Display size over natural size. */
  scale: number;
}

export function displaySize(naturalWidth: number, naturalHeight: number): DisplaySize {
  const longer = Math.max(naturalWidth, naturalHeight);
  if (longer <= 0) return { width: naturalWidth, height: naturalHeight, scale: 1 };
  const scale = longer < MIN_SIDE ? Math.floor(MIN_SIDE / longer) : longer > MAX_SIDE ? MAX_SIDE / longer : 1;
  return { width: Math.round(naturalWidth * scale), height: Math.round(naturalHeight * scale), scale };
}

/** Zoom steps offered in the zoom view, as multiples of the natural size. */
export const ZOOM_STEPS = [0.25, 0.5, 1, 2, 4, 8, 16];
