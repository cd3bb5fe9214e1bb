// Imported first by main.tsx, so the policy exists before any module creates the worker.
import { installTrustedTypes } from './trusted-types.ts';

installTrustedTypes();
