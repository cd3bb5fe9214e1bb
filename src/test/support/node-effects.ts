/** The app's effects in Node, for tests of src/app/: storage in memory, no popups or pages, downloads kept. */
import type { AppEffects } from '../../app/effects.ts';
import { parseSessionFile, sessionFileParts } from '../../shared/session-file/session-file.ts';
import { memoryStorage } from './test-storage.ts';

export function nodeEffects(downloads: Array<{ fileName: string; content: Blob }> = [], overrides: Partial<AppEffects> = {}): AppEffects {
  return {
    now: () => Date.now(),
    yieldToUi: () => Promise.resolve(),
    download: (fileName, content) => downloads.push({ fileName, content }),
    writeSessionFile: async (data, meta) => new Blob([...sessionFileParts(data, meta)]),
    readSessionFile: async (file) => parseSessionFile(await file.text()),
    prefsStorage: memoryStorage(),
    tabStorage: () => undefined,
    openAuthorizationPopup: () => ({ ok: false, reason: 'blocked' }),
    navigateToAuthorization: () => ({ ok: false, reason: 'refused', detail: 'no page in Node' }),
    ...overrides,
  };
}
