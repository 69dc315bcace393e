"use client";

import { useState } from "react";

/**
 * Ends the session and goes to sign-in. It speaks next-auth's sign-out protocol itself (a CSRF
 * token from /api/auth/csrf, then a form POST to /api/auth/signout, which clears the cookie and
 * revokes the session) rather than importing next-auth/react: that client is on every signed-in
 * page's first load for this one button otherwise (issue 16's JavaScript budget).
 */
export function SignOutButton({ className }: { className?: string }) {
  const [state, setState] = useState<"idle" | "pending" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        className={className ?? "button"}
        disabled={state === "pending"}
        onClick={() => {
          setState("pending");
          signOut().then(
            (url) => window.location.assign(url),
            () => setState("failed"),
          );
        }}
      >
        {state === "pending"
          ? "Signing out…"
          : state === "failed"
            ? "Sign out failed: try again"
            : "Sign out"}
      </button>
      {state === "failed" ? (
        <span role="alert" className="visually-hidden">
          Sign-out failed: the server did not answer. Try again.
        </span>
      ) : null}
    </>
  );
}

async function signOut(): Promise<string> {
  const csrf = await fetch("/api/auth/csrf", { cache: "no-store" });
  if (!csrf.ok) throw new Error(`csrf ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken?: string };
  if (!csrfToken) throw new Error("no csrf token");
  const response = await fetch("/api/auth/signout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/sign-in", json: "true" }),
  });
  if (!response.ok) throw new Error(`signout ${response.status}`);
  // next-auth answers { url } with json=true; the sign-in page whatever it says.
  const body = (await response.json().catch(() => ({}))) as { url?: unknown };
  return typeof body.url === "string" && body.url.startsWith(window.location.origin) ? body.url : "/sign-in";
}
