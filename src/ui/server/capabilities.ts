/** A readable line per capability: its name and the sub-features it turns on (e.g. "listChanged"). */
export interface CapabilityLine {
  name: string;
  flags: string[];
}

export function describeCapabilities(capabilities: unknown): CapabilityLine[] {
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) return [];
  return Object.entries(capabilities as Record<string, unknown>).map(([name, value]) => {
    const flags =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>)
            .filter(([, flag]) => flag !== false && flag !== undefined && flag !== null)
            .map(([flag]) => flag)
        : [];
    return { name, flags };
  });
}
