export type { ConnectionActions, ConnectionInput, ConnectionState, ConnectionStore } from './connection-store.ts';
export { createConnectionStore } from './connection-store.ts';
export type { LogActions, LogItem, LogState, LogStore, LogStoreOptions } from './log-store.ts';
export { createLogStore, DEFAULT_LOG_RETENTION, isInboundNotification, messageItemId, requestMethodOf } from './log-store.ts';
export { filterLog, matchesFilter, type FilterResult } from './log-filter.ts';
export { ChunkedList } from './log-chunks.ts';
export type { PrefsState, PrefsStorage, PrefsStore, ThemeChoice } from './prefs-store.ts';
export { createPrefsStore } from './prefs-store.ts';
