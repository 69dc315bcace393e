"use client";

import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";

import { isPageSettled, onPageSettled } from "./page-settled";

/** How far below (or above) the screen content starts to mount once the page has settled: about a phone screen ahead. */
const NEAR_MARGIN = "900px 0px";

/**
 * Content below the fold, mounted when it is needed, or else one block per idle moment of the
 * browser, in document order, so a long page is whole soon after it settles (find in page,
 * printing) without its hydration being one long task at load.
 *
 * - On the screen: mounts at once.
 * - Near the screen (NEAR_MARGIN): mounts at once after the page has settled (page-settled.ts:
 *   a few seconds, or the manager's first scroll, key or tap). During the load itself it waits,
 *   so a phone's load is only what is on screen (issue 16's blocking time).
 * - Elsewhere: the idle queue mounts it once the page has settled.
 *
 * A mount is a transition: React renders it in slices a tap can interrupt. Before it mounts (and
 * on the server), a placeholder holds about the space it will take.
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
    let near = false;
    const stopWaiting = onPageSettled(() => near && mount());
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]!;
        near = entry.isIntersecting;
        const onScreen =
          entry.boundingClientRect.bottom > 0 && entry.boundingClientRect.top < window.innerHeight;
        if (near && (onScreen || isPageSettled())) mount();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      stopWaiting();
      leaveQueue();
    };
  }, [mounted]);

  return <div ref={ref}>{mounted ? children : placeholder}</div>;
}

/**
 * One waiting block mounted per idle moment, after the page has settled. The next waits for a frame
 * and then for the browser to be idle again, with no deadline that would force it in while the
 * browser is busy (a chart's first draw is hundreds of milliseconds on a phone, most of it in
 * recharts' own synchronous store updates, which a transition cannot slice).
 */
const idleQueue = (() => {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const whenIdle = (run: () => void) => {
    if (typeof requestIdleCallback === "function") requestAnimationFrame(() => requestIdleCallback(run));
    else setTimeout(run, 200);
  };
  const schedule = () => {
    if (!isPageSettled() || scheduled || waiting.length === 0) return;
    scheduled = true;
    whenIdle(() => {
      scheduled = false;
      waiting.shift()?.();
      schedule();
    });
  };
  if (typeof window !== "undefined") onPageSettled(schedule);
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
