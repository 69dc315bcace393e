"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";

/** Ends the session (next-auth clears the cookie after a CSRF-checked POST) and goes to sign-in. */
export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className={className ?? "button"}
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/sign-in" });
      }}
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
