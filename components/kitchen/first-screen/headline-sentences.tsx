"use client";

import { IntentLink } from "@/components/ui/intent-link";
import type { HeadlineSentence } from "@/lib/url-state/headline-sentences";

import styles from "./first-screen.module.css";

/**
 * The plain sentences before the numbers (issue 35, lib/url-state/headline-sentences.ts):
 * each one a link to the view that shows its evidence. Shown once the figures they read are in
 * (the flags and markers come with the sections below the figures), so no sentence is said on
 * half the evidence; nothing is reserved for them meanwhile, as they sit below the headline
 * figures and push none of them down.
 */
export function HeadlineSentences({
  sentences,
  testId,
}: {
  sentences: readonly HeadlineSentence[];
  testId: string;
}) {
  if (sentences.length === 0) return null;
  return (
    <p className={styles.sentences} data-testid={testId}>
      {sentences.map((s, i) => (
        <span key={i} data-kind={s.kind}>
          {i > 0 ? " " : ""}
          <IntentLink href={s.href} data-testid="headline-sentence">
            {s.text}
          </IntentLink>
        </span>
      ))}
    </p>
  );
}
