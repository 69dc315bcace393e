import { describe, expect, it } from "vitest";

import { JsonArrayStream, JsonArrayStreamError } from "@/lib/platform/json-array-stream";

/** Feeds `text` in chunks cut at the given byte offsets; returns the elements, in order, and the shape. */
function read(text: string, cuts: number[]) {
  const bytes = Buffer.from(text, "utf8");
  const elements: unknown[] = [];
  const stream = new JsonArrayStream((v) => elements.push(v));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    stream.write(bytes.subarray(from, cut));
    from = cut;
  }
  return { elements, shape: stream.end() };
}

// Strings with escapes, a surrogate pair, multi-byte characters, nested values, numbers of every form.
const RECORDS = [
  { a: "plain", n: 1 },
  { a: 'quote " backslash \\ slash \/ tab \t newline \n', u: "\u00e9\u4e2d", emoji: "😀 \ud83d\ude00" },
  { nested: { deep: [1, { x: null }, true, false] }, e: -1.5e-3, big: 12345678901234 },
  "not a record",
  null,
  [1, 2],
];
const BARE = JSON.stringify(RECORDS, null, 1);

describe("the streaming JSON array reader", () => {
  it("gives every element of a bare array, whatever single cut splits the bytes", () => {
    const length = Buffer.byteLength(BARE);
    for (let cut = 0; cut <= length; cut++) {
      const { elements, shape } = read(BARE, [cut]);
      expect(elements, `cut at ${cut}`).toEqual(RECORDS);
      expect(shape).toBe("array");
    }
  });

  it("survives one byte at a time (every escape and multi-byte character split)", () => {
    const length = Buffer.byteLength(BARE);
    const { elements } = read(
      BARE,
      Array.from({ length: length - 1 }, (_, i) => i + 1),
    );
    expect(elements).toEqual(RECORDS);
  });

  it("hands each element over as soon as it is complete, before the array ends", () => {
    const seen: unknown[] = [];
    const stream = new JsonArrayStream((v) => seen.push(v));
    stream.write(Buffer.from('[{"a":1},{"b"'));
    expect(seen).toEqual([{ a: 1 }]);
    stream.write(Buffer.from(":2}]"));
    expect(seen).toEqual([{ a: 1 }, { b: 2 }]);
    expect(stream.end()).toBe("array");
  });

  it("reads the array inside {data: [...]} and {results: [...]}, with other members dropped", () => {
    for (const key of ["data", "results"] as const) {
      const text = JSON.stringify({
        meta: { data: [9], results: "x" },
        [key]: RECORDS,
        total: RECORDS.length,
      });
      for (const cut of [1, 5, 17, 40, Buffer.byteLength(text) - 2]) {
        const { elements, shape } = read(text, [cut]);
        expect(elements).toEqual(RECORDS);
        expect(shape).toBe(key);
      }
    }
  });

  it("reads an empty array of each shape", () => {
    expect(read("[]", [1])).toEqual({ elements: [], shape: "array" });
    expect(read('{"data":[]}', [3])).toEqual({ elements: [], shape: "data" });
    expect(read(' { "results" : [ ] } ', [])).toEqual({ elements: [], shape: "results" });
  });

  it("calls a body cut short, or broken mid-way, incomplete", () => {
    for (const text of [
      '[{"a":1},{"b"',
      "[",
      '{"data":[1,',
      '[{"a":"unterminated',
      "[1,]",
      '[{"a":1}] trailing',
      "<html>",
    ]) {
      const error = (() => {
        try {
          read(text, [2]);
        } catch (e) {
          return e;
        }
      })();
      expect(error, text).toBeInstanceOf(JsonArrayStreamError);
      expect((error as JsonArrayStreamError).kind, text).toBe("incomplete");
    }
  });

  it("calls complete JSON of another shape a shape error, and hands none of it over", () => {
    for (const text of [
      "null",
      "42",
      '"text"',
      "{}",
      '{"data":null}',
      '{"data":{"a":1}}',
      '{"items":[{"a":1}]}',
    ]) {
      const seen: unknown[] = [];
      const stream = new JsonArrayStream((v) => seen.push(v));
      stream.write(Buffer.from(text));
      expect(() => stream.end(), text).toThrow(expect.objectContaining({ kind: "shape" }));
      expect(seen, text).toEqual([]);
    }
  });
});
