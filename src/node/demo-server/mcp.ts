import { McpServer } from '@modelcontextprotocol/server';

import { registerClientFeatureTools } from './client-feature-tools.ts';
import { icons } from './icons.ts';
import { registerLiveTools, type SessionState } from './live-tools.ts';
import { registerResourcesAndPrompts } from './resources.ts';
import { registerShowcasePrompts } from './showcase-prompts.ts';
import { registerShowcaseResources } from './showcase-resources.ts';
import { registerSubscriptions } from './subscriptions.ts';
import { registerShowcaseTools } from './tools.ts';

export const DEMO_SERVER_INFO = {
  name: 'mcp-lens-demo',
  title: 'MCP Lens Demo Server',
  version: '1.0.0',
  description: 'A small MCP server that shows off tools, rich results, notifications, resources and prompts.',
  websiteUrl: 'https://modelcontextprotocol.io',
  icons: icons.server,
};

const INSTRUCTIONS = `This is the MCP Lens demo server. It has no real side effects: every tool works on made-up data or on notes kept for this session only.
Start with "echo", then try "book-meeting" to see a rich form, "get-forecast" for structured output, "draw-lens" and "play-tone" for media, and "long-running-task" for progress and log notifications.
"toggle-bonus-tool" adds or removes a tool and announces it with notifications/tools/list_changed. "clear-notes" is destructive: it deletes this session's notes.`;

/**
 * One McpServer per session: an McpServer owns exactly one transport, and the
 * session's state (notes, the bonus tool) must not leak between clients.
 */
export function createDemoMcpServer(): McpServer {
  const server = new McpServer(DEMO_SERVER_INFO, {
    instructions: INSTRUCTIONS,
    capabilities: { logging: {} },
  });
  const state: SessionState = { notes: [], bonusTool: undefined };
  registerShowcaseTools(server);
  registerLiveTools(server, state);
  registerResourcesAndPrompts(server, state);
  registerShowcaseResources(server);
  registerShowcasePrompts(server);
  registerSubscriptions(server);
  registerClientFeatureTools(server);
  return server;
}
