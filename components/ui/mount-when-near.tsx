"use client";

import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";

/** How far below (or above) the screen content starts to mount: about a phone screen ahead. */
const NEAR_MARGIN = "900px 0px";

/** The idle mounting starts this long after the page loads, or at the first scroll, key or tap. */
const IDLE_START_MS = 4_000;

/**
 * Content below the fold, mounted when it comes near the screen, or else one block per idle
 * moment of the browser, in document order, so a long page is whole soon after it settles (find
 * in page, printing) without its hydration being one long task at load. The idle mounting waits
 * for the page to settle first (IDLE_START_MS, or the manager's first scroll, key or tap), so the
 * load itself is only what is on screen. A mount is a transition: React renders it in slices a
 * tap can interrupt. Before it mounts (and on the server), a placeholder holds about the space it
 * will take.
 */
export function MountWhenNear({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (mounted || !element) return;
    const mount = () => startTransition(() => setMounted(true));
    const leaveQueue = idleQueue.add(mount);
    if (typeof IntersectionObserver === "undefined") {
      mount();
      return leaveQueue;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && mount(), { rootMargin: NEAR_MARGIN });
    observer.observe(element);
    return () => {
      observer.disconnect();
      leaveQueue();
    };
  }, [mounted]);

  return <div ref={ref}>{mounted ? children : placeholder}</div>;
}

/** One waiting block mounted per idle callback: each mount is its own task, never all at once. */
const idleQueue = (() => {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of ["scroll", "keydown", "pointerdown"]) window.removeEventListener(type, start, true);
    schedule();
  };
  if (typeof window !== "undefined") {
    for (const type of ["scroll", "keydown", "pointerdown"]) window.addEventListener(type, start, { capture: true, passive: true });
    setTimeout(start, IDLE_START_MS);
  }
  const schedule = () => {
    if (!started || scheduled || waiting.length === 0) return;
    scheduled = true;
    const run = () => {
      scheduled = false;
      waiting.shift()?.();
      schedule();
    };
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 1_000 });
    else setTimeout(run, 200);
  };
  return {
    add(mount: () => void): () => void {
      waiting.push(mount);
      schedule();
      return () => {
        const i = waiting.indexOf(mount);
        if (i >= 0) waiting.splice(i, 1);
      };
    },
  };
})();
