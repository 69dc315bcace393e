import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";

/**
 * Input rules of the one state-changing API route (issue 13), over real HTTP against the
 * production build: a body over 16 KB is a 413 before parsing (with or without a length), and a
 * level is a JSON integer, never coerced. Nothing refused is saved.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
const targetsPath = `/api/restaurants/${harbor.guid}/kitchen/targets`;

test("a body over 16 KB is refused with 413, with a length or chunked, and nothing changes", async ({
  page,
  baseURL,
  context,
}) => {
  await signIn(page, "ana@kitchen.test");
  const before = await (await page.request.get(targetsPath)).json();
  const padding = "x".repeat(17 * 1024);
  const big = await page.request.put(targetsPath, {
    data: { targets: [{ level: 0, seconds: 99 }], padding },
  });
  expect(big.status()).toBe(413);
  expect((await big.json()).error.message).toBe("The body must be at most 16 KB");

  // Chunked, no Content-Length: refused while reading, the rest never buffered.
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const url = new URL(targetsPath, baseURL);
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "PUT",
        headers: { cookie, "content-type": "application/json", "transfer-encoding": "chunked" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.write(`{"targets":[{"level":0,"seconds":98}],"padding":"`);
    for (let i = 0; i < 64; i++) req.write("y".repeat(1024));
    req.end(`"}`);
  });
  expect(status).toBe(413);
  expect(await (await page.request.get(targetsPath)).json()).toEqual(before);
});

test("a level must be a JSON integer 0, 1 or 2: true, null, strings and arrays are 400 and save nothing", async ({
  page,
}) => {
  await signIn(page, "ana@kitchen.test");
  const before = await (await page.request.get(targetsPath)).json();
  for (const level of [true, null, "1", "0x2", [1], 1.5, 3, -1]) {
    const response = await page.request.put(targetsPath, { data: { targets: [{ level, seconds: 97 }] } });
    expect(response.status(), JSON.stringify(level)).toBe(400);
    expect((await response.json()).error.message, JSON.stringify(level)).toContain("level must be 0, 1 or 2");
  }
  expect(await (await page.request.get(targetsPath)).json()).toEqual(before);
});
