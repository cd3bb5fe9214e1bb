import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
// eslint-disable-next-line no-restricted-imports -- the palette, in the workspace shell, reads the connection on screen
import { useStore } from 'zustand';
import { canPreselect, rankCommands, type RankedCommand } from '../../app/palette/command-ranking.ts';
import { listCommands, watchListed } from '../../app/palette/command-registry.ts';
import type { FocusTarget, PaletteCommand } from '../../app/palette/palette-command.ts';
import { FILE_ACCEPT, type LensApp } from '../../app/index.ts';
import { ServerText } from '../common/ServerText.tsx';
import { tabsFor } from '../features/tabs.ts';
import { useConnectionName, useWorkspace, useWorkspaceState } from '../services.tsx';
import { resolveTheme, systemIsDark } from '../theme/use-theme.ts';
import { focusTarget } from './focus-target.ts';
import { FilePicker } from '../common/FilePicker.tsx';
import { useOpenFile } from '../common/use-open-file.tsx';
import './palette.css';

/**
 * Ctrl/⌘-K: the app's commands, the tabs, saved calls and servers, and every listed tool, resource and
 * prompt, by keyboard. The commands come from the registry in src/app (command-registry.ts) and are ranked
 * there (command-ranking.ts): recent and most-used first, a destructive command never first nor
 * preselected. The ARIA combobox pattern (a text box controlling a listbox through aria-activedescendant)
 * in a modal dialog. It works on the connection on screen, so it can be rendered once for the workspace.
 */
export function CommandPalette() {
  const workspace = useWorkspace();
  const { openFile, dialog } = useOpenFile();
  const [open, setOpen] = useState<{ app: LensApp; before: HTMLElement | null } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      const before =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      setOpen((current) => current ?? { app: workspace.active().app, before });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [workspace]);

  const close = (target: FocusTarget) => {
    const before = open?.before ?? null;
    setOpen(null);
    focusTarget(target, before);
  };

  return (
    <>
      {open && <Palette app={open.app} onClose={close} chooseFile={() => fileInput.current?.click()} />}
      <FilePicker ref={fileInput} accept={FILE_ACCEPT} onFile={openFile} />
      {dialog}
    </>
  );
}

function paletteCommands(app: LensApp, workspace: ReturnType<typeof useWorkspace>, chooseFile: () => void): PaletteCommand[] {
  return listCommands({
    app,
    workspace,
    tabs: tabsFor(app.sessionFile.getState().replay).map((tab) => tab.name),
    theme: resolveTheme(app.prefs.getState().theme, systemIsDark()),
    chooseSessionFile: chooseFile,
    now: Date.now,
  });
}

function Palette({ app, onClose: close, chooseFile }: { app: LensApp; onClose(target: FocusTarget): void; chooseFile(): void }) {
  const workspace = useWorkspace();
  const scopeId = useId();
  // With several connections open, the palette says which one its commands act on (the one on screen).
  const several = useWorkspaceState((state) => state.connections.length > 1);
  const actsOn = useConnectionName();
  const dialog = useRef<HTMLDialogElement>(null);
  // Closed here first: while the modal dialog is open the page is inert, and focus could not move onto it.
  const onClose = (target: FocusTarget) => {
    dialog.current?.close();
    close(target);
  };
  const uses = useStore(app.paletteUsage, (state) => state.uses);
  // Built when the palette opens (it is short-lived; the lists are what the tabs showed), and again when a list
  // arrives while it is open: opened just after Connect, it must not miss the tools that load behind it.
  const [commands, setCommands] = useState(() => paletteCommands(app, workspace, chooseFile));
  useEffect(() => watchListed(app, () => setCommands(paletteCommands(app, workspace, chooseFile))), [app, workspace, chooseFile]);
  const [query, setQuery] = useState('');
  const ranking = useMemo(() => rankCommands(commands, uses, query), [commands, uses, query]);
  const [moved, setMoved] = useState<number | null>(null);
  const [why, setWhy] = useState<string | null>(null);
  const active = moved ?? ranking.active;
  const { shown } = ranking;
  const current: RankedCommand | undefined = active >= 0 ? shown[Math.min(active, shown.length - 1)] : undefined;
  const listId = useId();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    if (current) document.getElementById(optionId(listId, shown.indexOf(current)))?.scrollIntoView({ block: 'nearest' });
  }, [current, listId, shown]);

  const choose = (command: PaletteCommand | undefined) => {
    if (!command) {
      // Nothing preselected: only destructive or unavailable commands match, and each needs a deliberate choice.
      if (shown.length > 0) setWhy('Nothing is selected: use ↓ to choose a command that ends or replaces something.');
      return;
    }
    if (command.unavailable !== null) {
      setWhy(command.unavailable);
      return;
    }
    app.paletteUsage.getState().actions.record(command.id, Date.now());
    onClose(command.focus);
    command.run();
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
      setMoved(move());
      setWhy(null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(current?.command);
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
        onClose({ kind: 'return' });
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose({ kind: 'return' });
      }}
    >
      <input
        className="input palette-input"
        role="combobox"
        aria-label="Search commands, tabs, tools, resources and prompts"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(listId, shown.indexOf(current)) : undefined}
        aria-describedby={several ? scopeId : undefined}
        autoFocus
        spellCheck={false}
        placeholder="Run a command, or go to a tab, tool, saved call or server…"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setMoved(null);
          setWhy(null);
        }}
        onKeyDown={onKeyDown}
      />
      {several && (
        <p id={scopeId} className="palette-scope muted">
          On <ServerText text={actsOn} />
        </p>
      )}
      <div id={listId} role="listbox" aria-label="Results" className="palette-list">
        {sections(shown).map(({ section, items }) => (
          <div key={`${section}-${items[0]!.index}`} role="group" aria-label={section === 'All' ? 'Everything else' : section}>
            {section !== 'All' && (
              <div className="palette-section muted" aria-hidden="true">
                {section}
              </div>
            )}
            {items.map(({ ranked, index }) => (
              <Option key={index} id={optionId(listId, index)} ranked={ranked} selected={ranked === current} onChoose={choose} />
            ))}
          </div>
        ))}
      </div>
      {shown.length === 0 && <p className="empty-state">Nothing matches “{query}”.</p>}
      <p className="palette-why muted" role="status">
        {why ?? (current && current.command.unavailable) ?? ''}
      </p>
    </dialog>
  );
}

function Option({
  id,
  ranked: { command },
  selected,
  onChoose,
}: {
  id: string;
  ranked: RankedCommand;
  selected: boolean;
  onChoose(command: PaletteCommand): void;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-disabled={command.unavailable !== null || undefined}
      className={`palette-option${canPreselect(command) ? '' : command.destructive ? ' palette-destructive' : ' palette-unavailable'}`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(command)}
    >
      <span className="palette-label">
        <ServerText text={command.label} />
      </span>
      <span className="muted palette-group">
        {command.destructive ? `${command.group} · ends or replaces` : command.group}
        {command.unavailable !== null && ' · unavailable'}
      </span>
    </div>
  );
}

/** Consecutive runs of one section: Recent, Most used, then everything else. */
function sections(shown: readonly RankedCommand[]) {
  const runs: Array<{ section: RankedCommand['section']; items: Array<{ ranked: RankedCommand; index: number }> }> = [];
  shown.forEach((ranked, index) => {
    const last = runs.at(-1);
    if (last && last.section === ranked.section) last.items.push({ ranked, index });
    else runs.push({ section: ranked.section, items: [{ ranked, index }] });
  });
  return runs;
}

const optionId = (listId: string, index: number) => `${listId}-${index}`;
