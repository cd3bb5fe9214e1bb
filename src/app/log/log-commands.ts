/**
 * The Message log's commands: send a logged request again (as it was or edited), and export the log, or the
 * part the filters show, as JSON lines.
 */
import type { EngineClient } from '../../bridge/index.ts';
import type { EngineError } from '../../shared/errors.ts';
import { exportFileName } from '../files/file-stamp.ts';
import { checkDraft, draftOf, resendRefusal, type ResendDraft, type ResendResult } from '../../shared/resend.ts';
import type { MessageEntry } from '../../shared/events.ts';
import { JSONL_MIME_TYPE, jsonLine, messageItemId, shownLog, toHar, type LogItem } from '../../state/index.ts';
import type { AppEffects } from '../effects.ts';
import { exportRefusal } from '../presentation/export-rule.ts';
import { READ_ONLY_REASON } from '../session-file/replay-client.ts';
import type { Stores } from '../stores.ts';

/** Log entries turned into lines per task while exporting: a few milliseconds of work each. */
const EXPORT_SLICE = 2000;

/**
 * Why this log item cannot be sent again now, in words for a person; null when it can. Only requests MCP
 * Lens sent can be, and only to the live session: a saved session is read-only.
 */
export function whyNotResend(item: LogItem | undefined, live: { connected: boolean; replaying: boolean }): string | null {
  if (item?.type !== 'message' || item.entry.direction !== 'out') return 'Only messages MCP Lens sent can be sent again.';
  const draft = draftOf(item.entry.message);
  if (item.entry.kind === 'notification')
    return `${draft?.method ?? 'This'} is a notification, not a request: only requests can be re-sent.`;
  if (item.entry.kind !== 'request' || draft === undefined) return 'Only requests can be re-sent.';
  const refusal = resendRefusal(draft.method);
  if (refusal !== undefined) return refusal;
  if (live.replaying) return READ_ONLY_REASON;
  if (!live.connected) return 'Connect to a server to re-send this request.';
  // A value the log cut to fit (or a mask typed as a value) would be sent as if it were the real one.
  const checked = checkDraft({ ...draft });
  return checked.ok ? null : checked.problem;
}

export function logCommands(
  client: EngineClient,
  stores: Stores,
  effects: Pick<AppEffects, 'download' | 'yieldToUi' | 'now'>,
  refuse: (reason: string) => void,
  /** What the workspace calls this connection: the files are named after it. */
  nameOf: () => string,
) {
  /**
   * Sends the logged request `itemId` again on the live session: as it was, or as `edited`. The answer also
   * appears in the log, where the new request is marked as re-sent from this one.
   */
  async function resendRequest(itemId: string, edited?: ResendDraft, signal?: AbortSignal, job?: string): Promise<ResendResult> {
    const item = stores.log.getState().byId.get(itemId);
    const problem = whyNotResend(item, {
      connected: stores.connection.getState().phase === 'connected',
      replaying: stores.sessionFile.getState().replay !== null,
    });
    if (problem !== null || item?.type !== 'message') {
      throw { code: 'invalid-input', message: problem ?? 'That log entry is gone.' } satisfies EngineError;
    }
    const { entry } = item;
    const draft = edited ?? draftOf(entry.message)!;
    const from = { seq: entry.seq, ...(entry.rpcId !== undefined && { rpcId: entry.rpcId }) };
    return client.call('resendRequest', { draft, from, edited: edited !== undefined }, signal, job);
  }

  /**
   * Offers the log as a `.jsonl` file: every message, or (`shown`) those the filters keep, exactly as the
   * list shows them. Lines are built in slices, so a 100,000-message log does not freeze the page.
   */
  async function exportLog(which: 'all' | 'shown'): Promise<void> {
    const refusal = exportRefusal(stores);
    if (refusal !== null) return refuse(refusal);
    const log = stores.log.getState();
    const rows =
      which === 'shown' ? shownLog(log, log.filterText, log.facets).shown : { count: log.ids.length, idAt: (i: number) => log.ids.at(i) };
    const lines: string[] = [];
    for (let index = 0; index < rows.count; index += 1) {
      const item = log.byId.get(rows.idAt(index)!);
      const line = item && jsonLine(item);
      if (line !== undefined) lines.push(line);
      if ((index + 1) % EXPORT_SLICE === 0) await effects.yieldToUi();
    }
    const name = exportFileName(which === 'shown' ? 'log-filtered' : 'log', nameOf(), new Date(effects.now()), '.jsonl');
    effects.download(name, new Blob(lines, { type: JSONL_MIME_TYPE }));
  }

  /**
   * Offers the HTTP exchanges `seqs` (those the HTTP view lists) as a HAR file, each with the JSON-RPC
   * messages it carried. Secrets were masked at capture; the HAR masks again on the way out.
   */
  function exportHar(seqs: readonly number[]): void {
    const refusal = exportRefusal(stores);
    if (refusal !== null) return refuse(refusal);
    const { bySeq, carried } = stores.http.getState();
    const { byId } = stores.log.getState();
    const messagesOf = (seq: number): MessageEntry[] =>
      (carried.get(seq) ?? []).flatMap((messageSeq) => {
        const item = byId.get(messageItemId(messageSeq));
        return item?.type === 'message' ? [item.entry] : [];
      });
    const har = toHar(
      seqs.flatMap((seq) => bySeq.get(seq) ?? []),
      messagesOf,
    );
    effects.download(
      exportFileName('', nameOf(), new Date(effects.now()), '.har'),
      new Blob([JSON.stringify(har, null, 2)], { type: 'application/json' }),
    );
  }

  return { resendRequest, exportLog, exportHar };
}
