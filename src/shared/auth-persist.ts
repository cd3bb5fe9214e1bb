/**
 * OAuth state that outlives the worker: what a full-page redirect carries across the page's death (in
 * this tab's sessionStorage, see src/state/pending-redirect.ts), and the opt-in "Remember on this device"
 * (the worker keeps tokens in IndexedDB). Plain data only.
 */

/** The authorization server / resource metadata the token exchange needs; plain JSON, validated by the engine again. */
export interface OAuthDiscoverySnapshot {
  authorizationServerUrl: string;
  resourceMetadataUrl?: string;
  resourceMetadata?: Record<string, unknown>;
  authorizationServerMetadata?: Record<string, unknown>;
}

/** The OAuth half of a pending authorization, exported by the engine just before the page navigates away. */
export interface PendingOAuthExport {
  /** The MCP server being authorized. */
  serverUrl: string;
  state: string;
  /** When the state was issued (ms since epoch): the 10-minute lifetime counts from here. */
  createdAt: number;
  /** The PKCE verifier: useless without the code, which only the redirect brings back. */
  codeVerifier: string;
  redirectUrl: string;
  /** The checked authorization URL the page navigates to. */
  authorizationUrl: string;
  /** RFC 8707 resource indicator sent on the authorization request. */
  resource?: string;
  scope?: string;
  discovery: OAuthDiscoverySnapshot;
  /** The client identity used for this authorization (registered, CIMD or pre-registered). */
  client: { clientId: string; issuer?: string; preRegistered: boolean };
  /** Only a secret the user typed for a pre-registered client; a registration's secret is never exported. */
  clientSecret?: string;
}

export interface AuthPersistApi {
  /** The pending authorization with this state, for a full-page redirect. The engine keeps waiting for it too. */
  exportPendingAuthorization: { params: { state: string }; result: PendingOAuthExport };
  /**
   * After a full-page redirect: restores the pending authorization in a fresh engine and exchanges the code
   * from the callback URL (the state is checked again here). `remember` applies the opt-in to the tokens.
   */
  resumeAuthorization: { params: { pending: PendingOAuthExport; callbackUrl: string; remember: boolean }; result: undefined };
  /** Opt in or out of keeping this server's tokens and client registration in IndexedDB (off by default). */
  rememberAuthorization: { params: { serverUrl: string; remember: boolean }; result: undefined };
}
