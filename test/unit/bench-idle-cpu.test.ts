import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

import { cpuMsBetween, cpuTicksOfTree } from "@/bench/web/idle-cpu";

describe("cpuMsBetween", () => {
  it("adds each process's growth in ticks of 10 ms, a process started in between counted whole, one that ended left out", () => {
    const before = new Map([
      ["10", 100],
      ["11", 50],
      ["12", 7],
    ]);
    const after = new Map([
      ["10", 130], // +30
      ["11", 50], // idle
      ["13", 4], // new
    ]);
    expect(cpuMsBetween(before, after)).toBe((30 + 0 + 4) * 10);
  });
});

describe("cpuTicksOfTree", () => {
  it("reads the marked process and the processes under it from /proc, and nothing else", async () => {
    const marker = `--bench-idle-marker-${process.pid}`;
    // A parent with the marker that starts a child without it; the child spins for 3 s.
    const spin = "const end = Date.now() + 3000; while (Date.now() < end);";
    const parentScript = `const c = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(spin)}], { stdio: "ignore" }); console.log(c.pid); setTimeout(() => {}, 10000);`;
    const parent = spawn(process.execPath, ["-e", parentScript, "--", marker], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const childPid = await new Promise<string>((resolve) =>
        parent.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
      );
      const before = cpuTicksOfTree(marker);
      expect([...before.keys()].sort()).toEqual([String(parent.pid), childPid].sort());
      // The child's ticks grow while it spins (polled: a busy machine may not run it at once).
      let grew = false;
      for (let i = 0; i < 25 && !grew; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        grew = (cpuTicksOfTree(marker).get(childPid) ?? 0) > (before.get(childPid) ?? 0);
      }
      expect(grew).toBe(true);
      expect(cpuTicksOfTree(`--no-such-marker-${process.pid}`).size).toBe(0);
    } finally {
      // Both, read before either ends (an orphaned child would leave the tree and spin on).
      for (const pid of [...cpuTicksOfTree(marker).keys(), String(parent.pid)]) {
        try {
          process.kill(Number(pid));
        } catch {
          // Already ended.
        }
      }
    }
  });
});
