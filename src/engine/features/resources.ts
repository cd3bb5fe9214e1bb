/** resources/list, resources/templates/list, resources/read and (un)subscribe, for the Resources tab. */
import { UriTemplate } from '@modelcontextprotocol/client';
import { isAppMimeType, readAppResourceMeta } from '../../shared/apps.ts';
import { dictionary } from '../../shared/own.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { Freshness } from '../../shared/model.ts';
import type { ResourceInfo, ResourcesApi, ResourceTemplateInfo } from '../../shared/resources-api.ts';
import type { ListenFeature } from './listen.ts';
import type { FeatureContext, Handlers } from './feature-context.ts';
import { readIcons } from '../session/session.ts';
import { record, str } from '../../shared/read.ts';
import { READ_IDLE_MS, READ_TOTAL_MS, SDK_BACKSTOP_MS, withAnsweringDeadline, type Answering } from './answering-deadline.ts';
import { requestWith } from '../wire/call-marks.ts';
import { listAllPages, rawRequest } from './paginate.ts';
import { readAnnotations, readContents } from './resource-read.ts';
import { describeError } from '../../shared/read.ts';

const MAX_URI = 8192;

function common(raw: Record<string, unknown>) {
  const annotations = readAnnotations(raw.annotations);
  return {
    ...(str(raw.title) !== undefined && { title: str(raw.title) }),
    ...(str(raw.description) !== undefined && { description: str(raw.description) }),
    ...(str(raw.mimeType) !== undefined && { mimeType: str(raw.mimeType) }),
    icons: readIcons(raw.icons),
    ...(annotations && { annotations }),
  };
}

/** `_meta.ui` of an MCP App resource; other resources carry none. */
function readAppMeta(raw: Record<string, unknown>, mimeType: string | undefined) {
  return isAppMimeType(mimeType) || record(record(raw._meta)?.ui) ? { app: readAppResourceMeta(raw._meta).meta } : {};
}

export function readResource(value: unknown): ResourceInfo | undefined {
  const raw = record(value);
  const uri = str(raw?.uri);
  if (!raw || uri === undefined) return undefined;
  const size = typeof raw.size === 'number' && Number.isFinite(raw.size) && raw.size >= 0 ? raw.size : undefined;
  // `name` is required by the spec, but a resource with a uri is still usable: show the uri instead.
  return {
    uri,
    name: str(raw.name) ?? uri,
    ...common(raw),
    ...(size !== undefined && { size }),
    ...readAppMeta(raw, str(raw.mimeType)),
  } as ResourceInfo;
}

export function readTemplate(value: unknown): ResourceTemplateInfo | undefined {
  const raw = record(value);
  const uriTemplate = str(raw?.uriTemplate);
  if (!raw || uriTemplate === undefined) return undefined;
  let variables: string[] = [];
  let templateError: string | undefined;
  try {
    variables = [...new Set(new UriTemplate(uriTemplate).variableNames)];
  } catch (error) {
    templateError = describeError(error);
  }
  return {
    uriTemplate,
    name: str(raw.name) ?? uriTemplate,
    ...common(raw),
    variables,
    ...(templateError !== undefined && { templateError }),
  } as ResourceTemplateInfo;
}

function checkUri(uri: unknown): string {
  if (typeof uri !== 'string' || uri.trim() === '') throw { code: 'invalid-input', message: 'Enter a resource URI.' } satisfies EngineError;
  if (uri.length > MAX_URI) throw { code: 'invalid-input', message: `The URI is longer than ${MAX_URI} characters.` } satisfies EngineError;
  return uri;
}

export function resourceHandlers(
  ctx: FeatureContext,
  subscriptions: ListenFeature['subscriptions'],
  answering?: Answering,
): Handlers<ResourcesApi> {
  const note = (text: string) => ctx.note('warning', text);
  return {
    async listResources(request, signal) {
      const { client, cache } = ctx.requireSession();
      const after = request?.after;
      const load = async () => {
        const page = await listAllPages(client, 'resources/list', 'resources', readResource, {
          ...(signal && { signal }),
          ...(after !== undefined && { after }),
          note,
        });
        const value = { resources: page.items, pages: page.pages, skipped: page.skipped, ...(page.more && { more: page.more }) };
        return { value, ...(page.hints && { hints: page.hints }) };
      };
      // "Load more" continues past a bound and is never cached.
      return after !== undefined ? (await load()).value : cache.serve('resources/list', request, load);
    },
    async listResourceTemplates(request, signal) {
      const { client, cache } = ctx.requireSession();
      const after = request?.after;
      const load = async () => {
        const page = await listAllPages(client, 'resources/templates/list', 'resourceTemplates', readTemplate, {
          ...(signal && { signal }),
          ...(after !== undefined && { after }),
          note,
        });
        const value = { templates: page.items, pages: page.pages, skipped: page.skipped, ...(page.more && { more: page.more }) };
        return { value, ...(page.hints && { hints: page.hints }) };
      };
      return after !== undefined ? (await load()).value : cache.serve('resources/templates/list', request, load);
    },
    async expandUriTemplate({ template, variables }) {
      try {
        const uri = new UriTemplate(String(template)).expand(dictionary(Object.entries(variables ?? {}).map(([k, v]) => [k, String(v)])));
        return { uri };
      } catch (error) {
        throw {
          code: 'invalid-input',
          message: `The URI template could not be expanded: ${describeError(error)}`,
        } satisfies EngineError;
      }
    },
    async readResource({ uri, viaApp }, signal, job) {
      const { client } = ctx.requireSession();
      const started = ctx.clock.now();
      const checked = checkUri(uri);
      // The server may ask the person first (elicitation, sampling): the wait for their answer is not its time.
      const limits = { idleMs: READ_IDLE_MS, totalMs: READ_TOTAL_MS, clock: ctx.clock, answering, signal };
      const result = await withAnsweringDeadline({ method: 'resources/read', target: checked, ...limits }, (deadline) =>
        ctx.onBehalfOf(
          viaApp,
          'resources/read',
          uri,
          () => rawRequest(client, 'resources/read', { uri: checked }, { signal: deadline.signal, timeout: SDK_BACKSTOP_MS }),
          job,
        ),
      );
      const { contents, problems } = readContents(result);
      const { ttlMs, cacheScope } = (result ?? {}) as { ttlMs?: unknown; cacheScope?: unknown };
      const scope = cacheScope === 'public' || cacheScope === 'private' ? cacheScope : undefined;
      const freshness: Freshness | undefined =
        typeof ttlMs === 'number' && Number.isFinite(ttlMs)
          ? { ttlMs: Math.max(0, ttlMs), ...(scope && { scope }), receivedAt: ctx.clock.now(), fromCache: false, ageMs: 0 }
          : undefined;
      return { uri, contents, problems, durationMs: ctx.clock.now() - started, ...(freshness && { freshness }) };
    },
    async subscribeResource({ uri }, signal, job) {
      const checked = checkUri(uri);
      await ctx.asJob(job, requestWith('resources/subscribe', { uri: checked }), () =>
        subscriptions(ctx.requireSession()).subscribe(checked, signal),
      );
      return undefined;
    },
    async unsubscribeResource({ uri }, signal, job) {
      const checked = checkUri(uri);
      await ctx.asJob(job, requestWith('resources/unsubscribe', { uri: checked }), () =>
        subscriptions(ctx.requireSession()).unsubscribe(checked, signal),
      );
      return undefined;
    },
  };
}
