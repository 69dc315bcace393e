"use client";

import dynamic from "next/dynamic";

/** The "What changed" panel, loaded with the trend section's cards rather than with the page's figures. */
export const LazyAnnotationsPanel = dynamic(
  () => import("@/components/kitchen/annotations/annotations-panel").then((m) => m.AnnotationsPanel),
  { ssr: false },
);
