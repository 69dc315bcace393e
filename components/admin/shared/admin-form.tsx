import type { ReactNode } from "react";

import { errorMessage } from "@/components/ui/states";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/people/roles";

import styles from "./admin.module.css";

/**
 * The pieces every admin page builds its forms and tables from, so that a label, an error or a
 * column header is written one way on every page (and its accessibility with it).
 */

/** A labelled text input; the input's name, type and constraints are the caller's. */
export function TextField({
  id,
  label,
  name,
  type,
  required,
  defaultValue,
  autoComplete,
  className = "input",
  size,
}: {
  id: string;
  label: string;
  name: string;
  type?: "text" | "email" | "password";
  required?: boolean;
  defaultValue?: string;
  autoComplete?: string;
  className?: string;
  size?: number;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        className={className}
        size={size}
      />
    </div>
  );
}

/** The role picker of a person's form (field name `role`). */
export function RoleSelect({ id, defaultValue }: { id: string; defaultValue: Role }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Role</label>
      <select id={id} name="role" className="select" defaultValue={defaultValue}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A write's refusal (the API's sentence, announced) and, once it went through, what it did. */
export function FormMessages({
  error,
  errorId,
  done,
}: {
  error: unknown;
  errorId?: string;
  done?: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      {done ? (
        <p className={styles.status} role="status">
          {done}
        </p>
      ) : null}
    </>
  );
}

/** An admin list: a scrolling table whose header row names each column. */
export function AdminTable({
  columns,
  caption,
  children,
  after,
}: {
  columns: readonly ReactNode[];
  caption?: string;
  children: ReactNode;
  /** Shown below the table, inside its scrolling box (an "empty" line, say). */
  after?: ReactNode;
}) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}
