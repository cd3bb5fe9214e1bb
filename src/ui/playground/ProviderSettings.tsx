import { useId } from 'react';
import { PROVIDER_PRESETS } from '../../shared/playground.ts';
import { providerOrigin } from '../../state/index.ts';
import { useShownUrl } from '../presentation/use-presentation.ts';
import { useCommands, useStoreOf } from '../services.tsx';
import { useConversationJob } from './use-conversation-job.ts';
import { KeyMemory } from './KeyMemory.tsx';

const KEY_HINTS = { openai: 'sk-… (none for a local model)', anthropic: 'sk-ant-…', gemini: 'AIza…' } as const;

interface Props {
  /** The key as typed, until it is handed to the worker (on Send, or on leaving the field). */
  keyDraft: string;
  onKeyDraft(key: string): void;
}

/** Provider, model, base URL and key, two pairs a row. The key field never shows a held key: the worker has it. */
export function ProviderSettings({ keyDraft, onKeyDraft }: Props) {
  const id = useId();
  const preset = useStoreOf('playground', (state) => state.preset);
  const provider = useStoreOf('playground', (state) => state.provider);
  const { running } = useConversationJob();
  const origin = providerOrigin(provider.baseUrl);
  const shownBaseUrl = useShownUrl(provider.baseUrl);
  const held = useStoreOf('playground', (state) => origin !== null && state.keyOrigins.includes(origin));
  const remembered = useStoreOf('playground', (state) => origin !== null && state.rememberedOrigins.includes(origin));
  const { choosePreset, setProvider } = useStoreOf('playground', (state) => state.actions);
  const { setPlaygroundKey } = useCommands().playground;
  const giveKey = () => {
    if (keyDraft === '') return;
    void setPlaygroundKey(keyDraft);
    onKeyDraft('');
  };

  return (
    <fieldset className="playground-settings" disabled={running}>
      <legend className="visually-hidden">Model provider</legend>
      <label htmlFor={`${id}-preset`}>Provider</label>
      <select
        id={`${id}-preset`}
        className="input input-small"
        value={preset}
        onChange={(event) => {
          const found = PROVIDER_PRESETS[event.target.value];
          if (!found) return;
          const { label: _label, ...provider } = found;
          choosePreset(event.target.value, provider);
        }}
      >
        {Object.entries(PROVIDER_PRESETS).map(([value, { label }]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-model`}>Model</label>
      <input
        id={`${id}-model`}
        className="input input-small mono"
        value={provider.model}
        spellCheck={false}
        onChange={(event) => setProvider({ model: event.target.value })}
      />
      <label htmlFor={`${id}-base`}>Base URL</label>
      <input
        id={`${id}-base`}
        className="input input-small mono"
        value={shownBaseUrl}
        // Demo mode: a base URL with credentials in it is shown masked, and cannot be edited on stage.
        readOnly={shownBaseUrl !== provider.baseUrl}
        spellCheck={false}
        onChange={(event) => setProvider({ baseUrl: event.target.value })}
      />
      <label htmlFor={`${id}-key`}>API key</label>
      <input
        id={`${id}-key`}
        type="password"
        className="input input-small mono"
        autoComplete="off"
        placeholder={held ? (remembered ? 'remembered on this device' : 'held in memory') : KEY_HINTS[provider.kind]}
        value={keyDraft}
        onChange={(event) => onKeyDraft(event.target.value)}
        onBlur={giveKey}
        aria-describedby={`${id}-key-note`}
      />
      <KeyMemory id={`${id}-key-note`} />
    </fieldset>
  );
}
