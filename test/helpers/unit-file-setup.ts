/**
 * Runs before each unit test file. The unit project keeps modules loaded from one file to the next in a worker
 * (vitest.config.ts, `isolate: false`): what a module remembers for the process is reset here, so that each
 * file starts as in a new process.
 */
import { vi } from 'vitest';
import { forgetProcessLanguage } from '../../src/commands/language.js';

forgetProcessLanguage();
vi.unstubAllEnvs();
vi.unstubAllGlobals();
vi.useRealTimers();
