/**
 * An image from a result at a sensible size (see image-size.ts), with its natural size said, and a zoom
 * view (a dialog) that opens fitted to the window: step in and out, fit again, or see the actual size.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { INITIAL_FOCUS, ModalDialog } from '../common/ModalDialog.tsx';
import { displaySize, ZOOM_STEPS, type DisplaySize } from '../apps/image-size.ts';
import '../apps/rich-results.css';

export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [zooming, setZooming] = useState(false);
  const shown: DisplaySize | null = natural && displaySize(natural.width, natural.height);
  return (
    <>
      <button type="button" className="zoomable-image" onClick={() => setZooming(true)} aria-label={`Zoom image: ${alt}`}>
        <img
          src={src}
          alt={alt}
          className={shown && shown.scale > 1 ? 'pixelated' : undefined}
          {...(shown && { width: shown.width, height: shown.height })}
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        />
      </button>
      {natural && shown && (
        <span className="muted image-size-note">
          {natural.width} × {natural.height} px{shown.scale !== 1 && `, shown at ${Math.round(shown.scale * 100)}%`}
        </span>
      )}
      {zooming && natural && <ZoomDialog src={src} alt={alt} natural={natural} onClose={() => setZooming(false)} />}
    </>
  );
}

function ZoomDialog({
  src,
  alt,
  natural,
  onClose,
}: {
  src: string;
  alt: string;
  natural: { width: number; height: number };
  onClose(): void;
}) {
  const stage = useRef<HTMLDivElement>(null);
  // Null until the stage is measured: the first paint would otherwise flash the image at 100%.
  const [fit, setFit] = useState<number | null>(null);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    // The stage's padding (12 px a side) is not room for the image.
    const measure = () => setFit(fitScale(natural, element.clientWidth - 24, element.clientHeight - 24));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [natural]);
  const scale = zoom === 'fit' ? (fit ?? 1) : zoom;
  const zoomOut = ZOOM_STEPS.filter((step) => step < scale - 1e-9).at(-1);
  const zoomIn = ZOOM_STEPS.find((step) => step > scale + 1e-9);
  return (
    <ModalDialog className="zoom-dialog" label="Image zoom" onCancel={onClose}>
      <div className="zoom-toolbar">
        <span className="zoom-title muted" title={alt}>
          {alt} · {natural.width} × {natural.height} px
        </span>
        <button
          type="button"
          className="button button-small"
          onClick={() => zoomOut !== undefined && setZoom(zoomOut)}
          disabled={zoomOut === undefined}
        >
          Zoom out
        </button>
        <span className="mono zoom-level" role="status">
          {Math.round(scale * 100)}%
        </span>
        <button
          type="button"
          className="button button-small"
          onClick={() => zoomIn !== undefined && setZoom(zoomIn)}
          disabled={zoomIn === undefined}
        >
          Zoom in
        </button>
        <button type="button" className="button button-small" aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
          Fit to window
        </button>
        <button type="button" className="button button-small" aria-pressed={zoom === 1} onClick={() => setZoom(1)}>
          Actual size
        </button>
        <button type="button" className="button button-small" onClick={onClose} {...INITIAL_FOCUS}>
          Close
        </button>
      </div>
      {/* Focusable so a keyboard can scroll an image larger than the window. */}
      <div className="zoom-stage" ref={stage} tabIndex={0} role="group" aria-label="Zoomed image">
        {fit !== null && (
          <img
            src={src}
            alt={alt}
            width={Math.round(natural.width * scale)}
            height={Math.round(natural.height * scale)}
            className={scale > 1 ? 'pixelated' : undefined}
          />
        )}
      </div>
    </ModalDialog>
  );
}

/**
 * The scale that shows the whole image in a stage of this size: a whole factor when enlarging (crisp
 * pixels, at most the largest zoom step), any factor when shrinking a large image.
 */
function fitScale(natural: { width: number; height: number }, width: number, height: number): number {
  if (natural.width <= 0 || natural.height <= 0 || width <= 0 || height <= 0) return 1;
  const fit = Math.min(width / natural.width, height / natural.height);
  return fit >= 1 ? Math.min(ZOOM_STEPS.at(-1)!, Math.floor(fit)) : fit;
}
