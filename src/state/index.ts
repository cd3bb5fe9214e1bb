export type { ConnectionState } from './connection-store.ts';
export { createConnectionStore } from './connection-store.ts';
export type { LogItem } from './log/log-store.ts';
export { createLogStore, messageItemId, requestMethodOf } from './log/log-store.ts';
export { warmSearchText, type FilterResult } from './log/log-filter.ts';
export type { DirectionFacet, KindFacet } from './log/log-facets.ts';
export type { PrefsStorage, ThemeChoice } from './prefs-store.ts';
export { createPrefsStore } from './prefs-store.ts';
export { clampShare, DEFAULT_LAYOUT, SHARE_BOUNDS, type LayoutShare } from './layout-prefs.ts';
export { eraEndpoint, isEraChoice, verdictOf } from './era-prefs.ts';
export { persistEraChoice } from './persist-era.ts';
export type { TrafficView } from './http-store.ts';
export { createHttpStore, DEFAULT_HTTP_BODY_BUDGET, indexCarried, MAX_CARRIED_LINKS } from './http-store.ts';
export { toHar } from './http-har.ts';
export type { ReplayInfo } from './session-file-store.ts';
export { createSessionFileStore } from './session-file-store.ts';
export { createClientFeaturesStore, persistClientFeatures } from './client-features-store.ts';
export { createServerRequestsStore } from './server-requests-store.ts';
export { createAuthStore } from './auth-store.ts';
export type { ConsoleLine } from './console-store.ts';
export { createConsoleStore } from './console-store.ts';
export type { ServerLogEntry } from './server-log-store.ts';
export { createServerLogStore } from './server-log-store.ts';
export type { SessionStorageLike } from './pending-redirect.ts';
export {
  buildPendingRedirect,
  dropPendingRedirect,
  REDIRECT_RETURN_KEY,
  savePendingRedirect,
  takePendingRedirect,
  takeRedirectReturn,
} from './pending-redirect.ts';
export type { SavedServer } from './saved-servers-store.ts';
export { createSavedServersStore, recentFirst } from './saved-servers-store.ts';
export { createViewStore, linkNeedKey, type LinkNeed } from './view-store.ts';
export type { HistoryCall } from './call-history-store.ts';
export { createCallHistoryStore } from './call-history-store.ts';
export { createSavedCallsStore } from './saved-calls-store.ts';
export { createNavStore } from './nav-store.ts';
export { shownLog, type ShownLog } from './log/log-view.ts';
export { exchangeLabel, labelOf, labelText, shortTaskId, targetsTask } from './log/log-label.ts';
export { pollSummary } from './log/log-polls.ts';
export { jsonLine, JSONL_MIME_TYPE } from './log/log-jsonl.ts';
export type { ScriptAt } from './demo-script-store.ts';
export { createDemoScriptStore } from './demo-script-store.ts';
export { createConversationScriptStore, MAX_SCRIPT_PROMPTS } from './conversation-script-store.ts';
export type { AnyCall, Call, CallKind } from './calls-store.ts';
export { ANY_TARGET, createCallsStore, latestKey } from './calls-store.ts';
export { createAuditStore, type AuditRun } from './audit-store.ts';
export { createContractStore, type ContractComparison } from './contract-store.ts';
export {
  createPlaygroundStore,
  playgroundCallId,
  providerOrigin,
  type PlaygroundItem,
  type PendingConfirm,
  type PlaygroundContext,
  type PlaygroundState,
} from './playground-store.ts';
export type { CommandUse } from './palette-usage-store.ts';
export { createPaletteUsageStore } from './palette-usage-store.ts';
