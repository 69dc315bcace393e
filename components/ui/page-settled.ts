"use client";

import { useSyncExternalStore } from "react";

/** The page counts as settled this long after it loads, or at the first scroll, key or tap. */
const SETTLE_MS = 4_000;

/**
 * Whether the page has settled: work a manager has not asked for yet (mounting the charts below the
 * fold, fetching the tables they read) waits for it, so a phone's load is only what is on screen
 * (issue 16). A scroll, key or tap settles it at once: the manager is reading on.
 */
const settledState = (() => {
  let settled = false;
  const listeners = new Set<() => void>();
  const settle = () => {
    if (settled) return;
    settled = true;
    for (const type of ["scroll", "keydown", "pointerdown"]) window.removeEventListener(type, settle, true);
    for (const listener of [...listeners]) listener();
  };
  if (typeof window !== "undefined") {
    for (const type of ["scroll", "keydown", "pointerdown"])
      window.addEventListener(type, settle, { capture: true, passive: true });
    setTimeout(settle, SETTLE_MS);
  }
  return {
    isSettled: () => settled,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

export const isPageSettled = settledState.isSettled;
export const onPageSettled = settledState.subscribe;

/** The same, as React state: false on the server and in the first render, so hydration agrees. */
export function usePageSettled(): boolean {
  return useSyncExternalStore(settledState.subscribe, settledState.isSettled, () => false);
}
