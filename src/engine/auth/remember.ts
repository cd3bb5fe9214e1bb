/**
 * The opt-in "Remember on this device" for one server: loads remembered tokens once before the first
 * request, writes them back after every successful authorization or refresh, and runs refreshes under a
 * cross-tab lock so a rotated refresh token is spent only once (see vault.ts for where and why).
 * A record is only used for the authorization server it names (its issuer): one that names none, or
 * contradicts itself, or belongs to another authorization server than the one in use, is ignored.
 */
import { issuerOf, type LensOAuthProvider } from './provider.ts';
import { RULES, type StepInput } from './rules.ts';
import type { AuthVault, LockFn, RememberedAuthorization } from './vault.ts';
import { describeError } from '../../shared/read.ts';

export interface DeviceMemoryDeps {
  /** The canonical resource URI: the record's key, and part of the lock's name. */
  key: string;
  provider: LensOAuthProvider;
  vault?: AuthVault | undefined;
  lock?: LockFn | undefined;
  now: () => number;
  record: (step: StepInput) => void;
}

const REMEMBER_RULE = RULES.remembered;

export class DeviceMemory {
  /** Off by default; on when the user ticks the box or a remembered record is found for this server. */
  remember = false;
  private loading: Promise<void> | undefined;
  /** A record of ours is on the device (loaded or written): finding it gone means Forget ran in another tab. */
  private stored = false;

  constructor(private readonly deps: DeviceMemoryDeps) {}

  /** Loads a remembered authorization once; a storage failure is reported and the session goes on in memory. */
  ready(): Promise<void> {
    return (this.loading ??= this.load());
  }

  private async load(): Promise<void> {
    const { vault, provider, key } = this.deps;
    if (!vault || provider.tokens()) return;
    try {
      const found = await vault.get(key);
      if (!found) return;
      const stored = this.usable(found, undefined);
      if (!stored) {
        await vault.delete(key); // unusable for any authorization server: a new sign-in replaces it
        return;
      }
      provider.restore(stored);
      this.remember = this.stored = true;
      const expired = stored.expiresAt !== undefined && this.deps.now() >= stored.expiresAt;
      this.deps.record({
        kind: 'remembered',
        title: 'Remembered tokens loaded',
        rule: REMEMBER_RULE,
        verdict: 'info',
        detail: expired
          ? stored.tokens.refresh_token
            ? 'The remembered access token has expired; it is refreshed before the first request.'
            : 'The remembered access token has expired and there is no refresh token; the server will ask for authorization again.'
          : `Saved ${new Date(stored.savedAt).toLocaleString()}; used without asking again.`,
        facts: [{ label: 'Keyed by issuer', value: stored.issuer }],
      });
    } catch (error) {
      this.reportStorageProblem(error);
    }
  }

  async set(remember: boolean): Promise<void> {
    await this.ready();
    this.remember = remember;
    if (remember) await this.persist();
    else await this.erase();
  }

  /** After tokens change: keeps the remembered copy current (only when opted in). */
  async persist(): Promise<void> {
    const { vault, provider, key } = this.deps;
    if (!this.remember || !vault) return;
    const snapshot = provider.snapshot(key);
    if (!snapshot) return;
    try {
      await vault.put(snapshot);
      this.stored = true;
    } catch (error) {
      this.reportStorageProblem(error);
    }
  }

  /**
   * The authorization server changed: the remembered copy belongs to the previous one and is deleted now,
   * so a reload cannot bring its tokens back; the opt-in stays, and the new tokens replace it.
   */
  async dropPrevious(): Promise<void> {
    if (this.stored) await this.erase();
  }

  async erase(): Promise<void> {
    this.stored = false;
    try {
      await this.deps.vault?.delete(this.deps.key);
    } catch (error) {
      this.reportStorageProblem(error);
    }
  }

  /**
   * Runs `work` (which may refresh) holding the lock for this server, after adopting tokens another tab
   * wrote meanwhile. Resolves `true` when the adopted token is still fresh and `work` was not needed.
   */
  async guard(work: () => Promise<void>): Promise<boolean> {
    const { lock, vault, provider, key } = this.deps;
    if (!this.remember || !vault || !lock || !provider.tokens()?.refresh_token) {
      await work();
      return false;
    }
    return lock(`mcp-lens-oauth-refresh ${key}`, async () => {
      const found = await vault.get(key).catch(() => undefined);
      // Another tab's record for another authorization server is not adopted: ours is refreshed where it was issued.
      const stored = found && this.usable(found, provider.issuer);
      const current = provider.tokens();
      if (!found && this.stored) {
        // Forget ran in another tab: this tab keeps its session in memory but stops writing to the device.
        this.remember = this.stored = false;
        this.deps.record({
          kind: 'remembered',
          title: 'Forgotten in another tab',
          rule: REMEMBER_RULE,
          verdict: 'info',
          detail: 'The copy on this device was deleted elsewhere; this tab’s tokens stay in memory only from now on.',
        });
        await work();
        return false;
      }
      if (stored && stored.tokens.refresh_token !== current?.refresh_token) {
        // Another tab refreshed first: its refresh token is the live one now, ours was already spent.
        provider.restore(stored);
        const fresh = stored.refreshAt === undefined || this.deps.now() < stored.refreshAt;
        this.deps.record({
          kind: 'remembered',
          title: 'Tokens refreshed by another tab adopted',
          rule: REMEMBER_RULE,
          verdict: 'info',
          detail: fresh
            ? 'Another MCP Lens tab refreshed this server’s tokens; using its new ones instead of refreshing again.'
            : 'Another tab’s tokens have expired as well; refreshing them now.',
        });
        if (fresh) return true;
      }
      await work();
      return false;
    });
  }

  /** The record with its issuer settled, or `undefined` (reported) when it must not be used here. */
  private usable(record: RememberedAuthorization, current: string | undefined): (RememberedAuthorization & { issuer: string }) | undefined {
    const checked = checkIssuer(record, current);
    if ('issuer' in checked) return { ...record, issuer: checked.issuer };
    this.deps.record({
      kind: 'remembered',
      title: 'Remembered tokens ignored',
      rule: REMEMBER_RULE,
      verdict: 'info',
      detail: `${checked.problem} Credentials are keyed by the authorization server that issued them, so these are not used; signing in again replaces them.`,
      ...(record.issuer !== undefined && { facts: [{ label: 'Keyed by issuer', value: record.issuer }] }),
    });
    return undefined;
  }

  private reportStorageProblem(error: unknown) {
    this.deps.record({
      kind: 'remembered',
      title: 'Device storage unavailable',
      rule: REMEMBER_RULE,
      verdict: 'failed',
      detail: `IndexedDB refused: ${describeError(error)}. The tokens stay in memory for this tab only (private windows and storage settings can block IndexedDB).`,
    });
  }
}

/**
 * The authorization server a remembered record belongs to, or why it cannot be used with `current` (the
 * one in use, when known). Records of older builds carry no issuer; their discovery names it.
 */
export function checkIssuer(record: RememberedAuthorization, current: string | undefined): { issuer: string } | { problem: string } {
  const discovered = issuerOf(record.discovery);
  const issuer = record.issuer ?? discovered;
  if (issuer === undefined) return { problem: 'The remembered record names no authorization server.' };
  if (discovered !== undefined && discovered !== issuer)
    return { problem: `The remembered tokens belong to ${issuer}, but the record’s discovery names ${discovered}.` };
  if (record.tokens.issuer !== undefined && record.tokens.issuer !== issuer)
    return { problem: `The remembered tokens are stamped ${record.tokens.issuer}, not ${issuer}.` };
  if (current !== undefined && current !== issuer)
    return { problem: `The remembered tokens belong to ${issuer}, but this server’s authorization server is now ${current}.` };
  return { issuer };
}
