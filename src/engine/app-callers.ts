/**
 * Which outgoing requests an MCP App asked for, so the message log can say "from app ui://…". The SDK
 * numbers requests itself and the wire stays exactly what the spec says (no marker travels to the server),
 * so a call made on an app's behalf is announced here first and claimed by the first matching frame the
 * wire tap records: same method, same tool name or resource URI.
 */

export interface AppCallers {
  /** Announces a request about to be sent for an app; returns a release for when it settles. */
  expect(app: string, method: string, target: string): () => void;
  /** The app that asked for this outgoing frame, if one did (each announcement is claimed once). */
  claim(frame: unknown): string | undefined;
}

const targetOf = (frame: unknown): string | undefined => {
  const params = (frame as { params?: { name?: unknown; uri?: unknown } }).params;
  const target = params?.name ?? params?.uri;
  return typeof target === 'string' ? target : undefined;
};

export function createAppCallers(): AppCallers {
  const waiting: { key: string; app: string }[] = [];
  const keyOf = (method: string, target: string) => `${method}\n${target}`;
  return {
    expect(app, method, target) {
      const entry = { key: keyOf(method, target), app };
      waiting.push(entry);
      return () => {
        const index = waiting.indexOf(entry);
        if (index >= 0) waiting.splice(index, 1);
      };
    },
    claim(frame) {
      if (waiting.length === 0) return undefined;
      const method = (frame as { method?: unknown }).method;
      const target = targetOf(frame);
      if (typeof method !== 'string' || target === undefined) return undefined;
      const index = waiting.findIndex((entry) => entry.key === keyOf(method, target));
      if (index < 0) return undefined;
      const [entry] = waiting.splice(index, 1);
      return entry?.app;
    },
  };
}
