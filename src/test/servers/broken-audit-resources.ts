/**
 * The resources half of the broken audit fixture (./broken-audit-server.ts), served only by the faults that
 * are about resources: one resource, one template (`test://template/{id}/data`, the official suite's own,
 * which reads for any id) and no completions, so the audit has to guess a value for `{id}`. Everything is
 * right except the fault.
 */

type Reply = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown }; status?: number };

/** The faults whose server offers resources. */
export const RESOURCE_FAULTS = new Set(['resource-uri-no-scheme', 'template-read-empty']);

const RESOURCE_URI = (fault: string) => (fault === 'resource-uri-no-scheme' ? 'readme' : 'test://static/readme');
const TEMPLATE = /^test:\/\/template\/([^/]+)\/data$/;

export function resourceAnswer(
  fault: string,
  era: 'legacy' | 'modern',
  method: string,
  params: Record<string, unknown>,
): Reply | undefined {
  // 2026-07-28 list and read results carry caching hints.
  const hints = era === 'modern' ? { ttlMs: 60_000, cacheScope: 'public' } : {};
  switch (method) {
    case 'resources/list':
      return {
        result: {
          resources: [{ uri: RESOURCE_URI(fault), name: 'readme', description: 'A short text.', mimeType: 'text/plain' }],
          ...hints,
        },
      };
    case 'resources/templates/list':
      return {
        result: {
          resourceTemplates: [
            { uriTemplate: 'test://template/{id}/data', name: 'data', description: 'Data by id.', mimeType: 'application/json' },
          ],
          ...hints,
        },
      };
    case 'resources/read': {
      const uri = String(params.uri);
      if (uri === RESOURCE_URI(fault)) return { result: { contents: [{ uri, mimeType: 'text/plain', text: 'Hello.' }], ...hints } };
      const id = TEMPLATE.exec(uri)?.[1];
      if (id !== undefined)
        return {
          result: {
            contents: fault === 'template-read-empty' ? [] : [{ uri, mimeType: 'application/json', text: JSON.stringify({ id }) }],
            ...hints,
          },
        };
      return era === 'modern'
        ? { error: { code: -32602, message: `Resource not found: ${uri}`, data: { uri } } }
        : { error: { code: -32002, message: `Resource not found: ${uri}`, data: { uri } } };
    }
    default:
      return undefined;
  }
}
