/**
 * MCP Apps (SEP-1865): the client capability that tells a server MCP Lens can run its `ui://` apps. It is
 * a client-side declaration, not a negotiated one: a server checks for it (the ext-apps `getUiCapability`)
 * and decides whether to offer UI, so it goes into the capabilities of both eras — the 2025 `initialize`
 * and the 2026-07-28 per-request envelope — whatever the server itself declares.
 */
import { APP_MIME_TYPE, UI_EXTENSION_ID } from '../../shared/apps.ts';
import type { SessionExtension } from '../session/session.ts';

export const appsExtension: SessionExtension = {
  capabilities: { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } },
};
