import { describe, expect, it } from "vitest";

import { mainThreadTime, type TraceEvent } from "@/bench/web/main-thread";

const origin = "http://localhost:4000";
const page = { pid: 7, tid: 1 };
const task = (ts: number, durMs: number, cpuMs: number, where = page, name = "RunTask"): TraceEvent => ({
  name,
  ph: "X",
  ...where,
  ts: ts * 1000,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe("mainThreadTime", () => {
  const parse: TraceEvent = {
    name: "ParseHTML",
    ph: "X",
    ...page,
    ts: 0,
    dur: 1000,
    args: { beginData: { url: `${origin}/sign-in` } },
  };

  it("sums the top-level tasks of the thread that parsed the page, wall and CPU apart", () => {
    const events = [
      parse,
      task(0, 100, 30), // a long task that mostly waited: 4 x 100 - 50 from wall, 4 x 30 - 50 from CPU
      task(10, 60, 20, page, "ThreadControllerImpl::RunTask"), // nested in the one before: not counted again
      task(200, 10, 10), // short either way
      task(300, 40, 40), // 4 x 40 - 50 both ways
      task(0, 500, 500, { pid: 9, tid: 1 }), // another process (the browser's own interface)
    ];
    expect(mainThreadTime(events, origin, 4)).toEqual({
      tasks: 3,
      wallMs: 150,
      cpuMs: 80,
      blockingFromWallMs: 350 + 110,
      blockingFromCpuMs: 70 + 110,
    });
  });

  it("is null when no document of the page's origin was parsed in the trace", () => {
    expect(
      mainThreadTime(
        [{ ...parse, args: { beginData: { url: "chrome://omnibox-popup.top-chrome/" } } }, task(0, 100, 30)],
        origin,
        4,
      ),
    ).toBeNull();
  });

  it("never credits a task more CPU time than wall time", () => {
    expect(mainThreadTime([parse, task(0, 20, 25)], origin, 4)).toMatchObject({ wallMs: 20, cpuMs: 20 });
  });
});
