/**
 * A running MCP App: the sandbox frame, what the app did through the host, and the consent question for
 * links. The protocol lives in app-host.ts; this file mounts it and shows its state.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AppResourceMeta } from '../../shared/apps.ts';
import type { ToolCallOutcome } from '../../shared/model.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { openExternal } from '../common/open-external.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useCommands, useScope } from '../services.tsx';
import { useResolvedTheme } from '../theme/use-theme.ts';
import { AppActivityList } from './AppActivityList.tsx';
import { AppCallConsentDialog } from './AppCallConsentDialog.tsx';
import type { AppActivity, AppCallQuestion, AppHost, AppSource } from './app-host.ts';
import { LinkConsentDialog } from './LinkConsentDialog.tsx';
import { SANDBOX_ALLOW, SANDBOX_FLAGS, sandboxPageUrl } from './sandbox-url.ts';
import { useAppSource } from './use-app-source.ts';
import './apps.css';

interface Props {
  uri: string;
  /** What the resource's list entry declares, used when the read declares nothing. */
  listed?: AppResourceMeta;
  input?: Record<string, unknown>;
  result?: ToolCallOutcome;
}

export function AppFrame({ uri, listed, input, result }: Props) {
  const source = useAppSource(uri, listed);
  return (
    <section role="region" aria-label="MCP App" className="app-panel">
      <h3 className="section-title">
        {/* The URI as written: URIs are case-sensitive, and the heading style upper-cases its text. */}
        App{' '}
        <span className="as-written">
          <ServerText text={uri} />
        </span>
      </h3>
      {source.status === 'loading' && <p className="muted">Reading the app…</p>}
      {source.status === 'error' && <ErrorDetails error={source.error} lead="Could not load the app" />}
      {source.status === 'ready' && <RunningApp app={source.app} {...(input && { input })} {...(result && { result })} />}
    </section>
  );
}

/** The most a frame grows to on an app's request, so an app cannot push the inspector off the page. */
const MAX_HEIGHT = 2000;
const MAX_ACTIVITY = 50;
/** The least time between two updates of the frame's size and the activity list. */
const UPDATE_INTERVAL_MS = 250;

/**
 * Apps the person let run tools that may change something, until the connection ends: keyed by the
 * connection's query key (new for every connection) and the app's URI.
 */
const allowedApps = new Set<string>();

function RunningApp({ app, input, result }: { app: AppSource; input?: Record<string, unknown>; result?: ToolCallOutcome }) {
  const { note } = useCommands().log,
    { awaitCall } = useCommands().jobs;
  const { queries, key } = useScope();
  const queryClient = useQueryClient();
  // Listed here so the visibility check has the tools; read when the app calls, not at mount.
  const toolsQuery = queries.tools();
  useQuery(toolsQuery);
  const theme = useResolvedTheme();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(320);
  const [fullscreen, setFullscreen] = useState(false);
  const [activity, setActivity] = useState<AppActivity[]>([]);
  const [linkQuestion, setLinkQuestion] = useState<{ url: string; answer: (open: boolean) => void } | null>(null);
  const [callQuestion, setCallQuestion] = useState<{ question: AppCallQuestion; answer: (a: 'once' | 'session' | 'deny') => void } | null>(
    null,
  );
  const [paused, setPaused] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [src, setSrc] = useState<string | undefined>(undefined);
  const running = useRef<Promise<AppHost> | null>(null);

  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    let closed = false;
    const allowKey = `${JSON.stringify(key)} ${app.uri}`;
    // Every question gets an answer: one still open when the app goes is answered no.
    const pending = new Set<() => void>();
    const ask = <T,>(show: (answer: (value: T) => void) => void, no: T) =>
      new Promise<T>((resolve) => {
        const settle = () => resolve(no);
        pending.add(settle);
        show((value) => {
          pending.delete(settle);
          resolve(value);
        });
      });
    // Size and activity arrive as fast as the app sends them: applied at most four times a second, the latest
    // size and the newest activity only, so a chatty app costs a few renders a second, not one a frame.
    let frameRequest = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastFlush = -Infinity;
    let nextHeight: number | undefined;
    let newActivity: AppActivity[] = [];
    const flush = () => {
      frameRequest = 0;
      lastFlush = performance.now();
      if (closed) return;
      if (nextHeight !== undefined) setHeight(nextHeight);
      if (newActivity.length > 0) {
        const added = newActivity;
        setActivity((items) => [...items, ...added].slice(-MAX_ACTIVITY));
      }
      nextHeight = undefined;
      newActivity = [];
    };
    const schedule = () => {
      if (frameRequest !== 0 || timer !== undefined) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          frameRequest = requestAnimationFrame(flush);
        },
        Math.max(0, lastFlush + UPDATE_INTERVAL_MS - performance.now()),
      );
    };
    // The bridge (with the SDK's Protocol and zod) loads only when an app runs: most sessions never show one.
    const host = import('./app-host.ts').then(({ startAppHost }) =>
      startAppHost(target, {
        // Each request is a job of the connection: in the calls store, found in the log by its app's mark.
        callTool: (params) => awaitCall('app-tool', params),
        readResource: (params) => awaitCall('app-read', params),
        app,
        ...(input && { input }),
        ...(result && { result }),
        tools: () => queryClient.getQueryData(toolsQuery.queryKey)?.tools,
        theme,
        confirmLink: (url) => ask<boolean>((answer) => setLinkQuestion({ url, answer }), false),
        confirmCall: async (question) => {
          const answer = await ask<'once' | 'session' | 'deny'>((reply) => setCallQuestion({ question, answer: reply }), 'deny');
          if (answer === 'session') allowedApps.add(allowKey);
          return answer;
        },
        allowedForSession: () => allowedApps.has(allowKey),
        onPause: (reason) => {
          if (closed) return;
          setPaused(reason);
          note('warning', reason);
        },
        now: () => performance.now(),
        openExternal,
        onActivity: (item) => {
          newActivity = [...newActivity, item].slice(-MAX_ACTIVITY);
          schedule();
        },
        onSize: ({ height: asked }) => {
          if (typeof asked !== 'number' || !Number.isFinite(asked)) return;
          nextHeight = Math.min(MAX_HEIGHT, Math.max(80, Math.ceil(asked)));
          schedule();
        },
        onDisplayMode: (mode) => !closed && setFullscreen(mode === 'fullscreen'),
        note,
      }),
    );
    running.current = host;
    // The sandbox page announces itself once, as soon as it loads: it is loaded only after the bridge listens.
    host.then(() => !closed && setSrc(sandboxPageUrl())).catch((error: unknown) => setStartError(String(error)));
    return () => {
      closed = true;
      cancelAnimationFrame(frameRequest);
      clearTimeout(timer);
      for (const settle of pending) settle();
      void host.then((running) => running.close()).catch(() => undefined);
    };
    // The app runs once per mount; its parent keys it by app and call, so a new call starts a new app.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A theme change while the app runs reaches it as a host-context change; the bridge drops one that changes nothing.
  useEffect(() => {
    void running.current?.then((host) => host.setTheme(theme)).catch(() => undefined);
  }, [theme]);

  return (
    <>
      {startError && <p className="error-text">{startError}</p>}
      {paused && (
        <p className="hint hint-warning" role="status">
          <ServerText text={paused} /> Its frame was unloaded; open the app again to restart it.
        </p>
      )}
      <div
        className={`app-stage${fullscreen ? ' app-stage-fullscreen' : ''}${app.meta.prefersBorder === false ? '' : ' app-stage-border'}`}
      >
        {fullscreen && (
          <button type="button" className="button app-exit-fullscreen" onClick={() => setFullscreen(false)}>
            Exit full screen
          </button>
        )}
        <iframe
          ref={frame}
          title={`MCP App ${app.uri}`}
          {...(src !== undefined && { src: paused ? 'about:blank' : src })}
          sandbox={SANDBOX_FLAGS}
          allow={SANDBOX_ALLOW}
          referrerPolicy="no-referrer"
          style={fullscreen ? undefined : { height }}
        />
      </div>
      <details className="app-details" open>
        <summary>What the app did</summary>
        <AppActivityList items={activity} />
        <p className="muted app-policy">
          Runs sandboxed on an opaque origin. Network: {app.meta.csp.connectDomains.join(', ') || 'none'}; resources:{' '}
          {app.meta.csp.resourceDomains.join(', ') || 'inline only'}.
          {app.meta.permissions.length > 0 && ` Asked for ${app.meta.permissions.join(', ')}; not granted.`}
        </p>
      </details>
      {callQuestion && (
        <AppCallConsentDialog
          question={callQuestion.question}
          onAnswer={(answer) => {
            callQuestion.answer(answer);
            setCallQuestion(null);
          }}
        />
      )}
      {linkQuestion && (
        <LinkConsentDialog
          url={linkQuestion.url}
          onAnswer={(open) => {
            linkQuestion.answer(open);
            setLinkQuestion(null);
          }}
        />
      )}
    </>
  );
}
