import { translatorFor } from "../../language/catalogues.ts";
import type { FastifyInstance } from "fastify";
import { INBOX_PAGE_SIZE } from "../../../../contract/studio/inbox.ts";
import {
  countUnread,
  eachInboxMessage,
  fieldText,
  labelledFields,
  searchInbox,
  setSubmissionRead,
  submissionFields,
} from "../../forms/forms-repository.ts";
import { csvFile } from "../../http/csv-file.ts";
import { route } from "../../http/endpoint-route.ts";
import { HttpError } from "../../http/errors.ts";
import { repliesTo, replyAddressOf } from "../../messages/replies-repository.ts";
import type { StudioOptions } from "../studio-scope.ts";

/** Feedback and contact messages: the list, the unread count, read or unread, and the CSV export. */
export async function inboxRoutes(app: FastifyInstance, { db }: StudioOptions) {
  route(app, "studioInbox", async ({ query }) => {
    const [{ rows, total }, unread] = await Promise.all([
      searchInbox(db, { kind: query.kind, search: query.search, limit: INBOX_PAGE_SIZE, offset: (query.page - 1) * INBOX_PAGE_SIZE }),
      countUnread(db),
    ]);
    const replies = await repliesTo(
      db,
      rows.map((row) => row.id),
    );
    return {
      messages: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        received_at: row.createdAt.toISOString(),
        read: row.readAt !== null,
        member_email: row.memberEmail,
        fields: labelledFields(row.kind, row.payload),
        reply_to: replyAddressOf(row.payload, row.memberEmail),
        replies: replies.get(row.id) ?? [],
      })),
      total,
      unread,
      page: query.page,
      page_size: INBOX_PAGE_SIZE,
    };
  });

  // The count beside "Studio" in an instructor's member menu and beside Inbox: small by design.
  route(app, "studioUnread", async () => ({ unread: await countUnread(db) }));

  route(app, "markMessageRead", async ({ params: { id }, body: { read } }) => {
    if (!(await setSubmissionRead(db, id, read))) throw HttpError.withValues(404, "There is no message with the id {id}.", { id });
    return { message: read ? "Marked as read." : "Marked as unread." };
  });

  route(app, "studioInboxCsv", async ({ query }, request, reply) => {
    const labels = [...new Set(Object.values(submissionFields).flatMap((fields) => fields.map((field) => field.label)))];
    // The headers and words of the file in the studio's language; what people wrote stays as written.
    const i18n = translatorFor(request.language);
    async function* rows() {
      for await (const row of eachInboxMessage(db, { kind: query.kind, search: query.search })) {
        const values = (row.payload ?? {}) as Record<string, unknown>;
        const byLabel = new Map(submissionFields[row.kind].map((field) => [field.label, fieldText(values[field.name])]));
        yield [
          row.createdAt.toISOString().replace("T", " ").slice(0, 19),
          row.kind,
          row.readAt ? i18n._("yes") : i18n._("no"),
          row.memberEmail ?? i18n._("(deleted member)"),
          ...labels.map((label) => byLabel.get(label) ?? ""),
        ];
      }
    }
    const csv = csvFile([i18n._("Received (UTC)"), i18n._("Kind"), i18n._("Read"), i18n._("Member e-mail"), ...labels], rows(), (error) =>
      request.log.error({ err: error }, "inbox export failed part way"),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="inbox-${query.kind ?? "all"}-${day}.csv"`)
      .send(csv);
  });
}
