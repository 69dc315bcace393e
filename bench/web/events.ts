/**
 * Event durations for `npm run bench:web`: INP-style, the longest 'event' timing entry of one
 * interaction (pointerdown to the next paint after click), read by a PerformanceObserver with
 * durationThreshold 16 while chromium runs at 4x CPU throttle. A click whose every entry stays
 * under the threshold is reported as 0 (shown as "<16").
 */
import type { Locator, Page } from "@playwright/test";

declare global {
  interface Window {
    __benchEvents?: { interactionId: number; duration: number }[];
  }
}

/** Installed before any page script, so the observer sees the first interaction. */
export async function observeEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__benchEvents = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
        if (entry.interactionId)
          window.__benchEvents!.push({ interactionId: entry.interactionId, duration: entry.duration });
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

/**
 * Waits until the page has had no request in flight for `quietMs`: the view's data has arrived and
 * the next click measures the interaction alone, not a render still running from the last one.
 */
export async function settle(page: Page, quietMs = 750, maxMs = 120_000): Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const up = () => {
    inFlight++;
    lastChange = Date.now();
  };
  const down = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on("request", up);
  page.on("requestfinished", down);
  page.on("requestfailed", down);
  const started = Date.now();
  try {
    while (Date.now() - started < maxMs && (inFlight > 0 || Date.now() - lastChange < quietMs))
      await page.waitForTimeout(100);
  } finally {
    page.off("request", up);
    page.off("requestfinished", down);
    page.off("requestfailed", down);
  }
}

/** Clicks `target` and returns the interaction's event duration in ms (0: under the 16 ms threshold). */
export async function clickDuration(page: Page, target: Locator): Promise<number> {
  const before = await page.evaluate(() => Math.max(0, ...window.__benchEvents!.map((e) => e.interactionId)));
  await target.click();
  // Event timing entries are queued after the next paint; two frames and a short idle let them arrive.
  await page
    .waitForFunction((id) => window.__benchEvents!.some((e) => e.interactionId > id), before, {
      timeout: 3_000,
    })
    .catch(() => undefined);
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      ),
  );
  return page.evaluate(
    (id) => Math.max(0, ...window.__benchEvents!.filter((e) => e.interactionId > id).map((e) => e.duration)),
    before,
  );
}
