export type { ConnectionActions, ConnectionInput, ConnectionState, ConnectionStore } from './connection-store.ts';
export { createConnectionStore } from './connection-store.ts';
export type { LogActions, LogItem, LogState, LogStore, LogStoreOptions } from './log-store.ts';
export { createLogStore, DEFAULT_LOG_RETENTION, messageItemId, requestMethodOf } from './log-store.ts';
export { matchesFilter } from './log-filter.ts';
export type { PrefsState, PrefsStorage, PrefsStore, ThemeChoice } from './prefs-store.ts';
export { createPrefsStore } from './prefs-store.ts';
export type { ResourceUpdate, ServerFeedState, ServerFeedStore, ServerLogEntry } from './server-feed-store.ts';
export { createServerFeedStore, DEFAULT_SERVER_LOG_RETENTION } from './server-feed-store.ts';
