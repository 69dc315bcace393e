import type { ReactNode } from "react";

/**
 * An http(s) address from the Platform as a link; anything else (javascript:, data:, garbage) as
 * plain text, because these URLs are typed by restaurant staff and must not run in our origin.
 */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const text = value.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** "https://www.example.com/gift-cards/" -> "example.com/gift-cards": what people read. */
export function displayUrl(url: string): string {
  const u = new URL(url);
  const path = `${u.pathname}${u.search}`.replace(/\/+$/, "");
  return `${u.host.replace(/^www\./, "")}${path}`;
}

export function SafeLink({ href, children }: { href: string | null | undefined; children?: ReactNode }) {
  const url = httpUrl(href);
  if (!href?.trim()) return <>—</>;
  if (!url) return <span>{href}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
      {children ?? displayUrl(url)}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
