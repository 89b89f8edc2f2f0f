import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** One unhandled error (docs/console.md#error-log): message, component info, URL, stack and time. */
export interface ErrorLogEntry {
  id: number;
  message: string;
  /** Component stack of a render error, or the source position of a script error. */
  info: string;
  url: string;
  stack: string;
  /** Epoch ms. */
  time: number;
}

export interface ErrorReport {
  /** The thrown value (an Error, or anything else a script threw or rejected with). */
  error: unknown;
  info?: string;
  url?: string;
  /** Used when the thrown value carries no message (e.g. window.onerror with null error). */
  fallbackMessage?: string;
}

export interface ErrorLogStore {
  logs: ErrorLogEntry[];
  /** Appends an error; the same thrown object reported by two catchers is one entry with both infos. */
  add: (report: ErrorReport, now?: number) => void;
  clear: () => void;
}

/** Older entries go once the log is this long, so a failing loop cannot exhaust memory. */
export const MAX_ERROR_LOG_ENTRIES = 200;

export function messageOf(error: unknown, fallback = ''): string {
  if (error instanceof Error) return error.message || error.name || fallback;
  if (typeof error === 'string') return error || fallback;
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  if (error === undefined || error === null) return fallback;
  try {
    return JSON.stringify(error) ?? fallback;
  } catch {
    return String(error);
  }
}

function stackOf(error: unknown): string {
  return error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
}

export function createErrorLogStore() {
  let nextId = 1;
  // The entry id of each thrown object already logged (React's boundary callback and the
  // route's error element can both see one render error).
  const seen = new WeakMap<object, number>();

  return createStore<ErrorLogStore>()((set, get) => ({
    logs: [],
    add: (report, now = Date.now()) => {
      const { error } = report;
      const key = typeof error === 'object' && error !== null ? error : null;
      const known = key ? seen.get(key) : undefined;
      if (known !== undefined) {
        // Keep what each catcher knew (e.g. the route, and React's component stack).
        const info = report.info;
        if (info) {
          set({
            logs: get().logs.map((e) =>
              e.id === known && !e.info.includes(info) ? { ...e, info: e.info ? `${e.info}\n${info}` : info } : e,
            ),
          });
        }
        return;
      }
      const entry: ErrorLogEntry = {
        id: nextId++,
        message: messageOf(error, report.fallbackMessage),
        info: report.info ?? '',
        url: report.url ?? (typeof location !== 'undefined' ? location.href : ''),
        stack: stackOf(error),
        time: now,
      };
      if (key) seen.set(key, entry.id);
      set({ logs: [...get().logs, entry].slice(-MAX_ERROR_LOG_ENTRIES) });
    },
    clear: () => set({ logs: [] }),
  }));
}

export const errorLogStore = createErrorLogStore();

export function useErrorLog<T>(selector: (state: ErrorLogStore) => T): T {
  return useStore(errorLogStore, selector);
}
