import type { DirectionFacet, KindFacet } from '../../state/index.ts';
import { useStoreOf } from '../services.tsx';

const DIRECTIONS: Array<[DirectionFacet, string]> = [
  ['any', 'Both ways'],
  ['out', '→ Sent'],
  ['in', '← Received'],
];
const KINDS: Array<[KindFacet, string]> = [
  ['any', 'Any kind'],
  ['request', 'Requests'],
  ['response', 'Responses'],
  ['notification', 'Notifications'],
  ['error', 'Errors'],
];

/** Direction, kind and method filters of the Message log; they narrow what the text filter finds. */
export function LogFacets() {
  const facets = useStoreOf('log', (state) => state.facets);
  const { setFacets } = useStoreOf('log', (state) => state.actions);
  return (
    <div className="log-facets" role="group" aria-label="Message filters">
      <select
        className="input input-small"
        aria-label="Direction"
        value={facets.direction}
        onChange={(event) => setFacets({ direction: event.target.value as DirectionFacet })}
      >
        {DIRECTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <select
        className="input input-small"
        aria-label="Kind"
        value={facets.kind}
        onChange={(event) => setFacets({ kind: event.target.value as KindFacet })}
      >
        {KINDS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <input
        className="input input-small mono log-method-filter"
        type="text"
        aria-label="Method"
        placeholder="method"
        spellCheck={false}
        value={facets.method}
        onChange={(event) => setFacets({ method: event.target.value })}
      />
    </div>
  );
}
