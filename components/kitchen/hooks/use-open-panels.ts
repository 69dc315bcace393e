"use client";

import { useCallback, useSyncExternalStore } from "react";

import { OPEN_PANELS_KEY, parseOpenPanels, withPanel } from "@/lib/kitchen/present/open-panels";

// Same-tab writes: the storage event fires in other tabs only.
const CHANGED = "kitchen-open-panels-changed";

function subscribe(listener: () => void): () => void {
  window.addEventListener("storage", listener);
  window.addEventListener(CHANGED, listener);
  return () => {
    window.removeEventListener("storage", listener);
    window.removeEventListener(CHANGED, listener);
  };
}

// Where the choice lives when the browser refuses storage (a private window's policy): this visit only.
let unstored: string | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(OPEN_PANELS_KEY);
  } catch {
    return unstored;
  }
}

/**
 * Whether one of the Kitchen page's folding panels is open, remembered per browser
 * (lib/kitchen/present/open-panels.ts). The server and the first client render see every panel
 * folded (no storage there); the stored choice applies right after hydration.
 */
export function useOpenPanel(id: string): [boolean, (open: boolean) => void] {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  const open = parseOpenPanels(raw).includes(id);
  const setOpen = useCallback(
    (next: boolean) => {
      const value = JSON.stringify(withPanel(parseOpenPanels(readRaw()), id, next));
      try {
        window.localStorage.setItem(OPEN_PANELS_KEY, value);
      } catch {
        unstored = value;
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [id],
  );
  return [open, setOpen];
}
