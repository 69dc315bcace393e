"use client";

import { useState } from "react";

import type { LinkProblemReason } from "./link-problem";
import { postJson } from "./post-json";

/** Where a link form stands: idle, sending, refused (`error`), its link dead meanwhile, or done. */
export type LinkSubmitState<T> =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "error"; message: string }
  | { kind: "dead"; reason: LinkProblemReason }
  | { kind: "done"; value: T };

const LINK_CODES: Record<string, LinkProblemReason> = {
  link_unknown: "unknown",
  link_used: "used",
  link_expired: "expired",
};

/** A link form's POST and what it came to; a link that died meanwhile shows its own page. */
export function useLinkSubmit<T>(path: string) {
  const [state, setState] = useState<LinkSubmitState<T>>({ kind: "idle" });
  async function submit(body: unknown) {
    setState({ kind: "pending" });
    const outcome = await postJson<T>(path, body);
    if (outcome.ok) setState({ kind: "done", value: outcome.value });
    else if (LINK_CODES[outcome.code]) setState({ kind: "dead", reason: LINK_CODES[outcome.code]! });
    else setState({ kind: "error", message: outcome.message });
  }
  const fail = (message: string) => setState({ kind: "error", message });
  return { state, submit, fail };
}
