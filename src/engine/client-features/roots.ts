/** The roots this client offers: answered from the list the person edits, announced on change. */
import type { Client } from '@modelcontextprotocol/client';
import type { Root } from '../../shared/client-features.ts';
import type { EngineError } from '../../shared/errors.ts';

const MAX_ROOTS = 100;

/** Roots must be file:// URIs (spec); names are optional. Throws an EngineError saying what to fix. */
export function checkRoots(roots: unknown): Root[] {
  if (!Array.isArray(roots)) throw { code: 'internal', message: 'Roots must be a list.' } satisfies EngineError;
  if (roots.length > MAX_ROOTS) throw { code: 'invalid-url', message: `At most ${MAX_ROOTS} roots can be offered.` } satisfies EngineError;
  return roots.map((root, index) => {
    const { uri, name } = (root ?? {}) as { uri?: unknown; name?: unknown };
    if (typeof uri !== 'string' || !isFileUri(uri)) {
      throw {
        code: 'invalid-url',
        message: `Root ${index + 1}: ${JSON.stringify(uri)} is not a file:// URI (e.g. file:///home/me/project).`,
      } satisfies EngineError;
    }
    const trimmedName = typeof name === 'string' ? name.trim() : '';
    return { uri, ...(trimmedName !== '' && { name: trimmedName }) };
  });
}

function isFileUri(text: string): boolean {
  if (!/^file:\/\//i.test(text)) return false;
  try {
    return new URL(text).protocol === 'file:';
  } catch {
    return false;
  }
}

export function registerRoots(client: Client, roots: () => Root[]): void {
  client.setRequestHandler('roots/list', () => ({ roots: roots().map((root) => ({ ...root })) }));
}
