export type { ConnectionActions, ConnectionInput, ConnectionState, ConnectionStore } from './connection-store.ts';
export { createConnectionStore } from './connection-store.ts';
export type { LogActions, LogItem, LogState, LogStore, LogStoreOptions } from './log-store.ts';
export { createLogStore, DEFAULT_LOG_RETENTION, messageItemId, requestMethodOf } from './log-store.ts';
export { matchesFilter } from './log-filter.ts';
export type { PrefsState, PrefsStorage, PrefsStore, ThemeChoice } from './prefs-store.ts';
export { createPrefsStore } from './prefs-store.ts';
export type { AuthActions, AuthState, AuthStore } from './auth-store.ts';
export { AUTH_STEP_RETENTION, createAuthStore } from './auth-store.ts';
