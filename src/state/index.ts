export type { ConnectionActions, ConnectionInput, ConnectionState, ConnectionStore } from './connection-store.ts';
export { createConnectionStore } from './connection-store.ts';
export type { LogActions, LogItem, LogState, LogStore, LogStoreOptions } from './log-store.ts';
export { createLogStore, DEFAULT_LOG_RETENTION, MAX_PINS, isInboundNotification, messageItemId, requestMethodOf } from './log-store.ts';
export { filterLog, matchesFilter, warmSearchText, type FilterResult, type IdleScheduler } from './log-filter.ts';
export { ChunkedList } from './log-chunks.ts';
export {
  facetsActive,
  matchesFacets,
  NO_FACETS,
  selectByFacets,
  type DirectionFacet,
  type KindFacet,
  type LogFacets,
} from './log-facets.ts';
export type { PrefsState, PrefsStorage, PrefsStore, ThemeChoice, ToolPrefs } from './prefs-store.ts';
export { createPrefsStore, DEFAULT_TOOL_PREFS, sanitizeToolPrefs } from './prefs-store.ts';
export type { KnownEras } from './era-prefs.ts';
export { ERA_CHOICES, eraOrigin, isEraChoice, MAX_REMEMBERED_ORIGINS, verdictOf } from './era-prefs.ts';
export { persistEraChoice } from './persist-era.ts';
export type { HttpActions, HttpState, HttpStore, TrafficView } from './http-store.ts';
export { createHttpStore, DEFAULT_HTTP_BODY_BUDGET, DEFAULT_HTTP_RETENTION, indexCarried, MAX_CARRIED_LINKS } from './http-store.ts';
export { toHar } from './http-har.ts';
export type { ReplayInfo, SessionActions, SessionState, SessionStore } from './session-store.ts';
export { createSessionStore, MAX_RESULTS } from './session-store.ts';
export type { ClientFeaturesActions, ClientFeaturesState, ClientFeaturesStore, RootDraft } from './client-features-store.ts';
export { createClientFeaturesStore, persistClientFeatures } from './client-features-store.ts';
export type { ServerRequestsActions, ServerRequestsState, ServerRequestsStore, UrlElicitationStatus } from './server-requests-store.ts';
export { createServerRequestsStore } from './server-requests-store.ts';
export type { AuthActions, AuthState, AuthStore } from './auth-store.ts';
export { AUTH_STEP_RETENTION, createAuthStore } from './auth-store.ts';
export type { ResourceUpdate, ServerFeedState, ServerFeedStore, ServerLogEntry } from './server-feed-store.ts';
export { createServerFeedStore, DEFAULT_SERVER_LOG_RETENTION } from './server-feed-store.ts';
export type { PendingRedirectRecord, SessionStorageLike, TakeFailure, TakeResult } from './pending-redirect.ts';
export {
  buildPendingRedirect,
  dropPendingRedirect,
  PENDING_REDIRECT_KEY,
  PENDING_REDIRECT_TTL_MS,
  REDIRECT_RETURN_KEY,
  savePendingRedirect,
  takePendingRedirect,
  takeRedirectReturn,
} from './pending-redirect.ts';
export type { SavedHeader, SavedServer, ServerDraft, ServersState, ServersStore } from './servers-store.ts';
export { createServersStore, MAX_SAVED_SERVERS, recentFirst, sanitizeServer } from './servers-store.ts';
export type { TabName, ViewState, ViewStore } from './view-store.ts';
export { createViewStore } from './view-store.ts';
export type { CallHistoryState, CallHistoryStore, HistoryCall } from './call-history-store.ts';
export { createCallHistoryStore, MAX_CALLS_PER_SERVER, MAX_HISTORY_SERVERS } from './call-history-store.ts';
export type { SavedRequest, SavedRequestsState, SavedRequestsStore } from './saved-requests-store.ts';
export { checkRequest, createSavedRequestsStore, MAX_SAVED_ARGUMENTS_CHARS, MAX_SAVED_REQUESTS } from './saved-requests-store.ts';
export { createNavStore, type NavRequest, type NavState, type NavStore } from './nav-store.ts';
