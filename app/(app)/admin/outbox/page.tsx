import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { AdminNav } from "@/components/admin/admin-nav";
import { OutboxList } from "@/components/admin/outbox-list";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/access/page-access";
import { mayAdminister } from "@/lib/access/roles";
import { readOutbox } from "@/lib/mail/mailer";

export const metadata: Metadata = { title: "Outbox" };

/**
 * The mail the app has sent or kept, newest first. Rendered on the server as a plain list: it
 * holds live links, is read rarely and changes only when mail is sent, so no browser cache or
 * query is kept of it. Anyone but an administrator gets the not-found page, as for a foreign restaurant.
 */
export default async function OutboxPage() {
  const session = await requireSession();
  if (!(await mayAdminister(session))) notFound();
  const { mode, messages } = await readOutbox();
  return (
    <>
      <PageHeader
        title="Outbox"
        subtitle={
          mode === "outbox"
            ? "No SMTP_URL is set: messages are kept here instead of being sent."
            : "Every message sent over SMTP, with how its delivery went."
        }
      />
      <AdminNav current="/admin/outbox" />
      <OutboxList
        mode={mode}
        items={messages.map((m) => ({
          id: m.id,
          kind: m.kind,
          to: m.to,
          subject: m.subject,
          text: m.text,
          createdAt: m.createdAt.toISOString(),
          status: m.status,
          error: m.error,
        }))}
      />
    </>
  );
}
