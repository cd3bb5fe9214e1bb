/**
 * The checks a server request needs only once one arrives: a sampling request and its reply (sampling.ts),
 * an elicitation form and its answer (elicitation-form.ts). Most servers send neither, so they load on the
 * first such request (see ../lazy.ts), not with the worker script.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { REFUSED_BY_US, type EngineError } from '../../shared/errors.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

export const loadSamplingChecks = onFirstUse(() => import('./sampling.ts'), 'its checks for sampling requests');
export const loadFormChecks = onFirstUse(() => import('./elicitation-form.ts'), 'its checks for elicitation forms');

/**
 * `load`'s module, for a request being answered. Without its checks the request cannot be shown safely, so a
 * failed load refuses it, marked as our refusal (explain-error.ts then says it was MCP Lens, not the server).
 */
export async function checksFor<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    throw new ProtocolError(ProtocolErrorCode.InternalError, (error as EngineError).message, REFUSED_BY_US);
  }
}
