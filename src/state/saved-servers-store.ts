/**
 * Saved servers, kept in localStorage: name, URL, transport, era and the header *names*. A header value is
 * kept only when the user ticked it for that header, because whatever is stored sits on disk in clear.
 * The list is bounded and schema-checked on load (storage may hold anything: an old version, another tab's
 * half-write, a hand edit). A list of saved servers, not of connections: one connection at a time for now.
 */
import { createStore } from 'zustand/vanilla';
import type { EraChoice, TransportChoice } from '../shared/model.ts';
import { isEraChoice } from './era-prefs.ts';
import type { PrefsStorage } from './prefs-store.ts';

export const MAX_SAVED_SERVERS = 100;
const MAX_NAME = 200;
const MAX_URL = 4096;
const MAX_HEADERS = 32;
const MAX_HEADER_VALUE = 8192;
const SERVERS_KEY = 'mcp-lens.servers';
const TRANSPORTS: readonly TransportChoice[] = ['auto', 'streamable-http', 'sse'];

interface SavedHeader {
  name: string;
  /** Present only when the user chose to keep this value on this device. */
  value?: string;
}

export interface SavedServer {
  id: string;
  name: string;
  url: string;
  transport: TransportChoice;
  era: EraChoice;
  headers: SavedHeader[];
  /** When it was last connected to (ms since the epoch), for the recent list; 0 when never. */
  usedAt: number;
}

export type ServerDraft = Omit<SavedServer, 'id' | 'usedAt'>;

export interface SavedServersState {
  servers: SavedServer[];
  actions: {
    /** Saves a server and returns its id; beyond the bound the least recently used one goes. */
    add(draft: ServerDraft): string;
    rename(id: string, name: string): void;
    duplicate(id: string): string | undefined;
    remove(id: string): void;
    /** Marks it as just connected to. */
    touch(id: string, now: number): void;
  };
}

export function createSavedServersStore(storage?: PrefsStorage) {
  const loaded = readServers(storage);
  let nextId = loaded.reduce((max, server) => Math.max(max, Number(server.id) || 0), 0) + 1;
  return createStore<SavedServersState>()((set, get) => {
    const save = (servers: SavedServer[]) => {
      set({ servers });
      try {
        storage?.setItem(SERVERS_KEY, JSON.stringify(servers));
      } catch {
        // Full or blocked storage: the list still works for this page.
      }
    };
    const update = (id: string, change: (server: SavedServer) => SavedServer) =>
      save(get().servers.map((server) => (server.id === id ? change(server) : server)));
    const insert = (server: Omit<SavedServer, 'id'>) => {
      const id = String(nextId++);
      const servers = [...get().servers, sanitizeServer({ ...server, id })!];
      if (servers.length > MAX_SAVED_SERVERS) {
        const oldest = servers.reduce((a, b) => (b.usedAt < a.usedAt ? b : a));
        servers.splice(servers.indexOf(oldest), 1);
      }
      save(servers);
      return id;
    };
    return {
      servers: loaded,
      actions: {
        add: (draft) => insert({ ...draft, usedAt: 0 }),
        rename(id, name) {
          const trimmed = name.trim().slice(0, MAX_NAME);
          if (trimmed !== '') update(id, (server) => ({ ...server, name: trimmed }));
        },
        duplicate(id) {
          const original = get().servers.find((server) => server.id === id);
          return original && insert({ ...original, name: `${original.name} (copy)`.slice(0, MAX_NAME), usedAt: 0 });
        },
        remove: (id) => save(get().servers.filter((server) => server.id !== id)),
        touch: (id, now) => update(id, (server) => ({ ...server, usedAt: now })),
      },
    };
  });
}

/** The servers most recently connected to first, then the rest by name. */
export function recentFirst(servers: readonly SavedServer[]): SavedServer[] {
  return [...servers].sort((a, b) => b.usedAt - a.usedAt || a.name.localeCompare(b.name));
}

function readServers(storage: PrefsStorage | undefined): SavedServer[] {
  let parsed: unknown;
  try {
    const text = storage?.getItem(SERVERS_KEY);
    parsed = text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const servers: SavedServer[] = [];
  const ids = new Set<string>();
  for (const item of parsed.slice(0, MAX_SAVED_SERVERS)) {
    const server = sanitizeServer(item);
    if (server && !ids.has(server.id)) {
      ids.add(server.id);
      servers.push(server);
    }
  }
  return servers;
}

/** A stored entry as a SavedServer, or undefined when its required fields are missing or of the wrong type. */
function sanitizeServer(value: unknown): SavedServer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, name, url, transport, era, headers, usedAt } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof url !== 'string') return undefined;
  if (name.trim() === '' || url.length > MAX_URL) return undefined;
  return {
    id: id.slice(0, 32),
    name: name.trim().slice(0, MAX_NAME),
    url,
    transport: TRANSPORTS.find((t) => t === transport) ?? 'auto',
    era: isEraChoice(era) ? era : 'auto',
    headers: Array.isArray(headers) ? headers.slice(0, MAX_HEADERS).flatMap(sanitizeHeader) : [],
    usedAt: typeof usedAt === 'number' && Number.isFinite(usedAt) ? usedAt : 0,
  };
}

function sanitizeHeader(value: unknown): SavedHeader[] {
  if (typeof value !== 'object' || value === null) return [];
  const { name, value: kept } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME) return [];
  return [typeof kept === 'string' && kept.length <= MAX_HEADER_VALUE ? { name: name.trim(), value: kept } : { name: name.trim() }];
}
