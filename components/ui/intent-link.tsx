"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from "react";

/**
 * A link whose page is prefetched when the manager shows the intent to follow it (pointer over it,
 * focus on it, a finger on it), not when it scrolls into view. Next prefetches every link on
 * screen by default: the Overview's load asked the server for 18 pages (each a session check and
 * a restaurant list), and the phone decoded every answer while it was still starting (issue 16).
 * The pattern is the one Next's own Link docs give for this.
 */
export function IntentLink({
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...props
}: ComponentProps<typeof Link> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(props.href);
  return (
    <Link
      {...props}
      prefetch={false}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        prefetch();
        onMouseEnter?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        prefetch();
        onFocus?.(e);
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        prefetch();
        onTouchStart?.(e);
      }}
    />
  );
}
