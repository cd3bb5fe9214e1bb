/**
 * The host side of one running MCP App, on the ext-apps AppBridge (no protocol of our own): it answers the
 * app's requests through the engine and tells a person what the app did. Framework-free; every effect
 * comes in through `AppHostDeps`, so React only mounts the frame and shows `AppActivity`.
 *
 * What an app may do here: call the server's tools (not those whose `_meta.ui.visibility` leaves out
 * "app") and read its resources, each marked in the message log as the app's; send a message (shown, as
 * there is no model to give it to); open a link (checked, and only after the person agrees); log; and ask
 * for a size or display mode. Anything else the bridge answers "method not found".
 */
import { AppBridge, type McpUiDisplayMode, type McpUiHostContext, type McpUiResourceCsp } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';

import type { AppResourceMeta } from '../../shared/apps.ts';
import type { Tool, ToolCallOutcome, ToolCallParams } from '../../shared/model.ts';
import type { ResourceContent, ResourceReadResult } from '../../shared/resources-api.ts';
import type { UrlCheck } from '../../shared/url.ts';
import { describeError, formatCount } from '../../shared/read.ts';
import { toolRisk, UNLISTED_TOOL_REASON } from '../../shared/tool-hints.ts';
import { APP_BYTES_PER_SECOND, APP_MESSAGES_PER_SECOND, BUDGET_LOGGER } from './app-budget.ts';
import { buildAppDocument, GUARD_LOGGER } from './app-document.ts';
import { AppTransport, backgroundTask } from './app-transport.ts';
import { SANDBOX_FLAGS } from './sandbox-url.ts';
import { LENS_VERSION } from '../../shared/version.ts';

/** What the app panel lists, newest last. */
export type AppActivity =
  | { kind: 'ready'; text: string }
  | { kind: 'call'; text: string; ok: boolean }
  | { kind: 'message'; text: string }
  | { kind: 'log'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'link'; text: string; ok: boolean };

export interface AppSource {
  uri: string;
  html: string;
  meta: AppResourceMeta;
}

export interface AppHostDeps {
  /** The app's tools/call: a job of the connection (src/app/calls.ts), marked in the log as the app's. */
  callTool: (params: ToolCallParams & { viaApp: string }) => Promise<ToolCallOutcome>;
  /** The app's resources/read: likewise a job, marked as the app's. */
  readResource: (params: { uri: string; viaApp: string }) => Promise<ResourceReadResult>;
  app: AppSource;
  /** The tool call the app shows, when it was opened for one. */
  input?: Record<string, unknown>;
  result?: ToolCallOutcome;
  /** The server's tools as last listed, for their visibility. */
  tools: () => Tool[] | undefined;
  theme: 'light' | 'dark';
  /** Asks the person; true only when they agree to open the URL. Never called while a question is open. */
  confirmLink: (url: string) => Promise<boolean>;
  /**
   * Asks the person before the app runs a tool that may change something (not read-only, or destructive),
   * as their own click would: once, for the rest of this connection (`session`), or not at all.
   */
  confirmCall: (question: AppCallQuestion) => Promise<'once' | 'session' | 'deny'>;
  /** Whether the person already let this app run such tools for this connection. */
  allowedForSession: () => boolean;
  /** The app went over its message budget: the host stopped listening, and the frame should be unloaded. */
  onPause: (reason: string) => void;
  /** The clock, for the message budget. */
  now: () => number;
  /** The one checked way to open a URL (src/ui/common/open-external.ts). */
  openExternal: (url: string) => UrlCheck;
  onActivity: (activity: AppActivity) => void;
  onSize: (size: { width?: number; height?: number }) => void;
  onDisplayMode: (mode: McpUiDisplayMode) => void;
  /** A line in the message log, for what was refused. */
  note: (level: 'info' | 'warning', text: string) => void;
}

/** What the person is asked before an app runs a tool that may change something. */
export interface AppCallQuestion {
  /** The app's resource URI, and the name it gave itself (untrusted, shown as such). */
  app: string;
  appName: string | undefined;
  tool: string;
  reason: string;
}

const HOST_INFO = { name: 'MCP Lens', version: LENS_VERSION };
const BYTES_OVER = `more than ${APP_BYTES_PER_SECOND / 2 ** 20} MB of messages`;

export interface AppHost {
  /** The inspector's theme changed: the app is told (`ui/notifications/host-context-changed`) so it restyles. */
  setTheme(theme: 'light' | 'dark'): void;
  /** Ends the app: the bridge asks it to tear down, then stops listening. */
  close(): Promise<void>;
}

export async function startAppHost(frame: Window, deps: AppHostDeps): Promise<AppHost> {
  const { app } = deps;
  // The whole context as the app last heard it: the bridge sends only the fields that changed.
  let context: McpUiHostContext = {
    theme: deps.theme,
    displayMode: 'inline',
    availableDisplayModes: ['inline', 'fullscreen'],
    platform: 'web',
  };
  const bridge = new AppBridge(
    null,
    HOST_INFO,
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} } },
    { hostContext: context },
  );
  // What an app says is shown in a list line: a 1 MB log message is cut to its start and its length.
  const onActivity = (activity: AppActivity) => deps.onActivity({ ...activity, text: cut(activity.text) });
  const refuse = (text: string) => {
    onActivity({ kind: 'refused', text });
    deps.note('warning', `MCP App ${app.uri}: ${cut(text)}`);
  };

  // The sandbox page removes a flooding app itself and says so (BUDGET_LOGGER); the host's own meter (its transport)
  // counts too, for a sandbox page that does not.
  let paused = false;
  const pause = (what = `more than ${APP_MESSAGES_PER_SECOND} messages`) => {
    if (paused) return;
    paused = true;
    const reason = `paused: it sent ${what} in one second, which would slow every connection on this page.`;
    refuse(reason);
    deps.onPause(`MCP App ${app.uri} was ${reason}`);
  };

  bridge.addEventListener('sandboxready', () => {
    void bridge.sendSandboxResourceReady({
      html: buildAppDocument(app.html, app.meta.csp),
      sandbox: SANDBOX_FLAGS,
      csp: app.meta.csp satisfies McpUiResourceCsp,
    });
  });
  bridge.addEventListener('initialized', () => {
    const version = bridge.getAppVersion();
    onActivity({ kind: 'ready', text: `${version?.name ?? 'The app'} ${version?.version ?? ''} is running.`.replace(/ +/g, ' ') });
    if (deps.input) void bridge.sendToolInput({ arguments: deps.input });
    if (deps.result) void bridge.sendToolResult(toCallToolResult(deps.result));
  });
  bridge.addEventListener('sizechange', (size) => deps.onSize(size));
  bridge.addEventListener('loggingmessage', ({ level, logger, data }) => {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    if (logger === BUDGET_LOGGER) pause(text.includes('MB') ? BYTES_OVER : undefined);
    else if (logger === GUARD_LOGGER) refuse(`the browser refused ${text}`);
    else onActivity({ kind: 'log', text: `${level}: ${text}` });
  });

  // One question at a time per app: a second while one is open is refused (never swapped into the first).
  let asking = false;
  bridge.oncalltool = async ({ name, arguments: args }) => {
    const tool = deps.tools()?.find((t) => t.name === name);
    if (tool?.ui && !tool.ui.visibility.includes('app')) {
      refuse(`refused its call of "${name}": the tool's _meta.ui.visibility does not include "app".`);
      throw new Error(`The host does not let apps call "${name}" (visibility ${JSON.stringify(tool.ui.visibility)}).`);
    }
    // The person's rule for their own clicks holds for the app's: a tool that may change something (or one
    // not listed, whose hints are unknown) runs only after they say so.
    if ((tool === undefined || toolRisk(tool).asks) && !deps.allowedForSession()) {
      if (asking) {
        refuse(`asked to run "${name}" while another question was open; refused.`);
        throw new Error(`The host refused "${name}": another question to the person is open. Try again once it is answered.`);
      }
      asking = true;
      const answer = await deps
        .confirmCall({
          app: app.uri,
          appName: bridge.getAppVersion()?.name,
          tool: name,
          reason: tool ? toolRisk(tool).reason : UNLISTED_TOOL_REASON,
        })
        .finally(() => (asking = false));
      if (answer === 'deny') {
        refuse(`asked to run "${name}"; the person declined.`);
        throw new Error(`The person declined to run "${name}".`);
      }
    }
    try {
      const outcome = await deps.callTool({ name, arguments: args ?? {}, viaApp: app.uri });
      onActivity({ kind: 'call', text: `tools/call ${name}${outcome.isError ? ' (tool error)' : ''}`, ok: !outcome.isError });
      return toCallToolResult(outcome);
    } catch (error) {
      onActivity({ kind: 'call', text: `tools/call ${name} failed: ${describeError(error)}`, ok: false });
      throw new Error(describeError(error), { cause: error });
    }
  };
  bridge.onreadresource = async ({ uri }) => {
    try {
      const read = await deps.readResource({ uri, viaApp: app.uri });
      onActivity({ kind: 'call', text: `resources/read ${uri}`, ok: true });
      return { contents: await Promise.all(read.contents.map(toResourceContents)) } as ReadResourceResult;
    } catch (error) {
      onActivity({ kind: 'call', text: `resources/read ${uri} failed: ${describeError(error)}`, ok: false });
      throw new Error(describeError(error), { cause: error });
    }
  };
  bridge.onopenlink = async ({ url }) => {
    if (asking) {
      refuse(`asked to open ${url} while another question was open; refused.`);
      return { isError: true };
    }
    asking = true;
    const agreed = await deps.confirmLink(url).finally(() => (asking = false));
    if (!agreed) {
      refuse(`asked to open ${url}; the person declined.`);
      return { isError: true };
    }
    const checked = deps.openExternal(url);
    onActivity({
      kind: 'link',
      text: checked.ok ? `Opened ${checked.url}` : `Did not open ${url}: ${checked.reason}`,
      ok: checked.ok,
    });
    if (!checked.ok) deps.note('warning', `MCP App ${app.uri}: refused to open ${url}: ${checked.reason}`);
    return checked.ok ? {} : { isError: true };
  };
  bridge.onmessage = async ({ content }) => {
    const text = content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');
    onActivity({ kind: 'message', text });
    return {};
  };
  bridge.onrequestdisplaymode = async ({ mode }) => {
    const granted: McpUiDisplayMode = mode === 'fullscreen' ? 'fullscreen' : 'inline';
    deps.onDisplayMode(granted);
    context = { ...context, displayMode: granted };
    bridge.setHostContext(context);
    return { mode: granted };
  };

  // The transport counts every message from the app's frame against its budget before anything parses it,
  // and works the rest off in short background slices, behind the engine's answers (app-transport.ts).
  await bridge.connect(
    new AppTransport({
      frame,
      host: window,
      now: deps.now,
      later: backgroundTask,
      onOverBudget: (what) => pause(what === 'bytes' ? BYTES_OVER : undefined),
    }),
  );
  return {
    setTheme(theme) {
      context = { ...context, theme };
      bridge.setHostContext(context);
    },
    async close() {
      await Promise.race([bridge.teardownResource({}).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 500))]);
      await bridge.close();
    },
  };
}

/** The most of one app message an activity line shows. */
const MAX_ACTIVITY_CHARS = 500;
const cut = (text: string) =>
  text.length <= MAX_ACTIVITY_CHARS ? text : `${text.slice(0, MAX_ACTIVITY_CHARS)}… (${formatCount(text.length)} characters)`;

/** An outcome back in the shape of the MCP result the app asked for. */
function toCallToolResult(outcome: ToolCallOutcome): CallToolResult {
  return {
    content: outcome.content as CallToolResult['content'],
    ...(outcome.structuredContent !== undefined && { structuredContent: outcome.structuredContent as Record<string, unknown> }),
    isError: outcome.isError,
  };
}

/** A read's content back in MCP shape: blobs were decoded for display, so they are encoded again. */
async function toResourceContents(content: ResourceContent) {
  const base = { uri: content.uri, ...(content.mimeType !== undefined && { mimeType: content.mimeType }) };
  if (content.text !== undefined) return { ...base, text: content.text };
  const bytes = content.blob ? new Uint8Array(await content.blob.arrayBuffer()) : new Uint8Array();
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { ...base, blob: btoa(binary) };
}
