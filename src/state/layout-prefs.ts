/**
 * How the person has sized the workbench: the share of the width the main pane takes, of the traffic
 * column the Notifications panel takes, and of the message log its selected message's detail takes, and
 * whether Notifications is folded. Shares, not pixels, so a size chosen on one window suits another.
 */
export interface LayoutPrefs {
  /** The main pane's share of the width beside the traffic column. */
  mainShare: number;
  /** The Notifications panel's share of the traffic column, while it is open. */
  timelineShare: number;
  /** The selected message's detail's share of the message log. */
  detailShare: number;
  /** Notifications folded to its one-line header. */
  timelineFolded: boolean;
}

export type LayoutShare = 'mainShare' | 'timelineShare' | 'detailShare';

export const DEFAULT_LAYOUT: LayoutPrefs = { mainShare: 0.57, timelineShare: 0.2, detailShare: 0.6, timelineFolded: false };

/** The range each share may take: a pane dragged to nothing would be lost, so each keeps a sliver. */
export const SHARE_BOUNDS: Record<LayoutShare, { min: number; max: number }> = {
  mainShare: { min: 0.3, max: 0.8 },
  timelineShare: { min: 0.1, max: 0.8 },
  detailShare: { min: 0.15, max: 0.9 },
};

export const clampShare = (share: LayoutShare, value: number): number =>
  Math.min(SHARE_BOUNDS[share].max, Math.max(SHARE_BOUNDS[share].min, value));

/** Stored values are untrusted: each share a finite number in its bounds, else its default. */
export function sanitizeLayout(value: Partial<Record<keyof LayoutPrefs, unknown>>): LayoutPrefs {
  const share = (key: LayoutShare) => {
    const v = value[key];
    return typeof v === 'number' && Number.isFinite(v) ? clampShare(key, v) : DEFAULT_LAYOUT[key];
  };
  return {
    mainShare: share('mainShare'),
    timelineShare: share('timelineShare'),
    detailShare: share('detailShare'),
    timelineFolded: typeof value.timelineFolded === 'boolean' ? value.timelineFolded : DEFAULT_LAYOUT.timelineFolded,
  };
}
