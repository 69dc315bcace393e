"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";

import {
  DIGEST_FREQUENCIES,
  type AccountSettings,
  type DigestFrequency,
} from "@/lib/digests/digest-contract";
import { apiPatch } from "@/lib/queries/api-client";

import { FormMessages } from "./shared/admin-form";
import styles from "./shared/admin.module.css";

const WORDS: Record<DigestFrequency, string> = {
  daily: "Every morning, for the day before",
  weekly: "On Mondays, for the last Monday to Sunday",
  off: "Off",
};

/** The person's digest choice (PATCH /api/account/settings), saved as soon as it changes. */
export function DigestSetting({ initial }: { initial: DigestFrequency }) {
  const [value, setValue] = useState(initial);
  const save = useMutation({
    mutationFn: (digest: DigestFrequency) => apiPatch<AccountSettings>("/api/account/settings", { digest }),
    onSuccess: (saved) => setValue(saved.digest),
  });
  return (
    <section className={styles.section} aria-labelledby="digest-heading">
      <h2 id="digest-heading">Morning digest</h2>
      <p>
        Your restaurants&apos; figures against their usual and their targets, by e-mail.{" "}
        <a href="/digests/preview">See one</a>.
      </p>
      <label>
        Send it{" "}
        <select
          value={value}
          disabled={save.isPending}
          onChange={(e) => {
            const next = e.target.value as DigestFrequency;
            setValue(next);
            save.mutate(next);
          }}
        >
          {DIGEST_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {WORDS[f]}
            </option>
          ))}
        </select>
      </label>
      {save.isSuccess && <p role="status">Saved.</p>}
      <FormMessages error={save.error} />
    </section>
  );
}
