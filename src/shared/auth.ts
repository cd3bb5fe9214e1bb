/**
 * OAuth across the worker boundary: the settings the UI sends, the calls that finish or abandon an
 * authorization, and the steps the engine reports for the Authorization view. Plain data only.
 */

/** How this client identifies itself to an authorization server, chosen in the spec's order. */
export interface AuthSettings {
  /** A pre-registered client, entered by the user. Used first when set. */
  clientId?: string;
  /** Its secret, if the authorization server issued one (confidential client). */
  clientSecret?: string;
  /** Where the authorization server sends the browser back: the app's callback page, absolute. */
  redirectUrl: string;
  /**
   * The app's Client ID Metadata Document (https only). Used when the authorization server advertises
   * `client_id_metadata_document_supported`; otherwise Dynamic Client Registration.
   */
  clientMetadataUrl?: string;
  /** Display name registered with Dynamic Client Registration. @default "MCP Lens" */
  clientName?: string;
}

/** The outcome of one step, from the client's point of view. */
export type AuthVerdict = 'ok' | 'deviation' | 'refused' | 'failed' | 'unreachable' | 'info';

export type AuthStepKind =
  | 'challenge'
  | 'resource-metadata'
  | 'server-metadata'
  | 'registration'
  | 'authorization'
  | 'callback'
  | 'token'
  | 'refresh'
  | 'step-up'
  | 'iss-check'
  | 'as-change'
  | 'remembered'
  | 'forget';

/** One labelled fact about a step (e.g. "Keyed by issuer", "offline_access", "Refresh token"), plain text. */
export interface AuthFact {
  label: string;
  value: string;
}

/** One HTTP exchange of an authorization step, secrets already masked. */
export interface AuthHttp {
  method: string;
  url: string;
  requestHeaders: Array<[string, string]>;
  /** Form or JSON body, masked. */
  requestBody?: string;
  status?: number;
  responseHeaders?: Array<[string, string]>;
  /** Truncated and masked. */
  responseBody?: string;
  /** Set when no response could be read (network error, CORS). */
  error?: string;
}

export interface AuthStep {
  /** Monotonic per engine. */
  id: number;
  time: number;
  /** The MCP server this authorization is for. */
  serverUrl: string;
  kind: AuthStepKind;
  title: string;
  /** The rule of the spec (or RFC) this step follows, in one line. */
  rule: string;
  verdict: AuthVerdict;
  /** Plain-language detail: what happened, what deviates, what to do next. */
  detail?: string;
  /** Short labelled facts shown under the detail: the issuer a credential is keyed by, offline_access, refresh token. */
  facts?: AuthFact[];
  http?: AuthHttp;
}

/** Where the authorization of the current server stands. */
export type AuthStatus =
  | { phase: 'none' }
  /** A person must open `url` (validated) and approve; the engine waits for the callback. */
  | { phase: 'awaiting-user'; serverUrl: string; url: string; state: string }
  | {
      phase: 'authorized';
      serverUrl: string;
      scope?: string;
      expiresAt?: number;
      hasRefreshToken: boolean;
      /** The authorization server (its metadata `issuer`) the tokens and the client registration are keyed by. */
      issuer?: string;
      /** Kept in IndexedDB on this device (the opt-in), not only in the worker's memory. */
      remembered?: boolean;
    }
  | { phase: 'failed'; serverUrl: string; message: string };

export type AuthUpdate = { kind: 'step'; step: AuthStep } | { kind: 'status'; status: AuthStatus };

/**
 * The guided authorization's steps, in order: each can be run on its own (Next), before any 401. The
 * token step is the sign-in's answer (the callback), so it has no call of its own.
 */
export const GUIDED_STEPS = ['resource-metadata', 'server-metadata', 'registration', 'authorization', 'token', 'refresh'] as const;
export type GuidedStep = (typeof GUIDED_STEPS)[number];

export interface GuidedStepResult {
  /** done; waiting for a person (the sign-in); skipped (nothing to do, and why). */
  outcome: 'done' | 'waiting' | 'skipped';
  /** One line: what the step found or did. */
  summary: string;
}

export interface AuthApi {
  /** Runs one step of the guided authorization for this server; a refused or failed step throws. */
  runAuthorizationStep: { params: { serverUrl: string; step: Exclude<GuidedStep, 'token'> }; result: GuidedStepResult };
  /** Sets how the client registers and where the redirect returns; applies to the next authorization. */
  configureAuth: { params: AuthSettings; result: undefined };
  /** The callback URL the authorization server redirected to (query holds code, state, iss or error). */
  completeAuthorization: { params: { callbackUrl: string }; result: undefined };
  /** The user closed the popup or gave up: the pending connect fails with a clear message. */
  cancelAuthorization: { params: undefined; result: undefined };
  /** Drops every token, client registration and cached discovery for this server. */
  forgetAuthorization: { params: { serverUrl: string }; result: undefined };
}

/*
 * What the OAuth callback page (oauth-callback.html, src/oauth-callback.ts) and the app share. The page is
 * a separate Vite entry that imports these, so the two cannot drift apart.
 */

/** The BroadcastChannel the callback page reports on (same origin only, which is the origin check). */
export const OAUTH_CALLBACK_CHANNEL = 'mcp-lens-oauth-callback';
/** The callback page → the app: here is the callback URL. */
export const OAUTH_CALLBACK_MESSAGE = 'oauth-callback';
/** The app → the callback page: received, so the popup can close. */
export const OAUTH_CALLBACK_RECEIVED = 'oauth-callback-received';
export type OAuthCallbackMessage = { type: typeof OAUTH_CALLBACK_MESSAGE; url: string } | { type: typeof OAUTH_CALLBACK_RECEIVED };

/** sessionStorage: a full-page authorization waiting for its callback in this tab (src/state/pending-redirect.ts). */
export const PENDING_REDIRECT_KEY = 'mcp-lens-oauth-pending';
/** sessionStorage: where the callback page leaves the callback URL for the app it hands over to. */
export const REDIRECT_RETURN_KEY = 'mcp-lens-oauth-return';

/** A step of an OAuth authorization, or where it stands: the sign-in's event across the boundary. */
export interface AuthEvent {
  type: 'auth';
  update: AuthUpdate;
}
