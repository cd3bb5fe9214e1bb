/**
 * What one MCP server's authorization holds, keyed by the authorization server that issued it (SEP-2352):
 * a client registration per issuer (a client id belongs to the authorization server that issued it,
 * RFC 6749 §2.2), one token set stamped with the issuer that minted it, and a pre-registered client bound
 * to the issuer it was first used with. A credential is only handed out for its own issuer, so nothing
 * from one authorization server is ever presented to another, and a typed client secret never travels
 * to a second one.
 */
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import { AuthRefusal } from './refusal.ts';

/** A client the user entered (Client ID and, for a confidential client, its secret). */
export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string;
}

export class IssuerKeyedCredentials {
  private readonly registrations = new Map<string, StoredOAuthClientInformation>();
  private tokenSet: StoredOAuthTokens | undefined;
  /** The issuer a pre-registered client was first used with; re-bound when the user enters another client. */
  private binding: (PreRegisteredClient & { issuer: string }) | undefined;

  /**
   * The client to present to `issuer`: the pre-registered one (bound to the first issuer it meets, and
   * refused at any other), else the registration made with that issuer, else none (register again).
   */
  client(issuer: string | undefined, preRegistered: PreRegisteredClient | undefined): StoredOAuthClientInformation | undefined {
    if (!preRegistered) return issuer === undefined ? undefined : this.registrations.get(issuer);
    const bound = this.bindingOf(preRegistered);
    if (issuer === undefined) return stamped(preRegistered, bound);
    if (bound !== undefined && bound !== issuer) {
      throw new AuthRefusal(
        `The pre-registered client “${preRegistered.clientId}” belongs to the authorization server ${bound}, but this server now sends you to ${issuer}. ` +
          `Its credentials are not presented there (a client id is only valid at the server that issued it). ` +
          `Enter a client ID registered with ${issuer} in the Authorization tab, or clear Client ID to register dynamically; ` +
          `if the same client is registered there too, press Forget and connect again.`,
      );
    }
    this.binding = { ...preRegistered, issuer };
    return stamped(preRegistered, issuer);
  }

  /** The issuer the pre-registered client is bound to, if these are still the credentials it was bound with. */
  bindingOf(preRegistered: PreRegisteredClient): string | undefined {
    const binding = this.binding;
    return binding && binding.clientId === preRegistered.clientId && binding.clientSecret === preRegistered.clientSecret
      ? binding.issuer
      : undefined;
  }

  /** Binds a pre-registered client to an issuer without presenting it (a remembered or redirected session). */
  bind(preRegistered: PreRegisteredClient, issuer: string): void {
    this.binding = { ...preRegistered, issuer };
  }

  saveRegistration(info: StoredOAuthClientInformation, issuer: string): void {
    this.registrations.set(issuer, { ...info, issuer });
  }

  /** The token set for `issuer`; without one, the latest (what the resource server gets as its bearer). */
  tokens(issuer?: string): StoredOAuthTokens | undefined {
    if (issuer === undefined) return this.tokenSet;
    return this.tokenSet?.issuer === issuer ? this.tokenSet : undefined;
  }

  saveTokens(tokens: StoredOAuthTokens, issuer: string | undefined): void {
    this.tokenSet = issuer === undefined ? tokens : { ...tokens, issuer };
  }

  dropTokens(): void {
    this.tokenSet = undefined;
  }

  dropClients(): void {
    this.registrations.clear();
    this.binding = undefined;
  }
}

function stamped(client: PreRegisteredClient, issuer: string | undefined): StoredOAuthClientInformation {
  return {
    client_id: client.clientId,
    ...(client.clientSecret && { client_secret: client.clientSecret }),
    ...(issuer !== undefined && { issuer }),
  };
}
