import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { TransportChoice } from '../../shared/model.ts';
import { SaveServerButton, SaveServerForm } from '../saved-servers/SaveServer.tsx';
import { useStoreOf } from '../services.tsx';
import { ClientFeaturesSettings } from './ClientFeaturesSettings.tsx';
import { EraSelect } from './EraSelect.tsx';
import { HeadersEditor } from './HeadersEditor.tsx';

const TRANSPORTS: Array<{ value: TransportChoice; label: string }> = [
  // Not just "Auto": the Protocol select has an Auto of its own.
  { value: 'auto', label: 'HTTP, then SSE' },
  { value: 'streamable-http', label: 'Streamable HTTP' },
  { value: 'sse', label: 'Legacy SSE' },
];

/**
 * The connection's settings, out of the toolbar's way: transport, protocol, headers, client capabilities,
 * and saving the server. A popover that stays open while the person works in it; Escape or a click
 * elsewhere closes it, and Escape brings focus back to its button.
 */
export function ConnectionSettings({
  id,
  opener,
  next,
  onClose,
}: {
  id: string;
  opener: RefObject<HTMLButtonElement | null>;
  /** What Tab reaches after the popover's last field: the toolbar's next control (Connect). */
  next: RefObject<HTMLElement | null>;
  onClose(): void;
}) {
  const ids = { transport: useId(), headers: useId(), client: useId(), save: useId() };
  const transport = useStoreOf('connection', (state) => state.input.transport);
  const headerCount = useStoreOf('connection', (state) => state.input.headers.filter((h) => h.name.trim() !== '').length);
  const { setTransport } = useStoreOf('connection', (state) => state.actions);
  const [headersOpen, setHeadersOpen] = useState(headerCount > 0);
  const [clientOpen, setClientOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (target && (box.current?.contains(target) || opener.current?.contains(target))) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose, opener]);

  return (
    <div
      id={id}
      ref={box}
      role="group"
      aria-label="Connection settings"
      className="connection-settings popover"
      onKeyDown={(event) => {
        if (event.key === 'Tab') {
          // The popover opens below the toolbar but is read as part of it: its fields sit between its button
          // and Connect in Tab order, as they do on screen.
          const fields = focusableIn(box.current);
          const edge = event.shiftKey ? fields[0] : fields.at(-1);
          const target = event.shiftKey ? opener.current : next.current;
          if (edge !== event.target || !target || (target as HTMLButtonElement).disabled) return;
          event.preventDefault();
          target.focus();
          return;
        }
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
        opener.current?.focus();
      }}
    >
      <div className="connection-settings-row">
        <span className="settings-field demo-hidden">
          <label className="settings-label" htmlFor={ids.transport}>
            Transport
          </label>
          <select
            id={ids.transport}
            className="input transport-select"
            value={transport}
            onChange={(event) => setTransport(event.target.value as TransportChoice)}
          >
            {TRANSPORTS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </span>
        <EraSelect />
      </div>
      <div className="connection-settings-row">
        <button
          type="button"
          className="button"
          aria-expanded={headersOpen}
          aria-controls={ids.headers}
          onClick={() => setHeadersOpen((open) => !open)}
        >
          Headers{headerCount > 0 ? ` (${headerCount})` : ''} <span aria-hidden="true">{headersOpen ? '▴' : '▾'}</span>
        </button>
        <button
          type="button"
          className="button demo-hidden"
          aria-expanded={clientOpen}
          aria-controls={ids.client}
          onClick={() => setClientOpen((open) => !open)}
        >
          Client capabilities <span aria-hidden="true">{clientOpen ? '▴' : '▾'}</span>
        </button>
        <SaveServerButton open={saveOpen} onToggle={() => setSaveOpen((open) => !open)} controls={ids.save} />
      </div>
      {headersOpen && <HeadersEditor id={ids.headers} />}
      {clientOpen && <ClientFeaturesSettings id={ids.client} />}
      {saveOpen && <SaveServerForm id={ids.save} onSaved={() => setSaveOpen(false)} />}
    </div>
  );
}

/** The controls Tab stops at inside an element, in document order. */
export function focusableIn(element: HTMLElement | null): HTMLElement[] {
  if (!element) return [];
  const selector =
    'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
  return [...element.querySelectorAll<HTMLElement>(selector)].filter(
    (node) => node.offsetParent !== null || node === document.activeElement,
  );
}
