/**
 * Resources across the worker boundary: listings, templates, reads and subscriptions. Like the rest of
 * model.ts, payloads are the server's own, bounded, and read defensively by the UI.
 */
import type { AppResourceMeta } from './apps.ts';
import type { Freshness, Icon, ListMore, ListRequest } from './model.ts';

/** `audience`, `priority` and `lastModified` as the server sent them (only the well-formed ones kept). */
export interface ResourceAnnotations {
  audience?: string[];
  priority?: number;
  lastModified?: string;
}

export interface ResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons: Icon[];
  annotations?: ResourceAnnotations;
  /** MCP Apps: what the list entry's `_meta.ui` declares (the read's own `_meta.ui` wins). */
  app?: AppResourceMeta;
}

export interface ResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons: Icon[];
  annotations?: ResourceAnnotations;
  /** The RFC 6570 variable names, in order; empty when the template could not be parsed. */
  variables: string[];
  /** Why the template could not be parsed, if it could not. */
  templateError?: string;
}

export interface ResourceList {
  resources: ResourceInfo[];
  /** How many `resources/list` pages it took to reach the end. */
  pages: number;
  /** Entries the server sent that were not resources (no uri, no name) and were left out. */
  skipped: number;
  freshness?: Freshness;
  more?: ListMore;
}

export interface ResourceTemplateList {
  templates: ResourceTemplateInfo[];
  pages: number;
  skipped: number;
  freshness?: Freshness;
  more?: ListMore;
}

/**
 * One item of `contents`. A blob arrives decoded as a Blob (typed with the declared mimeType, so an
 * <img> or download can use it directly); text arrives as text, cut at a bound that is reported.
 */
/** A resource's text beyond this many characters is cut (`textTruncatedFrom`), and the cut is reported. */
export const MAX_RESOURCE_TEXT = 2_000_000;

export interface ResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  /** Set when the text was longer than the bound: its full length in characters. */
  textTruncatedFrom?: number;
  blob?: Blob;
  /** Why a blob could not be decoded or was too large to keep. */
  blobError?: string;
  /** Decoded size of the blob in bytes. */
  blobBytes?: number;
  annotations?: ResourceAnnotations;
  /** MCP Apps: what this content's `_meta.ui` declares (CSP domains, permissions, border). */
  app?: AppResourceMeta;
}

export interface ResourceReadResult {
  uri: string;
  contents: ResourceContent[];
  /** Problems with the shape of the result, shown next to it (e.g. an item without uri). */
  problems: string[];
  durationMs: number;
  /** 2026-07-28 cache hints of this read (shown; reads are never served from cache). */
  freshness?: Freshness;
}

export interface ResourcesApi {
  listResources: { params: ListRequest; result: ResourceList };
  listResourceTemplates: { params: ListRequest; result: ResourceTemplateList };
  /** Expands an RFC 6570 template with the SDK's UriTemplate; no server traffic. */
  expandUriTemplate: { params: { template: string; variables: Record<string, string> }; result: { uri: string } };
  readResource: { params: { uri: string; viaApp?: string }; result: ResourceReadResult };
  subscribeResource: { params: { uri: string }; result: undefined };
  unsubscribeResource: { params: { uri: string }; result: undefined };
}
