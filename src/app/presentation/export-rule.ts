/**
 * Demo mode's file rule, held by the commands rather than the buttons: every way to a file export (a
 * button, the palette, a shortcut, a menu) goes through a command, so every one of them refuses while demo
 * mode is on and says why. A demo screen is shared; a file written from it would carry what it hides.
 */
import type { Stores } from '../stores.ts';

export const DEMO_EXPORT_REFUSAL =
  'Demo mode is on, so MCP Lens writes no file (nothing secret leaves in one). Turn Demo mode off to save or export.';

/** Why no file may be written now, or null when one may. */
export function exportRefusal(stores: Pick<Stores, 'prefs'>): string | null {
  return stores.prefs.getState().demo ? DEMO_EXPORT_REFUSAL : null;
}
