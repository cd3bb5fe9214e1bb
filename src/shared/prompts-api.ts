/** Prompts across the worker boundary: the listing and `prompts/get`. */
import type { ContentBlock, Freshness, Icon, ListMore, ListRequest } from './model.ts';

export interface PromptArgumentInfo {
  name: string;
  title?: string;
  description?: string;
  required: boolean;
}

export interface PromptInfo {
  name: string;
  title?: string;
  description?: string;
  icons: Icon[];
  arguments: PromptArgumentInfo[];
}

export interface PromptList {
  prompts: PromptInfo[];
  pages: number;
  skipped: number;
  freshness?: Freshness;
  more?: ListMore;
}

export interface PromptMessageInfo {
  /** `user` or `assistant` per the spec; anything else is kept as sent so the UI can flag it. */
  role: string;
  content: ContentBlock;
}

export interface PromptGetResult {
  description?: string;
  messages: PromptMessageInfo[];
  /** Problems with the shape of the result (a message without content, an unknown role). */
  problems: string[];
  durationMs: number;
}

export interface PromptsApi {
  listPrompts: { params: ListRequest; result: PromptList };
  getPrompt: { params: { name: string; arguments: Record<string, string> }; result: PromptGetResult };
}
