/**
 * An image from a result at a sensible size (see image-size.ts), with its natural size said, and a zoom
 * view (a dialog) for the detail: step in and out, or back to actual size.
 */
import { useState } from 'react';
import { ModalDialog } from '../common/ModalDialog.tsx';
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
  const start = Math.max(1, displaySize(natural.width, natural.height).scale);
  const [step, setStep] = useState(() => ZOOM_STEPS.findIndex((s) => s >= start));
  const zoom = ZOOM_STEPS[Math.max(0, step)] ?? 1;
  return (
    <ModalDialog className="zoom-dialog" label="Image zoom" onCancel={onClose}>
      <div className="tool-actions">
        <button type="button" className="button" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step <= 0}>
          Zoom out
        </button>
        <span className="mono" role="status">
          {Math.round(zoom * 100)}%
        </span>
        <button
          type="button"
          className="button"
          onClick={() => setStep((s) => Math.min(ZOOM_STEPS.length - 1, s + 1))}
          disabled={step >= ZOOM_STEPS.length - 1}
        >
          Zoom in
        </button>
        <button type="button" className="button" onClick={() => setStep(ZOOM_STEPS.indexOf(1))}>
          Actual size
        </button>
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
      <div className="zoom-stage">
        <img
          src={src}
          alt={alt}
          width={natural.width * zoom}
          height={natural.height * zoom}
          className={zoom > 1 ? 'pixelated' : undefined}
        />
      </div>
    </ModalDialog>
  );
}
