import type { ClientFeatureSettings } from '../../shared/client-features.ts';
import { useStoreOf } from '../services.tsx';
import './client-features.css';

const OPTIONS: Array<{ key: keyof ClientFeatureSettings; label: string; capability: string }> = [
  { key: 'sampling', label: 'Sampling', capability: 'sampling' },
  { key: 'samplingTools', label: 'Sampling with tools', capability: 'sampling.tools' },
  { key: 'elicitationForm', label: 'Elicitation (form)', capability: 'elicitation.form' },
  { key: 'elicitationUrl', label: 'Elicitation (URL)', capability: 'elicitation.url' },
  { key: 'roots', label: 'Roots', capability: 'roots' },
];

/** Which client capabilities the next connection declares: switch one off to see how a server copes without it. */
export function ClientFeaturesSettings({ id }: { id: string }) {
  const settings = useStoreOf('clientFeatures', (s) => s.settings);
  const { setSetting } = useStoreOf('clientFeatures', (s) => s.actions);
  const phase = useStoreOf('connection', (s) => s.phase);
  return (
    <fieldset id={id} className="client-features">
      <legend>Client capabilities</legend>
      <div className="client-features-options">
        {OPTIONS.map((option) => (
          <label key={option.key} title={`Declares ${option.capability}`}>
            <input type="checkbox" checked={settings[option.key]} onChange={(e) => setSetting(option.key, e.target.checked)} />{' '}
            {option.label}
          </label>
        ))}
      </div>
      <p className="hint">
        Declared at initialize{phase === 'connected' ? ': changes apply when you connect again' : ''}. A request for a capability that is
        off is refused (-32601 or -32602) without asking you.
      </p>
    </fieldset>
  );
}
