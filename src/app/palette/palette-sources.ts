/**
 * The features' own palette entries, one line each; each feature builds its entries in its folder. The
 * registry (command-registry.ts) lists them after Ping, before the workspace's commands, and names no feature.
 */
import { auditPaletteCommands } from '../audit/audit-palette.ts';
import { collectionsPaletteCommands } from '../collections/collections-palette.ts';
import { contractPaletteCommands } from '../contracts/contract-palette.ts';
import type { PaletteSource } from './palette-command.ts';

export const PALETTE_SOURCES: readonly PaletteSource[] = [auditPaletteCommands, contractPaletteCommands, collectionsPaletteCommands];
