import type { BenchPart } from "../../../bench/part.ts";

/**
 * Its part of `npm run bench` (bench/part.ts): the member as a birth client (docs/care.md), with a
 * package, her care record, an intake questionnaire and a shared note, for /care and Studio → Clients.
 */
export default {
  seed: async ({ call, member }) => {
    const carePackage = await call("instructor", "/reactapi/studio/care/packages", {
      name: "Birth support",
      fee: 150_000,
      deposit: 30_000,
      instalments: 3,
    });
    const due = new Date(Date.now() + 20 * 24 * 3600_000).toISOString().slice(0, 10);
    const record = await call("instructor", "/reactapi/studio/care/clients", {
      email: member.email,
      first_name: "Bench",
      last_name: "Member",
      due_date: due,
      package_id: carePackage.id,
    });
    const questionnaire = await call("instructor", "/reactapi/studio/care/questionnaires", {
      title: "Intake",
      questions: [
        { kind: "text", label: "What name would you like me to use?" },
        { kind: "choice", label: "Is this your first baby?", options: ["Yes", "No"] },
        { kind: "long_text", label: "How was an earlier birth for you?", optional: true, sensitive: true },
        { kind: "date", label: "When is your next midwife appointment?", optional: true },
      ],
    });
    await call("instructor", `/reactapi/studio/care/clients/${record.id}/questionnaires`, { questionnaire_id: questionnaire.id });
    await call("instructor", `/reactapi/studio/care/clients/${record.id}/notes`, {
      text: "Lovely to meet you today. Try the breathing lesson before our next visit.",
      shared: true,
    });
    // She opens her care page once, as she would from the invitation.
    await call("member", "/reactapi/care");
    return {
      addresses: {
        "/studio/clients/:id": `/studio/clients/${record.id}`,
        "/care/:id/questionnaires/:questionnaireId": `/care/${record.id}/questionnaires/${questionnaire.id}`,
      },
      values: { careRecordId: Number(record.id) },
    };
  },
  firstVisitsInSpanish: ["/care"],
} satisfies BenchPart;
