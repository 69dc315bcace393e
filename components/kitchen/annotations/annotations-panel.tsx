"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { TableCard } from "@/components/ui/card/table-card";
import { errorMessage } from "@/components/ui/states";
import { ANNOTATION_KIND_LABELS } from "@/lib/annotations/annotation-marks";
import { NOTE_MAX_CHARS, type Annotation } from "@/lib/annotations/annotations-contract";
import { businessDateFromIso, businessDateToIso } from "@/lib/business-date/business-date";
import { formatBusinessDate } from "@/lib/business-date/format";
import {
  annotationKeys,
  annotationsCsvUrl,
  annotationsQuery,
  deleteAnnotationNote,
  postAnnotationNote,
} from "@/lib/queries/annotations";

import styles from "./annotations-panel.module.css";

/**
 * "What changed": the range's notes and markers listed under the trend (the charts' diamonds say
 * the same), and for a manager a one-line form to add a note and a button to delete one. Compact
 * on purpose: a date, a sentence, done.
 */
export function AnnotationsPanel({ guid, from, to }: { guid: string; from: string; to: string }) {
  const query = useQuery(annotationsQuery(guid, from, to));
  const annotations = query.data?.annotations ?? [];
  return (
    <TableCard
      title="What changed"
      testId="annotations"
      description="Managers' notes, and the changes the app found: prep stations, routing, menu, schedule (read daily), and items first or last sold."
      actions={
        <a className="button" href={annotationsCsvUrl(guid, from, to)} download>
          CSV
        </a>
      }
    >
      {query.isError ? (
        <p className={styles.error} role="alert">
          {errorMessage(query.error)}
        </p>
      ) : annotations.length === 0 ? (
        <p className={styles.empty}>{query.isPending ? "Loading…" : "Nothing noted in this range."}</p>
      ) : (
        <ul className={styles.list} aria-label="Annotations of the range">
          {annotations.map((a, i) => (
            <AnnotationLine
              key={a.id ?? `${a.date}-${a.kind}-${i}`}
              guid={guid}
              annotation={a}
              mayEdit={query.data?.mayEdit === true}
            />
          ))}
        </ul>
      )}
      {query.data?.mayEdit ? <NoteForm guid={guid} from={from} to={to} /> : null}
    </TableCard>
  );
}

function AnnotationLine({
  guid,
  annotation: a,
  mayEdit,
}: {
  guid: string;
  annotation: Annotation;
  mayEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteAnnotationNote(guid, a.id!),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: annotationKeys.restaurant(guid) }),
  });
  return (
    <li className={styles.item} data-testid="annotation">
      <span className={styles.date}>{formatBusinessDate(a.date)}</span>
      <span className={styles.kind}>{ANNOTATION_KIND_LABELS[a.kind]}</span>
      <span>{a.text}</span>
      {a.by ? <span className={styles.by}>— {a.by}</span> : null}
      {mayEdit && a.kind === "note" && a.id ? (
        <button
          type="button"
          className="button"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={`Delete the note of ${formatBusinessDate(a.date)}: ${a.text}`}
        >
          Delete
        </button>
      ) : null}
      {remove.isError ? (
        <span className={styles.error} role="alert">
          {errorMessage(remove.error)}
        </span>
      ) : null}
    </li>
  );
}

function NoteForm({ guid, from, to }: { guid: string; from: string; to: string }) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState(businessDateToIso(to));
  const [text, setText] = useState("");
  const add = useMutation({
    mutationFn: (note: { date: string; text: string }) => postAnnotationNote(guid, note),
    onSuccess: async () => {
      setText("");
      await queryClient.invalidateQueries({ queryKey: annotationKeys.restaurant(guid) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server is the judge of the date and the text (400 naming the problem, shown below).
    add.mutate({ date: businessDateFromIso(date) ?? date, text });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Add a note">
      <label>
        Date{" "}
        <input
          className="input"
          type="date"
          required
          value={date}
          min={businessDateToIso(from)}
          max={businessDateToIso(to)}
          onChange={(e) => setDate(e.target.value)}
        />
      </label>
      <label className={styles.text}>
        Note{" "}
        <input
          className="input"
          type="text"
          required
          maxLength={NOTE_MAX_CHARS}
          placeholder="New grill cook, menu launch…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit" className="button button-primary" disabled={add.isPending}>
        Add note
      </button>
      {add.isError ? (
        <p className={styles.error} role="alert">
          {errorMessage(add.error)}
        </p>
      ) : null}
    </form>
  );
}
