/**
 * Demo mode's conversation scripts: per server, the prompts to send to the Playground's model, in order,
 * kept in the browser like saved requests (src/state/saved-calls-store.ts), and where the script stands.
 * What is read back from storage is checked entry by entry: a damaged or hand-edited entry is dropped.
 */
import { createStore } from 'zustand/vanilla';
import type { ScriptAt } from './demo-script-store.ts';
import { readStoredList, type PrefsStorage } from './prefs-store.ts';

export interface ConversationScript {
  /** The server it belongs to, as saved requests name it (`redactUrl`): no credentials. */
  server: string;
  prompts: string[];
}

/** As a saved-request script: at a prompt, `form` is shown in the composer and `result` is sent. */
type PromptScriptAt = ScriptAt;

export interface ConversationScriptState {
  scripts: readonly ConversationScript[];
  /** The position, for one server: another server's script starts over. */
  position: { server: string; at: PromptScriptAt };
  actions: {
    /** Replaces the server's script (an empty list removes it); the position starts over. */
    setScript(server: string, prompts: readonly string[]): void;
    go(server: string, at: PromptScriptAt): void;
  };
}

const STORAGE_KEY = 'mcp-lens.conversation-scripts';
const MAX_SCRIPTS = 50;
export const MAX_SCRIPT_PROMPTS = 50;
/** One prompt: the composer's own bound. */
const MAX_PROMPT_CHARS = 20_000;

export function createConversationScriptStore(storage?: PrefsStorage) {
  return createStore<ConversationScriptState>()((set, get) => ({
    scripts: readScripts(storage),
    position: { server: '', at: 'start' },
    actions: {
      setScript(server, prompts) {
        const checked = checkScript({ server, prompts });
        const others = get().scripts.filter((script) => script.server !== server);
        const scripts = checked && checked.prompts.length > 0 ? [...others, checked].slice(-MAX_SCRIPTS) : others;
        set({ scripts, position: { server, at: 'start' } });
        try {
          storage?.setItem(STORAGE_KEY, JSON.stringify(scripts));
        } catch {
          // Blocked or full storage: the script still holds for this page.
        }
      },
      go: (server, at) => set({ position: { server, at } }),
    },
  }));
}

const readScripts = (storage: PrefsStorage | undefined) => readStoredList(storage, STORAGE_KEY, MAX_SCRIPTS, checkScript);

/** The script with exactly the expected fields and within bounds, or null. */
function checkScript(value: unknown): ConversationScript | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { server, prompts } = value as Record<string, unknown>;
  if (typeof server !== 'string' || server.length > 8192 || !Array.isArray(prompts)) return null;
  const kept = prompts
    .filter((prompt): prompt is string => typeof prompt === 'string' && prompt.trim() !== '')
    .map((prompt) => prompt.slice(0, MAX_PROMPT_CHARS))
    .slice(0, MAX_SCRIPT_PROMPTS);
  return { server, prompts: kept };
}
