import { useId } from 'react';
import type { EraChoice, KnownEra } from '../../shared/model.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { eraEndpoint, isEraChoice } from '../../state/index.ts';
import { useStoreOf } from '../services.tsx';
import { eraChoiceLabel, profileOf, PROTOCOL_ERAS } from '../../shared/era-profile.ts';

const ERAS: Array<{ value: EraChoice; label: string }> = (['auto', ...PROTOCOL_ERAS] as const).map((value) => ({
  value,
  label: eraChoiceLabel(value),
}));

const eraLabel = (era: KnownEra['era']) => profileOf(era).label;

/**
 * Which protocol era to speak. Auto needs no thought (it probes and falls back); the pins are for
 * checking one era on purpose. Under Auto, the era this endpoint spoke last time is shown, quietly.
 */
export function EraSelect() {
  const id = useId();
  const hintId = useId();
  const era = useStoreOf('connection', (state) => state.input.era);
  const url = useStoreOf('connection', (state) => state.input.url);
  const { setEra } = useStoreOf('connection', (state) => state.actions);
  const checked = checkServerUrl(url);
  const endpoint = checked.ok ? eraEndpoint(checked.url) : undefined;
  const known = useStoreOf('prefs', (state) => (endpoint === undefined ? undefined : state.knownEras[endpoint]));
  const hint = era === 'auto' && known ? known : undefined;
  return (
    <span className="era-field">
      <label className="era-label" htmlFor={id}>
        Protocol
      </label>
      <select
        id={id}
        className="input era-select"
        value={era}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => isEraChoice(event.target.value) && setEra(event.target.value)}
      >
        {ERAS.map((e) => (
          <option key={e.value} value={e.value}>
            {e.label}
          </option>
        ))}
      </select>
      {hint && (
        <span
          id={hintId}
          className="era-known"
          title={`This endpoint spoke ${eraLabel(hint.era)} when MCP Lens last connected (${new Date(hint.at).toLocaleString()}).`}
        >
          last: {eraLabel(hint.era)}
        </span>
      )}
    </span>
  );
}
