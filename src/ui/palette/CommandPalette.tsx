import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { promptsQueryOptions, resourcesQueryOptions, resourceTemplatesQueryOptions, toolsQueryOptions } from '../../queries/index.ts';
import { ServerText } from '../common/ServerText.tsx';
import { FEATURES } from '../features/FeatureTabs.tsx';
import { connectionLabel } from '../connections/connection-label.ts';
import { useStoreReader, useCommands, useScope, useWorkspace } from '../services.tsx';
import { resolveTheme } from '../theme/use-theme.ts';
import { filterPalette, paletteItems, type PaletteItem } from './palette-items.ts';
import { useGo } from './use-nav.ts';
import './palette.css';

/**
 * Ctrl/⌘-K: every tab, listed tool, resource, template and prompt, and the app's commands, by keyboard.
 * The ARIA combobox pattern (a text box controlling a listbox through aria-activedescendant) in a modal
 * dialog; Escape closes it and focus goes back where it was.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const workspace = useWorkspace();
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {open && <Palette onClose={() => setOpen(false)} openFile={() => fileInput.current?.click()} />}
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void workspace.openSessionFile(file);
        }}
      />
    </>
  );
}

function Palette({ onClose, openFile }: { onClose(): void; openFile(): void }) {
  const items = usePaletteItems(openFile);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const shown = useMemo(() => filterPalette(items, query), [items, query]);
  const current = shown[Math.min(active, shown.length - 1)];

  useEffect(() => {
    const element = dialog.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.showModal();
    return () => {
      element?.close();
      returnTo?.focus();
    };
  }, []);

  useEffect(() => {
    if (current) document.getElementById(optionId(listId, current))?.scrollIntoView({ block: 'nearest' });
  }, [current, listId]);

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    item.run();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active >= last ? 0 : active + 1),
      ArrowUp: () => (active <= 0 ? last : active - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move && shown.length > 0) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(current);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="palette"
      aria-label="Command palette"
      // The dialog's own Escape handling would close it without React knowing; close through state instead.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <input
        className="input palette-input"
        role="combobox"
        aria-label="Search commands, tabs, tools, resources and prompts"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(listId, current) : undefined}
        autoFocus
        spellCheck={false}
        placeholder="Go to a tab, tool, resource or prompt, or run a command…"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Results" className="palette-list">
        {shown.map((item) => (
          <li
            key={item.id}
            id={optionId(listId, item)}
            role="option"
            aria-selected={item === current}
            className="palette-option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
          >
            <span className="palette-label">
              <ServerText text={item.label} />
            </span>
            <span className="muted palette-group">{item.group}</span>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="empty-state">Nothing matches “{query}”.</p>}
    </dialog>
  );
}

const optionId = (listId: string, item: PaletteItem) => `${listId}-${item.id}`;

/** The palette's items as of opening: the lists the tabs have loaded (from the query cache), and the commands. */
function usePaletteItems(openFile: () => void): PaletteItem[] {
  const read = useStoreReader();
  const queryClient = useQueryClient();
  const workspace = useWorkspace();
  const commands = useCommands();
  const scope = useScope();
  const go = useGo();
  return useMemo(() => {
    const cached = <T,>(options: { queryKey: readonly unknown[] }) => queryClient.getQueryData(options.queryKey) as T | undefined;
    const { client, key, mode } = scope;
    const live = mode === 'live';
    const phase = read('connection').phase;
    const toggleTheme = () => {
      const { theme, actions } = read('prefs');
      const dark = resolveTheme(theme, window.matchMedia('(prefers-color-scheme: dark)').matches) === 'dark';
      actions.setTheme(dark ? 'light' : 'dark');
    };
    const replay = read('sessionFile').replay !== null;
    return paletteItems({
      tabs: FEATURES.filter((feature) => !replay || feature.replay).map((feature) => feature.name),
      tools: cached<{ tools: Array<{ name: string }> }>(toolsQueryOptions(client, key))?.tools ?? [],
      resources: cached<{ resources: Array<{ name: string; uri: string }> }>(resourcesQueryOptions(client, key))?.resources ?? [],
      templates:
        cached<{ templates: Array<{ name: string; uriTemplate: string }> }>(resourceTemplatesQueryOptions(client, key))?.templates ?? [],
      prompts: cached<{ prompts: Array<{ name: string }> }>(promptsQueryOptions(client, key))?.prompts ?? [],
      commands: [
        ...(live && phase !== 'connected' ? [{ label: 'Connect', run: () => void commands.connect() }] : []),
        ...(live && phase === 'connected' ? [{ label: 'Disconnect', run: () => void commands.disconnect() }] : []),
        { label: 'Save session', run: () => void commands.saveSessionFile() },
        { label: 'Open session…', run: openFile },
        { label: 'Toggle theme', run: toggleTheme },
        { label: 'Clear message log', run: () => read('log').actions.clear() },
        { label: 'Add connection', run: () => void workspace.add() },
        ...workspace.store
          .getState()
          .connections.filter((connection) => connection.id !== workspace.active().id)
          .map(({ id, app: other }) => ({
            label: `Switch to ${connectionLabel(other.connection.getState())}`,
            run: () => workspace.select(id),
          })),
      ],
      go,
    });
    // Built once per opening: the palette is short-lived, and the lists are what the tabs showed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
