/** Every MCP App a server offers: its listed `ui://` resources, plus any a tool points at without listing it. */
import { APP_URI_SCHEME, isAppMimeType, type AppResourceMeta } from '../../shared/apps.ts';
import type { Tool } from '../../shared/model.ts';
import type { ResourceInfo } from '../../shared/resources-api.ts';

export interface AppEntry {
  uri: string;
  name: string;
  description?: string;
  listed?: AppResourceMeta;
  /** Tools whose `_meta.ui.resourceUri` is this app. */
  tools: Tool[];
}

export function appCatalog(resources: readonly ResourceInfo[], tools: readonly Tool[]): AppEntry[] {
  const byUri = new Map<string, AppEntry>();
  for (const resource of resources) {
    if (!isAppMimeType(resource.mimeType) && !resource.uri.startsWith(APP_URI_SCHEME)) continue;
    byUri.set(resource.uri, {
      uri: resource.uri,
      name: resource.title ?? resource.name,
      ...(resource.description !== undefined && { description: resource.description }),
      ...(resource.app && { listed: resource.app }),
      tools: [],
    });
  }
  for (const tool of tools) {
    if (!tool.ui) continue;
    const entry = byUri.get(tool.ui.resourceUri) ?? { uri: tool.ui.resourceUri, name: tool.ui.resourceUri, tools: [] };
    entry.tools.push(tool);
    byUri.set(entry.uri, entry);
  }
  return [...byUri.values()];
}
