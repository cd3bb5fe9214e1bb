/**
 * The client side of MCP answered by a person: the capabilities a connection declares (switchable per
 * connection), the handlers for sampling, elicitation and roots, the pending-request queue, and the
 * engine calls the UI answers through.
 */
import { ProtocolError, type Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import { REFUSED_BY_US } from '../../shared/errors.ts';
import type { ClientFeaturesApi } from '../../shared/boundary.ts';
import {
  DEFAULT_CLIENT_FEATURES,
  MAX_PENDING_SERVER_REQUESTS,
  type ClientFeatureSettings,
  type Root,
} from '../../shared/client-features.ts';
import type { ConnectParams } from '../../shared/model.ts';
import type { FeatureContext, Handlers } from '../features/feature-context.ts';
import type { SessionExtension } from '../session/session.ts';
import { registerElicitation } from './elicitation.ts';
import { checkRoots, registerRoots } from './roots.ts';
import { checksFor, loadSamplingChecks } from './load-checks.ts';
import { INVALID_PARAMS, USER_REJECTED } from './rpc-codes.ts';
import { createRequestContext } from './request-context.ts';
import { createServerRequestQueue, type ServerRequestQueue } from './request-queue.ts';
import { createRelationTracker, type RelationTracker } from './request-relations.ts';

/** The capabilities to declare for these settings; only what the UI can answer, and only what is switched on. */
export function capabilitiesFor(settings: ClientFeatureSettings): ClientCapabilities {
  const elicitation = {
    ...(settings.elicitationForm && { form: {} }),
    ...(settings.elicitationUrl && { url: {} }),
  };
  return {
    ...(settings.sampling && { sampling: settings.samplingTools ? { tools: {} } : {} }),
    ...((settings.elicitationForm || settings.elicitationUrl) && { elicitation }),
    ...(settings.roots && { roots: { listChanged: true } }),
  };
}

export interface ClientFeatures {
  extension: SessionExtension;
  handlers: Handlers<ClientFeaturesApi>;
  /** For the wire tap: messages that arrived on a POST's response stream. */
  relations: RelationTracker;
  /** Who is waiting for a person: calls pause their timeout meanwhile (src/engine/guards/call-deadline.ts). */
  answering: Pick<ServerRequestQueue, 'watch' | 'size'>;
}

export function createClientFeatures(ctx: FeatureContext, currentParams: () => ConnectParams | undefined): ClientFeatures {
  const queue = createServerRequestQueue({
    bound: MAX_PENDING_SERVER_REQUESTS,
    now: () => ctx.clock.now(),
    emit: ctx.emit,
    note: ctx.note,
  });
  const relations = createRelationTracker();
  let roots: Root[] = [];
  /** The settings of the session being set up or running; fixed per connection, as capabilities are. */
  let active: ClientFeatureSettings = DEFAULT_CLIENT_FEATURES;
  let activeClient: Client | undefined;

  const settingsNow = () => ({ ...DEFAULT_CLIENT_FEATURES, ...currentParams()?.clientFeatures });

  const extension: SessionExtension = {
    // A getter: the session reads it once per connection, after the engine has taken the new ConnectParams.
    get capabilities() {
      return capabilitiesFor(settingsNow());
    },
    setup(client) {
      active = settingsNow();
      activeClient = client;
      const serverName = () => String((client.getServerVersion() as { name?: unknown } | undefined)?.name ?? 'the server');
      const settings = active;
      const rc = createRequestContext(queue, relations, serverName, () => settings.sampling && settings.samplingTools);
      // The SDK refuses a handler for an undeclared capability; an unregistered method gets -32601.
      if (settings.sampling) {
        client.setRequestHandler('sampling/createMessage', async (request, handlerCtx) => {
          const params = request.params as Record<string, unknown>;
          const toolsAllowed = settings.samplingTools;
          const { checkSamplingRequest, checkSamplingReply } = await checksFor(loadSamplingChecks);
          const problem = checkSamplingRequest(params, toolsAllowed);
          if (problem) throw new ProtocolError(INVALID_PARAMS, problem, REFUSED_BY_US);
          const answer = await queue.wait(
            rc.describe(request.method, handlerCtx.mcpReq.id, params, 'sampling'),
            handlerCtx.mcpReq.signal,
            (a) =>
              a.action === 'reject'
                ? undefined
                : a.action === 'approve'
                  ? checkSamplingReply(a.result, params, toolsAllowed)
                  : 'Answer a sampling request with Approve or Reject.',
          );
          if (answer.action !== 'approve') throw new ProtocolError(USER_REJECTED, 'The user rejected the sampling request.', REFUSED_BY_US);
          return answer.result as never;
        });
      }
      if (settings.elicitationForm || settings.elicitationUrl) registerElicitation(client, rc, ctx.emit);
      if (settings.roots) registerRoots(client, () => roots);
    },
  };

  const handlers: Handlers<ClientFeaturesApi> = {
    async answerServerRequest({ id, answer }) {
      queue.answer(id, answer);
      return undefined;
    },
    async setRoots(params) {
      roots = checkRoots(params.roots);
      let session;
      try {
        session = ctx.requireSession();
      } catch {
        return { notified: false };
      }
      if (!active.roots || session.client !== activeClient) return { notified: false };
      await session.client.sendRootsListChanged();
      return { notified: true };
    },
  };

  return { extension, handlers, relations, answering: queue };
}
