/**
 * The lists a saved file stores beside the log: what the Tools, Resources and Prompts tabs showed last. The
 * log may have evicted the list responses of a long session; the snapshot keeps the tabs rebuildable.
 */
import type { QueryClient } from '@tanstack/react-query';
import { mcpKeys } from '../../queries/index.ts';
import type { ToolList } from '../../shared/model.ts';
import type { PromptList } from '../../shared/prompts-api.ts';
import type { ListSnapshots, ReplayCatalog } from '../../shared/replay-api.ts';
import type { ResourceList, ResourceTemplateList } from '../../shared/resources-api.ts';

/** The lists cached for a live connection (only the ones that were loaded). */
export function liveListSnapshots(queryClient: QueryClient, connectionKey: number): ListSnapshots {
  const tools = queryClient.getQueryData<ToolList>(mcpKeys.tools(connectionKey));
  const resources = queryClient.getQueryData<ResourceList>(mcpKeys.resources(connectionKey));
  const templates = queryClient.getQueryData<ResourceTemplateList>(mcpKeys.templates(connectionKey));
  const prompts = queryClient.getQueryData<PromptList>(mcpKeys.prompts(connectionKey));
  return catalogListSnapshots({
    tools: tools ?? null,
    resources: resources ?? null,
    templates: templates ?? null,
    prompts: prompts ?? null,
  });
}

/** The lists of a replay, so saving a saved session again keeps them. */
export function catalogListSnapshots(catalog: Pick<ReplayCatalog, 'tools' | 'resources' | 'templates' | 'prompts'>): ListSnapshots {
  return {
    ...(catalog.tools && { 'tools/list': { pages: catalog.tools.pages, items: catalog.tools.tools } }),
    ...(catalog.resources && { 'resources/list': { pages: catalog.resources.pages, items: catalog.resources.resources } }),
    ...(catalog.templates && { 'resources/templates/list': { pages: catalog.templates.pages, items: catalog.templates.templates } }),
    ...(catalog.prompts && { 'prompts/list': { pages: catalog.prompts.pages, items: catalog.prompts.prompts } }),
  };
}
