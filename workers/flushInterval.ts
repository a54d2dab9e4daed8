/**
 * How often a tab gets a frame at most (workers/SPEC.md FR1, FR5), in a module of its own so
 * the tab's side can name the default without the coalescer.
 */

/**
 * One display frame at 60 Hz. DESIGN.md names 50 ms; measured, 50 ms put a value's
 * server-to-screen latency at 53 ms p50 (against 8 ms for a tab on its own socket) while a
 * frame costs the tab 0.1 ms: a shorter interval costs next to nothing and nothing shows
 * faster than the display anyway. A view whose frames cost more asks for a longer one
 * (`useFlushInterval`; the dashboard does, see DASHBOARD_FLUSH_INTERVAL_MS).
 */
export const DEFAULT_FLUSH_INTERVAL_MS = 16;
