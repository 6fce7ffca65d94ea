import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkedPartner } from "../../../testing/partners.ts";
import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { and, desc, eq } from "drizzle-orm";
import { mailOutbox } from "../mail/mail-schema.ts";
import { movableClock } from "../lib/clock.ts";
import { readPdf } from "../../../testing/pdf-text.ts";
import {
  checkoutCompleted,
  signedDelivery,
  standInEnvironment,
  startStripeStandIn,
  type StripeStandIn,
} from "../../../testing/stripe-stand-in.ts";
import {
  backends,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  register,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  uniqueEmail,
  useTestApp,
  confirmAddress,
  createTestApp,
  type TestApp,
} from "../../../testing/test-app.ts";
import { birthSupport, careInvitationTo } from "../../../testing/care-clients.ts";
import { CARE_FILE_MAX_MB } from "../../../contract/care-fields.ts";
import { tokenMailedTo } from "../../../testing/outbox-links.ts";
import { asDataUrl, hostilePngs, wellMadePng } from "../../../testing/hostile-png.ts";
import sharp from "sharp";
import { careAgreements, careFiles } from "./care-schema.ts";

const SAME_ORIGIN = { host: "localhost:5000", origin: "http://localhost:5000" };
import { onCallWindow, paymentSchedule, sha256Of } from "./care-repository.ts";
import { runPaymentReminders } from "./care-reminders.ts";
import { runMessageMails } from "./care-message-mails.ts";
import { overlappingWeeks } from "../bookings/calendar-studio-routes.ts";
import { setAboutPhoto } from "../site-pages/site-pages-repository.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";

// Her birth clients (docs/care.md): packages, a care record per pregnancy, the agreement signed
// online, its schedule and the notes of her visits, on both databases.

describe("on-call windows and payment schedules", () => {
  it("finds the weeks, Monday to Sunday, in which two or more windows are open", () => {
    const windows = [
      { from: "2027-03-08", until: "2027-04-11" },
      { from: "2027-03-15", until: "2027-03-20" },
      { from: "2027-03-14", until: "2027-03-16" },
    ];
    expect(overlappingWeeks(windows, "2027-03-01", "2027-03-31")).toEqual([
      { from: "2027-03-08", until: "2027-03-14", clients: 2 },
      { from: "2027-03-15", until: "2027-03-21", clients: 3 },
    ]);
  });

  it("opens the window at the start of week 38 and closes it at the end of week 42, counted from the due date", () => {
    expect(onCallWindow("2027-04-01", 38, 42)).toEqual({ from: "2027-03-18", until: "2027-04-21" });
  });

  it("splits what is left after the deposit into equal instalments, the last by week 36 and taking the odd cents", () => {
    const schedule = paymentSchedule(
      { feeMinor: 150_001, depositMinor: 30_000, instalments: 3, instalmentEveryWeeks: 4, lastDueWeek: 36 },
      "2027-06-01",
      "2026-12-01",
    );
    expect(schedule).toEqual([
      { kind: "deposit", amountMinor: 30_000, dueOn: "2026-12-01" },
      { kind: "instalment", amountMinor: 40_000, dueOn: "2027-03-09" },
      { kind: "instalment", amountMinor: 40_000, dueOn: "2027-04-06" },
      { kind: "instalment", amountMinor: 40_001, dueOn: "2027-05-04" },
    ]);
    expect(schedule.reduce((sum, payment) => sum + payment.amountMinor, 0)).toBe(150_001);
  });
});

describe.each(backends)("her birth clients on %s", (backend) => {
  const clock = movableClock(new Date("2026-12-01T10:00:00Z"));
  const context = useTestApp(backend, { clock });
  const app = () => context.app;
  const db = () => context.database.db;
  const post = (url: string, cookie: string | undefined, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, ...headers, ...(cookie ? { cookie } : {}) }, payload });
  const get = (url: string, cookie?: string) => app().inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  /** What the care feature's timed work is handed by features.ts, with a fresh inbox for the doula. */
  const timedWorkDeps = () => ({
    db: db(),
    clock,
    mail: { practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }), publicUrl: "https://care.example" },
    sender: { wake: () => {} } as unknown as MailSender,
    siteLanguage: { current: async () => "en" as const },
    contactEmail: uniqueEmail("doula-inbox"),
  });

  /** The subjects of her payment reminders, oldest first. */
  const paymentRemindersTo = async (email: string) =>
    (
      await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "care_payment_reminder")))
        .orderBy(mailOutbox.id)
    ).map((mail) => mail.subject);

  async function mailedTo(email: string) {
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "care_invitation")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return mail;
  }

  /** A package, a client invited to it, and her account made from the mailed link. */
  async function invitedClient(
    doula: { cookie: string },
    prefix = "client",
    carePackage: Record<string, unknown> = birthSupport,
    lastName = "Díaz",
  ) {
    const created = await post("/reactapi/studio/care/packages", doula.cookie, carePackage);
    expect(created.statusCode, created.body).toBe(201);
    const email = uniqueEmail(prefix);
    const added = await post("/reactapi/studio/care/clients", doula.cookie, {
      email,
      first_name: "Rosa",
      last_name: lastName,
      due_date: "2027-06-01",
      package_id: created.json().id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const mail = await mailedTo(email);
    const token = mail!.textBody.match(/\/care\?invitation=([A-Za-z0-9_-]+)/)?.[1];
    expect(token, mail!.textBody).toBeDefined();
    const registered = await register(app(), { email, password: GOOD_PASSWORD, first_name: "Rosa", care_invitation: token });
    expect(registered.statusCode, registered.body).toBe(201);
    return {
      email,
      token: token!,
      recordId: added.json().id as number,
      packageId: created.json().id as number,
      cookie: sessionCookieOf(await login(app(), email)),
    };
  }

  it("takes a client from invitation to a signed agreement whose PDF keeps what she signed, even after the package changes", async () => {
    const doula = await signedInInstructor(app(), db(), "doula");
    const client = await invitedClient(doula);

    const records = (await get("/reactapi/care", client.cookie)).json().records;
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({ id: client.recordId, on_call_from: "2027-05-18", on_call_until: "2027-06-21", stage: "invited" });
    expect(record.agreement.signed).toBe(false);
    expect(record.agreement.text).toContain("Rosa Díaz");
    expect(record.agreement.text).toContain("$1,500.00");
    expect(record.agreement.sha256).toBe(sha256Of(record.agreement.text));
    expect(record.payments.map((payment: { amount: number }) => payment.amount)).toEqual([30_000, 40_000, 40_000, 40_000]);

    // Her link made her account once: it cannot make a second.
    const again = await register(app(), { email: client.email, password: GOOD_PASSWORD, care_invitation: client.token });
    expect(again.statusCode).toBe(404);

    const refused = await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: false });
    expect(refused.statusCode).toBe(400);
    clock.set(new Date("2026-12-02T15:30:00Z"));
    const signed = await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa María Díaz", agree: true });
    expect(signed.statusCode, signed.body).toBe(200);
    const second = await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa María Díaz", agree: true });
    expect(second.statusCode).toBe(409);

    // The doula edits the package afterwards: her signed agreement does not move.
    const edited = await post(`/reactapi/studio/care/packages/${client.packageId}`, doula.cookie, {
      ...birthSupport,
      agreement: "A new agreement for {{client_name}}.",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(after.agreement).toMatchObject({
      text: record.agreement.text,
      sha256: record.agreement.sha256,
      signed: true,
      signed_name: "Rosa María Díaz",
    });
    expect(after.stage).toBe("signed");

    const pdf = await get(`/reactapi/care/${client.recordId}/agreement.pdf`, client.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const { text, pages } = await readPdf(new Uint8Array(pdf.rawPayload));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain("Rosa María Díaz");
    expect(text).toContain("2 December 2026");
    expect(text).toContain(record.agreement.sha256);
    expect(text).not.toContain("A new agreement");

    // The doula sees the signature record.
    const details = (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json();
    expect(details.agreement).toMatchObject({ signed: true, signed_name: "Rosa María Díaz", signed_from: expect.any(String) });
    expect(details.has_account).toBe(true);
  });

  it("lets the doula change one client's days and amounts: before she signs her agreement is made again, after it stays as signed", async () => {
    clock.set(new Date("2026-12-01T10:00:00Z"));
    const doula = await signedInInstructor(app(), db(), "doula-schedule");
    const client = await invitedClient(doula, "client-schedule");
    const change = (payments: unknown, cookie = doula.cookie) =>
      post(`/reactapi/studio/care/clients/${client.recordId}/payments`, cookie, { payments });
    expect((await change([], client.cookie)).statusCode).toBe(403);
    const before = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    const [deposit, first, second] = before.payments as { id: number; due_on: string; amount: number }[];
    expect(before.agreement.text).toContain("$400.00 by 9 March 2027");

    // Before she signs: her first instalment later and smaller; her agreement says so, with its new fee.
    const unsigned = await change([{ id: first!.id, due_on: "2027-03-20", amount: 25_000 }]);
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    expect(unsigned.json().message).toBe("Her payments are changed, and her agreement is made again with them: she signs the new one.");
    const remade = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(remade.agreement.text).toContain("$250.00 by 20 March 2027");
    expect(remade.agreement.text).not.toContain("$400.00 by 9 March 2027");
    expect(remade.agreement.text).toContain("$1,350.00");
    expect(remade.agreement.sha256).not.toBe(before.agreement.sha256);
    expect(remade.payments.map((payment: { id: number }) => payment.id)).toEqual(
      before.payments.map((payment: { id: number }) => payment.id),
    );

    // Refusals, each with its sentence: a day gone by, a payment not hers, the same payment twice.
    expect((await change([{ id: second!.id, due_on: "2026-11-30", amount: 40_000 }])).statusCode).toBe(400);
    expect((await change([{ id: 999_999, due_on: "2027-04-01", amount: 40_000 }])).statusCode).toBe(404);
    const twice = await change([
      { id: second!.id, due_on: "2027-04-01", amount: 40_000 },
      { id: second!.id, due_on: "2027-04-02", amount: 40_000 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await change([{ id: second!.id, due_on: "2027-04-01", amount: 12 }])).json().details).toHaveProperty(["payments.0.amount"]);

    // Signed, and the deposit paid by hand: the signed text stays; the new days are what both see; a paid one stays as it is.
    expect((await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true })).statusCode).toBe(
      200,
    );
    expect((await post(`/reactapi/studio/care/clients/${client.recordId}/payments/${deposit!.id}/paid`, doula.cookie, {})).statusCode).toBe(
      200,
    );
    expect((await change([{ id: deposit!.id, due_on: "2027-01-10", amount: 10_000 }])).statusCode).toBe(409);
    const signedChange = await change([{ id: second!.id, due_on: "2027-04-15", amount: 55_000 }]);
    expect(signedChange.statusCode, signedChange.body).toBe(200);
    const after = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(after.agreement.text).toBe(remade.agreement.text);
    expect(after.payments.find((payment: { id: number }) => payment.id === second!.id)).toMatchObject({
      due_on: "2027-04-15",
      amount: 55_000,
    });
    const studio = (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json();
    expect(studio.payments.find((payment: { id: number }) => payment.id === second!.id)).toMatchObject({
      due_on: "2027-04-15",
      amount: 55_000,
    });
  });

  it("starts a package left without an agreement from the default one, in the language she reads the studio in", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-default-agreement");
    const spanish = await post(
      "/reactapi/studio/care/packages",
      doula.cookie,
      { ...birthSupport, name: "Acompañamiento" },
      { "accept-language": "es" },
    );
    const english = await post("/reactapi/studio/care/packages", doula.cookie, { ...birthSupport, name: "Support", agreement: "<p></p>" });
    expect([spanish.statusCode, english.statusCode]).toEqual([201, 201]);
    const packages = (await get("/reactapi/studio/care/packages", doula.cookie)).json().packages as { id: number; agreement: string }[];
    const agreementOf = (id: number) => packages.find((offered) => offered.id === id)!.agreement;
    expect(agreementOf(spanish.json().id)).toMatch(/^<h3>Acuerdo de acompañamiento al parto<\/h3>[\s\S]*\{\{client_name\}\}/);
    expect(agreementOf(english.json().id)).toMatch(/^<h3>Birth support agreement<\/h3>/);
  });

  it("tells the doula when a client taken on late would owe everything at once, and spreads her instalments to the day she chooses", async () => {
    clock.set(new Date("2026-12-01T10:00:00Z"));
    const doula = await signedInInstructor(app(), db(), "doula-late");
    const created = await post("/reactapi/studio/care/packages", doula.cookie, { ...birthSupport, name: "Late support" });
    // 1 December 2026; due on 22 December: 37 weeks, past the package's last instalment (week 36).
    const late = { package_id: created.json().id, due_date: "2026-12-22" };
    const preview = await post("/reactapi/studio/care/schedule", doula.cookie, late);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().today).toBe("2026-12-01");
    expect(preview.json().payments.map((payment: { due_on: string }) => payment.due_on)).toEqual([
      "2026-12-01",
      "2026-12-01",
      "2026-12-01",
      "2026-12-01",
    ]);
    const spread = await post("/reactapi/studio/care/schedule", doula.cookie, { ...late, spread_until: "2026-12-22" });
    expect(spread.json().payments.map((payment: { due_on: string; amount: number }) => [payment.due_on, payment.amount])).toEqual([
      ["2026-12-01", 30_000],
      ["2026-12-08", 40_000],
      ["2026-12-15", 40_000],
      ["2026-12-22", 40_000],
    ]);
    const today = await post("/reactapi/studio/care/schedule", doula.cookie, { ...late, spread_until: "2026-12-01" });
    expect([today.statusCode, today.json().details]).toEqual([
      400,
      { spread_until: "Choose a day after today to spread her payments to." },
    ]);

    const added = await post("/reactapi/studio/care/clients", doula.cookie, {
      ...late,
      email: uniqueEmail("client-late"),
      first_name: "Alba",
      spread_until: "2026-12-22",
    });
    expect(added.statusCode, added.body).toBe(201);
    const client = (await get(`/reactapi/studio/care/clients/${added.json().id}`, doula.cookie)).json();
    expect(client.payments.map((payment: { due_on: string }) => payment.due_on)).toEqual([
      "2026-12-01",
      "2026-12-08",
      "2026-12-15",
      "2026-12-22",
    ]);
    expect(client.owed).toBe(30_000);
    expect(client.agreement.text).not.toMatch(/(\$400\.00 by 1 December 2026[\s\S]*){2}/);
  });

  it("keeps a rich-text agreement cleaned, fills its fields as text, and lays out its headings and lists in the PDF", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-rich");
    const richPackage = {
      ...birthSupport,
      name: "Postpartum support",
      agreement:
        "<h3>Our agreement</h3><p>Between <strong>{{client_name}}</strong> and {{doula_name}}.</p><script>alert(1)</script>" +
        '<ol><li>Two visits</li><li>A call <a href="javascript:alert(1)">any day</a></li></ol><p onclick="x()">Fee: {{fee}}</p>',
    };
    const client = await invitedClient(doula, "client-rich", richPackage, "<img src=x onerror=alert(1)>");
    const kept = (await get("/reactapi/studio/care/packages", doula.cookie))
      .json()
      .packages.find((one: { id: number }) => one.id === client.packageId).agreement as string;
    expect(kept).toContain("<strong>{{client_name}}</strong>");
    expect(kept).not.toMatch(/script|javascript:|onclick/);

    const text = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().agreement.text as string;
    // Her name is words in her agreement, never markup.
    expect(text).toContain("<strong>Rosa &lt;img src=x onerror=alert(1)&gt;</strong>");
    expect(text).toMatch(/<p>Fee: \S*1,500\.00<\/p>/);

    const pdf = await get(`/reactapi/care/${client.recordId}/agreement.pdf`, client.cookie);
    expect(pdf.statusCode).toBe(200);
    const read = (await readPdf(new Uint8Array(pdf.rawPayload))).text;
    expect(read).toContain("Our agreement");
    expect(read).toContain("Between Rosa <img src=x onerror=alert(1)> and");
    expect(read).toContain("1. Two visits");
    expect(read).toContain("2. A call any day");
    expect(read).not.toContain("<strong>");
  });

  it("keeps private notes from her, shows shared ones, and marks a payment paid once", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-notes");
    const client = await invitedClient(doula, "client-notes");
    const privateNote = await post(`/reactapi/studio/care/clients/${client.recordId}/notes`, doula.cookie, {
      text: "Anxious about the hospital: first birth was an emergency caesarean.",
      shared: false,
    });
    expect(privateNote.statusCode, privateNote.body).toBe(201);
    const shared = await post(`/reactapi/studio/care/clients/${client.recordId}/notes`, doula.cookie, {
      text: "Lovely to meet you today. Try the breathing lesson this week.",
      shared: true,
    });
    expect(shared.statusCode).toBe(201);

    const mine = await get(`/reactapi/care/${client.recordId}`, client.cookie);
    expect(mine.json().notes.map((note: { text: string }) => note.text)).toEqual([
      "Lovely to meet you today. Try the breathing lesson this week.",
    ]);
    expect(mine.body).not.toContain("Anxious about the hospital");
    expect((await get("/reactapi/care", client.cookie)).body).not.toContain("Anxious about the hospital");
    expect((await get("/reactapi/account/export", client.cookie)).body).not.toContain("Anxious about the hospital");
    expect((await get("/reactapi/account/export", client.cookie)).body).toContain("Try the breathing lesson");
    const studio = (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json();
    expect(studio.notes.map((note: { shared: boolean }) => note.shared)).toEqual([false, true]);

    const [deposit] = studio.payments;
    const paid = await post(`/reactapi/studio/care/clients/${client.recordId}/payments/${deposit.id}/paid`, doula.cookie, {
      note: "Cash at the first visit",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const twice = await post(`/reactapi/studio/care/clients/${client.recordId}/payments/${deposit.id}/paid`, doula.cookie, {});
    expect(twice.statusCode).toBe(409);
    const list = (await get("/reactapi/studio/care/clients", doula.cookie)).json().clients;
    expect(list.find((entry: { id: number }) => entry.id === client.recordId)).toMatchObject({ stage: "deposit_paid", owed: 0 });
  });

  it("sends a questionnaire she fills as she goes: a stale save 409, consent before a sensitive answer, done once every required answer is there", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-intake");
    const client = await invitedClient(doula, "client-intake");
    const created = await post("/reactapi/studio/care/questionnaires", doula.cookie, {
      title: "Intake",
      questions: [
        { kind: "text", label: "What would you like me to call you?" },
        { kind: "choice", label: "Where do you plan to give birth?", options: ["Hospital", "Birth centre", "Home"] },
        {
          kind: "long_text",
          label: "Is there anything about a previous birth you would like me to know?",
          optional: true,
          sensitive: true,
        },
        { kind: "yes_no", label: "Is this your first baby?" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const questionnaireId = created.json().id as number;
    const oneOption = await post("/reactapi/studio/care/questionnaires", doula.cookie, {
      title: "Broken",
      questions: [{ kind: "choice", label: "Pick", options: ["Only one"] }],
    });
    expect(oneOption.statusCode).toBe(400);

    const url = `/reactapi/care/${client.recordId}/questionnaires/${questionnaireId}`;
    expect((await get(url, client.cookie)).statusCode).toBe(404);
    expect(
      (await post(`/reactapi/studio/care/clients/${client.recordId}/questionnaires`, doula.cookie, { questionnaire_id: questionnaireId }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post(`/reactapi/studio/care/clients/${client.recordId}/questionnaires`, doula.cookie, { questionnaire_id: questionnaireId }))
        .statusCode,
    ).toBe(409);

    const opened = (await get(url, client.cookie)).json();
    expect(opened).toMatchObject({ title: "Intake", revision: 0, answers: {}, consent: false, done: false });
    expect((await get("/reactapi/care", client.cookie)).json().records[0].questionnaires).toEqual([
      { id: questionnaireId, title: "Intake", done: false },
    ]);

    const first = await post(url, client.cookie, { answers: { "0": "Rosa", "1": "Home" }, revision: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ revision: 1, done: false });
    // Another tab still holds revision 0: its save would lose the first one.
    const stale = await post(url, client.cookie, { answers: { "0": "R." }, revision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/changed elsewhere/);

    // "01" and "000" name questions 1 and 0, once each: kept under their plain numbers, never beside them.
    const twice = await post(url, client.cookie, { answers: { "1": "Home", "01": "Hospital" }, revision: 1 });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details["01"] ?? twice.json().details["1"]).toBe("This question is answered twice.");
    const padded = await post(url, client.cookie, { answers: { "000": "Rosa", "01": "Home" }, revision: 1 });
    expect(padded.statusCode, padded.body).toBe(200);
    expect((await get(url, client.cookie)).json().answers).toEqual({ "0": "Rosa", "1": "Home" });
    const notAnOption = await post(url, client.cookie, { answers: { "1": "Under the sea" }, revision: 2 });
    expect(notAnOption.statusCode).toBe(400);
    expect(notAnOption.json().details["1"]).toBe("This answer does not fit the question.");

    const sensitive = { "0": "Rosa", "1": "Home", "2": "My first birth ended in an emergency caesarean." };
    const withoutConsent = await post(url, client.cookie, { answers: sensitive, revision: 2 });
    expect(withoutConsent.statusCode).toBe(400);
    expect(withoutConsent.json().details.consent).toBeDefined();
    const tooEarly = await post(url, client.cookie, { answers: sensitive, revision: 2, consent: true, done: true });
    expect(tooEarly.statusCode).toBe(400);
    expect(Object.keys(tooEarly.json().details)).toEqual(["3"]);
    const done = await post(url, client.cookie, { answers: { ...sensitive, "3": false }, revision: 2, consent: true, done: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ revision: 3, done: true });
    expect((await post(url, client.cookie, { answers: {}, revision: 3 })).statusCode).toBe(409);

    const seen = (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().questionnaires;
    expect(seen).toEqual([
      expect.objectContaining({ id: questionnaireId, consent: true, done: true, answers: { ...sensitive, "3": false } }),
    ]);
    const download = (await get("/reactapi/account/export", client.cookie)).json();
    expect(download.care[0].questionnaires[0].answers["2"]).toBe("My first birth ended in an emergency caesarean.");

    const stranger = await signedInMember(app(), "stranger-intake");
    expect((await get(url, stranger.cookie)).statusCode).toBe(403);
    expect((await post(url, stranger.cookie, { answers: {}, revision: 2 })).statusCode).toBe(403);
  });

  it("tells her to pay as agreed with her doula when online payment is not set up", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-offline");
    const client = await invitedClient(doula, "client-offline");
    const mine = (await get("/reactapi/care", client.cookie)).json();
    expect(mine.pay_online).toBe(false);
    // Her doula as About shows her, and the address that reaches her.
    const site = (await get("/reactapi/site", client.cookie)).json();
    const about = (await get("/reactapi/pages/about", client.cookie)).json();
    expect(mine.doula).toEqual({ name: about.instructor_name, photo: null, email: site.contact_email });
    await setAboutPhoto(db(), "f".repeat(64));
    try {
      expect((await get("/reactapi/care", client.cookie)).json().doula.photo).toBe("f".repeat(64));
    } finally {
      await setAboutPhoto(db(), null);
    }
    const pay = await post(`/reactapi/care/${client.recordId}/payments/${mine.records[0].payments[0].id}/checkout`, client.cookie);
    expect(pay.statusCode).toBe(404);
    expect(pay.json().error).toBe("Online payment is not set up: please pay as agreed with your doula.");
  });

  it("reminds her 3 days before a payment is due and once when it is overdue, never for one paid or waived, once across servers", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-reminders");
    const client = await invitedClient(doula, "client-reminders");
    expect((await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true })).statusCode).toBe(
      200,
    );
    const [deposit, march, april, may] = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().payments;
    expect([march.due_on, april.due_on, may.due_on]).toEqual(["2027-03-09", "2027-04-06", "2027-05-04"]);
    const markPaid = (paymentId: number, body: Record<string, unknown>) =>
      post(`/reactapi/studio/care/clients/${client.recordId}/payments/${paymentId}/paid`, doula.cookie, body);
    const paidByHand = await markPaid(deposit.id, { note: "Bank transfer" });
    expect(paidByHand.statusCode).toBe(200);
    expect(paidByHand.json().message).toBe("Marked the payment due on 1 December 2026 as paid.");
    // Her answer names the day as she reads it, never as an ISO date (docs/languages.md).
    const waived = await post(
      `/reactapi/studio/care/clients/${client.recordId}/payments/${april.id}/paid`,
      doula.cookie,
      { note: "Gift from her mother", waived: true },
      { "accept-language": "es" },
    );
    expect(waived.statusCode).toBe(200);
    expect(waived.json().message).toBe("Se ha perdonado el pago con vencimiento el 6 de abril de 2027.");

    const deps = timedWorkDeps();
    const remindersTo = () => paymentRemindersTo(client.email);
    try {
      clock.set(new Date("2027-03-05T09:00:00Z"));
      await Promise.all([runPaymentReminders(deps), runPaymentReminders(deps)]);
      expect(await remindersTo()).toEqual([]);
      clock.set(new Date("2027-03-07T09:00:00Z"));
      // Two servers at once: one of them claims her reminder (other clients' may be due too).
      const [one, two] = await Promise.all([runPaymentReminders(deps), runPaymentReminders(deps)]);
      expect(one.before + two.before).toBeGreaterThan(0);
      expect(await remindersTo()).toEqual(["Your payment of US$400.00 is due on 9 March 2027"]);
      clock.set(new Date("2027-04-05T09:00:00Z"));
      await Promise.all([runPaymentReminders(deps), runPaymentReminders(deps)]);
      clock.set(new Date("2027-04-09T09:00:00Z"));
      await runPaymentReminders(deps);
      // March's is overdue (said once); April's was waived; the deposit was paid.
      expect(await remindersTo()).toEqual([
        "Your payment of US$400.00 is due on 9 March 2027",
        "Your payment of US$400.00 was due on 9 March 2027",
      ]);
      expect((await markPaid(may.id, { note: "Cash" })).statusCode).toBe(200);
      clock.set(new Date("2027-05-02T09:00:00Z"));
      await runPaymentReminders(deps);
      expect(await remindersTo()).toHaveLength(2);
    } finally {
      clock.set(new Date("2026-12-01T10:00:00Z"));
    }
  });

  it("shows her partner her on-call window and visits, and nothing of money, notes or answers", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-partner");
    const client = await invitedClient(doula, "client-partner");
    await post(`/reactapi/studio/care/clients/${client.recordId}/notes`, doula.cookie, { text: "Shared note for her.", shared: true });
    const partner = (await linkedPartner(app(), db(), client.cookie, { prefix: "her-partner" })).cookie;

    const seen = await get("/reactapi/care/partner", partner);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().records).toEqual([
      {
        id: client.recordId,
        mother_first_name: "Rosa",
        due_date: "2027-06-01",
        on_call_from: "2027-05-18",
        on_call_until: "2027-06-21",
        doula_name: expect.any(String),
        visits: [],
      },
    ]);
    expect(seen.body).not.toContain("Shared note for her.");
    const hisSpace = await get("/reactapi/care", partner);
    expect(hisSpace.json().records).toEqual([]);
    // His client space (and /home's card) reads the same window and visits, and nothing else.
    expect(hisSpace.json().partner_of).toEqual(seen.json().records);
    expect(hisSpace.body).not.toContain("Shared note for her.");
    expect(hisSpace.body).not.toContain("amount");
    expect((await get(`/reactapi/care/${client.recordId}`, partner)).statusCode).toBe(403);
    expect((await get(`/reactapi/care/${client.recordId}/agreement.pdf`, partner)).statusCode).toBe(403);
    // She sees no partner's view of anyone.
    expect((await get("/reactapi/care/partner", client.cookie)).json().records).toEqual([]);
    expect((await get("/reactapi/care", client.cookie)).json().partner_of).toEqual([]);
  });

  it("shares a file with her alone: she downloads it, her partner and anyone else do not, and the doula can take it back", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-files");
    const client = await invitedClient(doula, "client-files");
    const share = (recordId: number | string, content: Buffer | null, filename: string, headers: Record<string, string> = SAME_ORIGIN) => {
      const form = new FormData();
      if (content) form.append("file", new Blob([new Uint8Array(content)]), filename);
      return app().inject({
        method: "POST",
        url: `/reactapi/studio/care/clients/${recordId}/files`,
        headers: { cookie: doula.cookie, ...headers },
        payload: form,
      });
    };
    const handout = Buffer.from("Comfort measures for early labour:\n- a warm shower\n- slow breathing\n");

    const shared = await share(client.recordId, handout, "comfort measures.pdf");
    expect(shared.statusCode, shared.body).toBe(201);
    // Judged from its content: text named .pdf is kept as the text it is.
    expect(shared.json().file).toMatchObject({
      filename: "comfort measures.txt",
      content_type: "text/plain; charset=utf-8",
      size: handout.length,
    });
    const fileId = shared.json().file.id;
    // A file of the media storage (docs/storage.md) that its row names; nothing of it in the row.
    const [row] = await db().select().from(careFiles).where(eq(careFiles.id, fileId));
    expect(row).toMatchObject({ content: null, storageKey: expect.stringMatching(/^care-files\/\d+-[0-9a-f]{24}$/) });
    expect(await app().mediaStorage.size(row!.storageKey!)).toBe(handout.length);

    expect((await share(client.recordId, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), "setup.exe")).statusCode).toBe(415);
    expect((await share(client.recordId, Buffer.alloc(0), "empty.txt")).statusCode).toBe(400);
    expect((await share(client.recordId, null, "none")).statusCode).toBe(400);
    expect((await share(999_999, handout, "handout.txt")).statusCode).toBe(404);
    const tooBig = await share(client.recordId, Buffer.alloc(CARE_FILE_MAX_MB * 1024 * 1024 + 1, "a"), "big.txt");
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toContain(`${CARE_FILE_MAX_MB} MB`);
    // Another site's page cannot post a file in her name (the same-origin guard of uploads).
    expect((await share(client.recordId, handout, "handout.txt", { origin: "https://elsewhere.example" })).statusCode).toBe(403);
    // A member is not the doula: refused before anything is read.
    const notDoula = await app().inject({
      method: "POST",
      url: `/reactapi/studio/care/clients/${client.recordId}/files`,
      headers: { cookie: client.cookie, ...SAME_ORIGIN, "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--",
    });
    expect(notDoula.statusCode).toBe(403);

    const hers = (await get("/reactapi/care", client.cookie)).json().records[0].files;
    expect(hers).toEqual([
      {
        id: fileId,
        filename: "comfort measures.txt",
        content_type: "text/plain; charset=utf-8",
        size: handout.length,
        shared_at: expect.any(String),
      },
    ]);
    expect((await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().files).toEqual(hers);
    const downloaded = await get(`/reactapi/care/${client.recordId}/files/${fileId}`, client.cookie);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(handout)).toBe(true);
    expect(downloaded.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''comfort%20measures.txt");
    expect(downloaded.headers["cache-control"]).toBe("private, no-store");
    expect((await get(`/reactapi/studio/care/clients/${client.recordId}/files/${fileId}`, doula.cookie)).rawPayload.equals(handout)).toBe(
      true,
    );

    const partner = (await linkedPartner(app(), db(), client.cookie, { prefix: "files-partner" })).cookie;
    const stranger = await signedInMember(app(), "files-stranger");
    const other = await invitedClient(doula, "client-files-other");
    for (const cookie of [partner, stranger.cookie])
      expect((await get(`/reactapi/care/${client.recordId}/files/${fileId}`, cookie)).statusCode).toBe(403);
    // Her file under another client's record is nobody's.
    expect((await get(`/reactapi/care/${other.recordId}/files/${fileId}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/reactapi/studio/care/clients/${other.recordId}/files/${fileId}`, doula.cookie)).statusCode).toBe(404);
    expect((await get("/reactapi/care", partner)).body).not.toContain("comfort measures");
    expect((await get(`/reactapi/care/${client.recordId}/files/${fileId}`)).statusCode).toBe(401);

    expect((await post(`/reactapi/studio/care/clients/${other.recordId}/files/${fileId}/delete`, doula.cookie)).statusCode).toBe(404);
    const taken = await post(`/reactapi/studio/care/clients/${client.recordId}/files/${fileId}/delete`, doula.cookie);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await get("/reactapi/care", client.cookie)).json().records[0].files).toEqual([]);
    expect((await get(`/reactapi/care/${client.recordId}/files/${fileId}`, client.cookie)).statusCode).toBe(404);
    expect(await app().mediaStorage.size(row!.storageKey!)).toBeNull();
  });

  it("serves a file an earlier version kept in its row, and the sweep moves it to the storage", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-old-files");
    const client = await invitedClient(doula, "client-old-files");
    const plan = Buffer.from("Her feeding plan, kept the old way.\n");
    const [old] = await db()
      .insert(careFiles)
      .values({
        recordId: client.recordId,
        filename: "plan.txt",
        contentType: "text/plain; charset=utf-8",
        size: plan.length,
        content: plan,
      })
      .returning();
    const url = `/reactapi/care/${client.recordId}/files/${old!.id}`;
    expect((await get(url, client.cookie)).rawPayload.equals(plan)).toBe(true);

    await app().sweepOldRecords();
    const [moved] = await db().select().from(careFiles).where(eq(careFiles.id, old!.id));
    expect(moved).toMatchObject({ content: null, storageKey: expect.stringMatching(/^care-files\//) });
    expect(await app().mediaStorage.size(moved!.storageKey!)).toBe(plan.length);
    const served = await get(url, client.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(plan)).toBe(true);
  });

  it("gives her the record made for her address when she registered another way, once she has proven the address", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-claim");
    const pkg = (await post("/reactapi/studio/care/packages", doula.cookie, birthSupport)).json();
    const email = uniqueEmail("client-claim");
    const added = (await post("/reactapi/studio/care/clients", doula.cookie, { email, due_date: "2027-06-01", package_id: pkg.id })).json();
    // She signs up with the beta code instead of her link, and has not yet proven her address.
    const unproven = await signedInMember(app(), "unused", { confirmed: false });
    expect((await get("/reactapi/care", unproven.cookie)).json().records).toEqual([]);
    const registered = await register(app(), { email, password: GOOD_PASSWORD, access_code: "TEST-CODE" });
    expect(registered.statusCode).toBe(201);
    const before = sessionCookieOf(await login(app(), email));
    expect((await get("/reactapi/care", before)).json().records).toEqual([]);
    await confirmAddress(app(), email);
    const proven = sessionCookieOf(await login(app(), email));
    expect((await get("/reactapi/care", proven)).json().records.map((record: { id: number }) => record.id)).toEqual([added.id]);
  });

  it("does not give her record to an account that registered her address without proving it, and gives it to her once proven", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-squatter");
    const pkg = (await post("/reactapi/studio/care/packages", doula.cookie, birthSupport)).json();
    // Someone registers her address with a beta code before the doula adds her, and cannot prove it.
    const squatter = await signedInMember(app(), "client-squatted", { confirmed: false });
    const added = await post("/reactapi/studio/care/clients", doula.cookie, {
      email: squatter.email,
      first_name: "Rosa",
      last_name: "Díaz",
      due_date: "2027-06-01",
      package_id: pkg.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const recordId = added.json().id as number;
    expect((await get("/reactapi/care", squatter.cookie)).json().records).toEqual([]);
    expect((await get(`/reactapi/care/${recordId}`, squatter.cookie)).statusCode).toBe(403);
    expect((await post(`/reactapi/care/${recordId}/sign`, squatter.cookie, { full_name: "Rosa Díaz", agree: true })).statusCode).toBe(403);
    expect((await get("/reactapi/studio/care/clients/" + recordId, doula.cookie)).json()).toMatchObject({ first_name: "Rosa" });
    // The mail goes to the address, and tells whoever reads it there how the space opens.
    const mail = await mailedTo(squatter.email);
    expect(mail!.textBody).toContain("your client space opens once the address is shown to be yours");
    expect(mail!.textBody).not.toContain("invitation=");

    // The address's owner takes it back with a password reset by mail, which proves it: the record is hers.
    const forgot = await post("/reactapi/users/forgot-password", undefined, { email: squatter.email });
    expect(forgot.statusCode).toBe(200);
    const token = await tokenMailedTo(db(), squatter.email, "password_reset");
    expect((await post("/reactapi/users/reset-password", undefined, { token, password: "her-Own-2027" })).statusCode).toBe(200);
    const hers = sessionCookieOf(await login(app(), squatter.email, "her-Own-2027"));
    expect((await get("/reactapi/care", hers)).json().records.map((record: { id: number }) => record.id)).toEqual([recordId]);
  });

  it("shows each client's on-call window in the studio's calendar, and the weeks where windows overlap", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-calendar");
    const first = await invitedClient(doula, "client-calendar-1");
    const second = await invitedClient(doula, "client-calendar-2");
    const calendar = await get("/reactapi/studio/calendar/bookings?from=2027-05-01T00:00:00Z&to=2027-07-01T00:00:00Z", doula.cookie);
    expect(calendar.statusCode, calendar.body).toBe(200);
    const answer = calendar.json();
    const ours = answer.on_call.filter((window: { record_id: number }) => [first.recordId, second.recordId].includes(window.record_id));
    expect(ours).toEqual([
      { record_id: first.recordId, client: "Rosa Díaz", from: "2027-05-18", until: "2027-06-21" },
      { record_id: second.recordId, client: "Rosa Díaz", from: "2027-05-18", until: "2027-06-21" },
    ]);
    const week = answer.on_call_overlaps.find((overlap: { from: string }) => overlap.from === "2027-05-24");
    expect(week?.until).toBe("2027-05-30");
    expect(week?.clients).toBeGreaterThanOrEqual(2);
    // Before any window opens, no week is crowded.
    const early = (await get("/reactapi/studio/calendar/bookings?from=2027-01-01T00:00:00Z&to=2027-02-01T00:00:00Z", doula.cookie)).json();
    expect(early.on_call_overlaps).toEqual([]);
  });

  it("keeps a private thread between her and her doula, mailing each side at most once an hour, once across servers", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-thread");
    const client = await invitedClient(doula, "client-thread");
    const stranger = await signedInMember(app(), "thread-stranger");
    const deps = timedWorkDeps();
    const mailsTo = async (address: string) =>
      (
        await db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, "care_message")))
          .orderBy(mailOutbox.id)
      ).map((mail) => ({ subject: mail.subject, text: mail.textBody }));

    const empty = await post(`/reactapi/care/${client.recordId}/messages`, client.cookie, { text: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.text).toBe("Please write your message.");
    expect((await post(`/reactapi/care/${client.recordId}/messages`, stranger.cookie, { text: "Hello?" })).statusCode).toBe(403);
    expect((await post(`/reactapi/care/${client.recordId}/messages`, undefined, { text: "Hello?" })).statusCode).toBe(401);
    expect((await post(`/reactapi/studio/care/clients/${client.recordId}/messages`, client.cookie, { text: "Hello?" })).statusCode).toBe(
      403,
    );

    const first = await post(`/reactapi/care/${client.recordId}/messages`, client.cookie, { text: "My waters may have a slow leak." });
    expect(first.statusCode, first.body).toBe(201);
    await post(`/reactapi/care/${client.recordId}/messages`, client.cookie, { text: "Should I call the midwife?" });
    try {
      const [one, two] = await Promise.all([runMessageMails(deps), runMessageMails(deps)]);
      expect(one.toDoula + two.toDoula).toBeGreaterThan(0);
      // To her account's address, not the site's public one.
      const toDoula = await mailsTo(doula.email);
      expect(toDoula).toHaveLength(1);
      expect(await mailsTo(deps.contactEmail)).toHaveLength(0);
      expect(toDoula[0]!.subject).toBe("Rosa Díaz wrote to you");
      expect(toDoula[0]!.text).toContain("2 new messages");
      expect(toDoula[0]!.text).toContain(`/studio/clients/${client.recordId}`);
      // What she wrote stays behind her sign-in: the mail says who wrote, never what.
      expect(toDoula[0]!.text).not.toContain("waters");

      const reply = await post(`/reactapi/studio/care/clients/${client.recordId}/messages`, doula.cookie, {
        text: "Yes, call her now, and then me.",
      });
      expect(reply.statusCode, reply.body).toBe(201);
      await post(`/reactapi/care/${client.recordId}/messages`, client.cookie, { text: "Called her, thank you." });
      clock.set(new Date(clock.now().getTime() + 10 * 60_000));
      await runMessageMails(deps);
      expect(await mailsTo(client.email)).toHaveLength(1);
      // Her third message came within the hour of the doula's last mail: it waits for the next.
      expect(await mailsTo(doula.email)).toHaveLength(1);
      clock.set(new Date(clock.now().getTime() + 60 * 60_000));
      await Promise.all([runMessageMails(deps), runMessageMails(deps)]);
      expect(await mailsTo(doula.email)).toHaveLength(2);
      expect(await mailsTo(client.email)).toHaveLength(1);
    } finally {
      clock.set(new Date("2026-12-01T10:00:00Z"));
    }

    const hers = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(hers.messages.map((message: { text: string; from_doula: boolean }) => [message.from_doula, message.text])).toEqual([
      [false, "My waters may have a slow leak."],
      [false, "Should I call the midwife?"],
      [true, "Yes, call her now, and then me."],
      [false, "Called her, thank you."],
    ]);
    expect((await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().messages).toHaveLength(4);
    const download = await get("/reactapi/account/export", client.cookie);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toContain("Should I call the midwife?");
    expect((await post("/reactapi/account/delete", client.cookie, { password: GOOD_PASSWORD })).statusCode).toBe(200);
    expect((await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().messages).toEqual([]);
  });

  it("lets the doula set the stages only she knows, correct her dates, and shows the month's takings", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-stage");
    const client = await invitedClient(doula, "client-stage");
    const bad = await post(`/reactapi/studio/care/clients/${client.recordId}/stage`, doula.cookie, { stage: "signed" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.stage).toBe("Choose active, birth, postpartum or closed.");
    expect((await post("/reactapi/studio/care/clients/999999/stage", doula.cookie, { stage: "birth" })).statusCode).toBe(404);
    expect((await post(`/reactapi/studio/care/clients/${client.recordId}/stage`, client.cookie, { stage: "birth" })).statusCode).toBe(403);
    const backwards = await post(`/reactapi/studio/care/clients/${client.recordId}/dates`, doula.cookie, {
      due_date: "2027-06-08",
      on_call_from: "2027-06-30",
      on_call_until: "2027-06-01",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details.on_call_until).toBe("The on-call window must open before it closes.");
    const moved = await post(`/reactapi/studio/care/clients/${client.recordId}/dates`, doula.cookie, {
      due_date: "2027-06-08",
      on_call_from: "2027-05-20",
      on_call_until: "2027-06-30",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get(`/reactapi/care/${client.recordId}`, client.cookie)).json()).toMatchObject({
      due_date: "2027-06-08",
      on_call_from: "2027-05-20",
      on_call_until: "2027-06-30",
    });
    const set = await post(`/reactapi/studio/care/clients/${client.recordId}/stage`, doula.cookie, { stage: "birth" });
    expect(set.statusCode, set.body).toBe(200);
    expect((await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().stage).toBe("birth");

    const before = (await get("/reactapi/studio/care/clients", doula.cookie)).json().takings_this_month;
    const usd = (list: { currency: string; amount: number }[]) => list.find((taking) => taking.currency === "USD")?.amount ?? 0;
    await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true });
    const [deposit] = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().payments;
    expect(
      (await post(`/reactapi/studio/care/clients/${client.recordId}/payments/${deposit.id}/paid`, doula.cookie, { note: "Cash" }))
        .statusCode,
    ).toBe(200);
    const after = (await get("/reactapi/studio/care/clients", doula.cookie)).json().takings_this_month;
    expect(usd(after) - usd(before)).toBe(30_000);
  });

  it("puts each client's on-call window in her calendar feed as whole days, and counts her in her due month's places, refusing a booking that month when they are full", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-feed");
    const created = (await post("/reactapi/studio/care/packages", doula.cookie, birthSupport)).json();
    const added = await post("/reactapi/studio/care/clients", doula.cookie, {
      email: uniqueEmail("client-feed"),
      first_name: "Lena",
      last_name: "Feed",
      due_date: "2031-10-01",
      package_id: created.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const client = (await get(`/reactapi/studio/care/clients/${added.json().id}`, doula.cookie)).json();

    const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    expect(
      (await post("/reactapi/studio/calendar/hours", doula.cookie, { time_zone: "America/Los_Angeles", weekly, exceptions: [] }))
        .statusCode,
    ).toBe(200);
    const feedUrl = (await post("/reactapi/studio/calendar/feed", doula.cookie, {})).json().url as string;
    const feed = await get(new URL(feedUrl).pathname);
    expect(feed.statusCode).toBe(200);
    const window = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents("vevent")
      .find((event) => event.getFirstPropertyValue("summary") === "On call: Lena Feed");
    expect(window, feed.body).toBeDefined();
    // Whole days, the same in every zone: DTEND is the day after the last (RFC 5545).
    expect(window!.getFirstProperty("dtstart")!.type).toBe("date");
    expect(String(window!.getFirstPropertyValue("dtstart"))).toBe(client.on_call_from);
    const lastDay = Temporal.PlainDate.from(client.on_call_until).add({ days: 1 }).toString();
    expect(String(window!.getFirstPropertyValue("dtend"))).toBe(lastDay);

    const months = (await get("/reactapi/studio/calendar/due-months", doula.cookie)).json().months as { month: string; taken: number }[];
    expect(months.find((month) => month.month === "2031-10")?.taken).toBe(1);
    // With one place that month, her care record fills it: a mother due then cannot book birth support, and is offered the waiting list.
    expect((await post("/reactapi/studio/calendar/due-months", doula.cookie, { month: "2031-10", places: 1 })).statusCode).toBe(200);
    const service = await post("/reactapi/studio/calendar/services", doula.cookie, {
      name: "Birth support consultation",
      duration_minutes: 60,
      birth_support: true,
      min_notice_hours: 2,
    });
    expect(service.statusCode, service.body).toBe(201);
    const refused = await post("/reactapi/bookings", undefined, {
      service_id: service.json().id,
      start: "2026-12-07T09:00:00-08:00",
      name: "Ines",
      email: uniqueEmail("due-in-october"),
      note: "",
      due_date: "2031-10-20",
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ waiting_list: { month: "2031-10" } });
    expect((await post(`/reactapi/studio/care/clients/${client.id}/stage`, doula.cookie, { stage: "closed" })).statusCode).toBe(200);
    const after = (await get("/reactapi/studio/calendar/due-months", doula.cookie)).json().months as { month: string; taken: number }[];
    expect(after.find((month) => month.month === "2031-10")?.taken ?? 0).toBe(0);
  });

  it("counts a payment due and overdue by the doula's calendar day, through the spring's daylight-saving change", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-zone");
    const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    const hours = await post("/reactapi/studio/calendar/hours", doula.cookie, { time_zone: "America/Los_Angeles", weekly, exceptions: [] });
    expect(hours.statusCode).toBe(200);
    const client = await invitedClient(doula, "client-zone");
    expect((await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true })).statusCode).toBe(
      200,
    );
    const [deposit, march, april, may] = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().payments;
    expect([march.due_on, may.due_on]).toEqual(["2027-03-09", "2027-05-04"]);
    const markPaid = (paymentId: number) =>
      post(`/reactapi/studio/care/clients/${client.recordId}/payments/${paymentId}/paid`, doula.cookie, { note: "Cash" });
    for (const paid of [deposit, april]) expect((await markPaid(paid.id)).statusCode).toBe(200);
    const deps = timedWorkDeps();
    const mailed = () => paymentRemindersTo(client.email);
    const owedOn = async () => (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().owed as number;
    /** What her schedule holds after May's payment, unpaid: part of her balance, not of what is overdue. */
    const owedAfterMay = async () =>
      (
        (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().payments as {
          due_on: string;
          paid: boolean;
          amount: number;
        }[]
      )
        .filter((payment) => payment.due_on > "2027-05-04" && !payment.paid)
        .reduce((sum, payment) => sum + payment.amount, 0);
    try {
      // 6 March 07:00 UTC is still 5 March, 23:00 in California (PST): four days before, no reminder yet.
      clock.set(new Date("2027-03-06T07:00:00Z"));
      await runPaymentReminders(deps);
      expect(await mailed()).toEqual([]);
      clock.set(new Date("2027-03-06T09:00:00Z")); // 01:00 on the 6th there: three days before
      await runPaymentReminders(deps);
      expect(await mailed()).toEqual(["Your payment of US$400.00 is due on 9 March 2027"]);
      // 10 March 06:00 UTC is still 9 March, 22:00 there: due today, not overdue.
      clock.set(new Date("2027-03-10T06:00:00Z"));
      await runPaymentReminders(deps);
      expect(await mailed()).toHaveLength(1);
      clock.set(new Date("2027-03-10T09:00:00Z")); // 01:00 on the 10th there
      await runPaymentReminders(deps);
      expect(await mailed()).toHaveLength(2);
      expect(await mailed()).toContain("Your payment of US$400.00 was due on 9 March 2027");
      expect((await markPaid(march.id)).statusCode).toBe(200);
      // After the clocks went forward (14 March), California is 7 hours behind: 06:30 UTC on 5 May is
      // 23:30 on 4 May, the day May's is due; 07:30 UTC is 00:30 on 5 May, and it is overdue.
      clock.set(new Date("2027-05-05T06:30:00Z"));
      await runPaymentReminders(deps);
      expect(await mailed()).not.toContain("Your payment of US$400.00 was due on 4 May 2027");
      expect(await owedOn()).toBe(40_000);
      // Due today is not overdue yet; the balance holds every payment still to come.
      const studioList = async () =>
        (await get("/reactapi/studio/care/clients", doula.cookie))
          .json()
          .clients.find((entry: { id: number }) => entry.id === client.recordId);
      expect(await studioList()).toMatchObject({ overdue: 0, balance: 40_000 + (await owedAfterMay()) });
      clock.set(new Date("2027-05-05T07:30:00Z"));
      await runPaymentReminders(deps);
      expect(await mailed()).toContain("Your payment of US$400.00 was due on 4 May 2027");
      expect(await studioList()).toMatchObject({ overdue: 40_000 });
    } finally {
      clock.set(new Date("2026-12-01T10:00:00Z"));
    }
  });

  it("counts the month's takings by the calendar month of the doula's zone", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-takings");
    const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    const hours = await post("/reactapi/studio/calendar/hours", doula.cookie, { time_zone: "America/Los_Angeles", weekly, exceptions: [] });
    expect(hours.statusCode).toBe(200);
    // A currency no other client here pays in, so the month's figure is hers alone.
    const client = await invitedClient(doula, "client-takings", { ...birthSupport, currency: "NZD" });
    expect((await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true })).statusCode).toBe(
      200,
    );
    const [deposit] = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().payments;
    const nzd = async () =>
      ((await get("/reactapi/studio/care/clients", doula.cookie)).json().takings_this_month as { currency: string; amount: number }[]).find(
        (taking) => taking.currency === "NZD",
      )?.amount ?? 0;
    try {
      clock.set(new Date("2027-05-01T05:00:00Z")); // 30 April, 22:00 in California
      const paid = await post(`/reactapi/studio/care/clients/${client.recordId}/payments/${deposit.id}/paid`, doula.cookie, {
        note: "Cash",
      });
      expect(paid.statusCode).toBe(200);
      expect(await nzd()).toBe(30_000);
      clock.set(new Date("2027-05-01T08:00:00Z")); // 1 May, 01:00 there: a new month, though UTC's began before she was paid
      expect(await nzd()).toBe(0);
    } finally {
      clock.set(new Date("2026-12-01T10:00:00Z"));
    }
  });

  it("writes her payment reminder in her language, and lists the sessions she books as her visits", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-es");
    const client = await invitedClient(doula, "client-es");
    expect((await post("/reactapi/account/language", client.cookie, { language: "es" })).statusCode).toBe(200);
    expect((await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true })).statusCode).toBe(
      200,
    );

    const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    expect(
      (await post("/reactapi/studio/calendar/hours", doula.cookie, { time_zone: "Europe/Madrid", weekly, exceptions: [] })).statusCode,
    ).toBe(200);
    const service = await post("/reactapi/studio/calendar/services", doula.cookie, {
      name: "Prenatal visit",
      duration_minutes: 60,
      min_notice_hours: 2,
    });
    expect(service.statusCode, service.body).toBe(201);
    const booked = await post("/reactapi/bookings", client.cookie, {
      service_id: service.json().id,
      start: "2026-12-08T10:00:00+01:00",
      name: "Rosa Díaz",
      email: client.email,
      note: "",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const record = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(record.visits).toEqual([expect.objectContaining({ starts_at: "2026-12-08T09:00:00.000Z", service: "Prenatal visit" })]);
    expect((await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().visits).toEqual(record.visits);

    try {
      clock.set(new Date("2027-03-07T09:00:00Z"));
      await runPaymentReminders(timedWorkDeps());
      // March's instalment is three days off; the deposit, due the day she signed, was never paid.
      // Intl writes "400,00 US$" with a no-break space.
      expect((await paymentRemindersTo(client.email)).map((subject) => subject.replace(/\s/g, " "))).toEqual([
        "Tu pago de 400,00 US$ vence el 9 de marzo de 2027",
        "Tu pago de 300,00 US$ venció el 1 de diciembre de 2026",
      ]);
    } finally {
      clock.set(new Date("2026-12-01T10:00:00Z"));
    }
  });

  it("keeps her drawn signature with what she signed and draws it on the PDF's signature record, refusing what is not a picture", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-drawn");
    const client = await invitedClient(doula, "client-drawn");
    const signUrl = `/reactapi/care/${client.recordId}/sign`;
    const notPng = await post(signUrl, client.cookie, {
      full_name: "Rosa Díaz",
      agree: true,
      drawn_signature: `data:image/png;base64,${Buffer.from("not a picture at all, only words pretending to be one.......").toString("base64")}`,
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().details.drawn_signature).toBe("Please draw your signature again, or leave it out.");
    const script = await post(signUrl, client.cookie, { full_name: "Rosa Díaz", agree: true, drawn_signature: "javascript:alert(1)" });
    expect(script.statusCode).toBe(400);
    expect((await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().agreement.signed).toBe(false);

    const onePixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    const signed = await post(signUrl, client.cookie, {
      full_name: "Rosa Díaz",
      agree: true,
      drawn_signature: `data:image/png;base64,${onePixel}`,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().agreement).toMatchObject({
      signed: true,
      drawn: true,
    });
    // The moment she signed reads in the zone the doula keeps her hours in.
    const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    expect(
      (await post("/reactapi/studio/calendar/hours", doula.cookie, { time_zone: "Asia/Tokyo", weekly, exceptions: [] })).statusCode,
    ).toBe(200);
    const pdf = await get(`/reactapi/care/${client.recordId}/agreement.pdf`, client.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString("latin1")).toMatch(/\/Subtype \/Image/);
    const { text } = await readPdf(new Uint8Array(pdf.rawPayload));
    expect(text).toContain("Her signature as she drew it:");
    const signedAt = new Date((await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().agreement.signed_at);
    const inTokyo = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "Asia/Tokyo" }).format(signedAt);
    expect(text.replace(/\s+/g, " ")).toContain(`Signed on ${inTokyo} (Asia/Tokyo time).`);
  });

  it("refuses a hostile drawing at signing, and prints an agreement that holds one without it while the server stays up", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-hostile");
    const client = await invitedClient(doula, "client-hostile");
    const signUrl = `/reactapi/care/${client.recordId}/sign`;
    for (const [what, make] of Object.entries(hostilePngs)) {
      const refused = await post(signUrl, client.cookie, { full_name: "Rosa Díaz", agree: true, drawn_signature: asDataUrl(make()) });
      expect(refused.statusCode, what).toBe(400);
      expect(refused.json().details.drawn_signature, what).toBe("Please draw your signature again, or leave it out.");
    }
    // Wider than the page's box allows: refused too, so what is kept stays small.
    const tooWide = await post(signUrl, client.cookie, {
      full_name: "Rosa Díaz",
      agree: true,
      drawn_signature: asDataUrl(wellMadePng(1601, 10)),
    });
    expect(tooWide.statusCode).toBe(400);

    const drawn = wellMadePng(600, 200);
    const signed = await post(signUrl, client.cookie, { full_name: "Rosa Díaz", agree: true, drawn_signature: asDataUrl(drawn) });
    expect(signed.statusCode, signed.body).toBe(200);
    // What is kept is what the server wrote again, not the bytes she sent.
    const [kept] = await db().select().from(careAgreements).where(eq(careAgreements.recordId, client.recordId));
    expect(kept!.drawnSignature).not.toBeNull();
    expect(Buffer.from(kept!.drawnSignature!).equals(drawn)).toBe(false);
    expect((await sharp(Buffer.from(kept!.drawnSignature!)).metadata()).width).toBe(600);

    // A drawing kept before this check (here written straight into the table) is left out of the PDF.
    for (const [what, make] of Object.entries(hostilePngs)) {
      await db()
        .update(careAgreements)
        .set({ drawnSignature: new Uint8Array(make()) })
        .where(eq(careAgreements.recordId, client.recordId));
      const pdf = await get(`/reactapi/care/${client.recordId}/agreement.pdf`, client.cookie);
      expect(pdf.statusCode, what).toBe(200);
      const { text } = await readPdf(new Uint8Array(pdf.rawPayload));
      expect(text, what).toContain("Signed by Rosa Díaz");
      expect(text, what).not.toContain("Her signature as she drew it:");
      expect((await get("/healthz")).statusCode, what).toBe(200);
    }
  });

  it("answers 403 to a member who is not her client and 404 to another client for each of her records' addresses, before reading a body", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-access");
    const client = await invitedClient(doula, "client-access");
    const stranger = await signedInMember(app(), "stranger");
    const another = await invitedClient(doula, "client-access-other");
    expect((await get(`/reactapi/care/${client.recordId}`, another.cookie)).statusCode).toBe(404);
    expect((await post(`/reactapi/care/${client.recordId}/sign`, another.cookie, { full_name: "Not Her", agree: true })).statusCode).toBe(
      404,
    );
    expect((await get(`/reactapi/care/${client.recordId}`, stranger.cookie)).json().error).toBe(
      "This is your doula's space for her birth clients: it opens when she takes you on.",
    );
    expect((await get(`/reactapi/care/${client.recordId}`, stranger.cookie)).statusCode).toBe(403);
    expect((await get(`/reactapi/care/${client.recordId}/agreement.pdf`, stranger.cookie)).statusCode).toBe(403);
    expect((await post(`/reactapi/care/${client.recordId}/sign`, stranger.cookie, { full_name: "Not Her", agree: true })).statusCode).toBe(
      403,
    );
    expect((await get("/reactapi/care", stranger.cookie)).json().records).toEqual([]);
    expect((await get(`/reactapi/care/${client.recordId}`)).statusCode).toBe(401);
    expect((await post("/reactapi/studio/care/clients", client.cookie, {})).statusCode).toBe(403);
    expect((await get(`/reactapi/studio/care/clients/${client.recordId}`, client.cookie)).statusCode).toBe(403);
  });

  it("lets her choose her fee among her package's tiers before she signs: her agreement and schedule are made from it, and only the tiers' fees are taken", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-tiers");
    const tiers = [
      { name: "Supporter", price: 180_000, line: "Helps another family" },
      { name: "Supported", price: 90_000, line: "For a tighter budget" },
      { name: "Standard", price: 150_000, line: "" },
    ];
    const deposit = await post("/reactapi/studio/care/packages", doula.cookie, { ...birthSupport, deposit: 100_000, tiers });
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json().details.tiers).toBe("The deposit cannot be more than the lowest tier's fee.");
    const client = await invitedClient(doula, "tiers", { ...birthSupport, tiers });
    const packages = (await get("/reactapi/studio/care/packages", doula.cookie)).json().packages;
    expect(packages.find((pkg: { id: number }) => pkg.id === client.packageId).tiers.map((tier: { name: string }) => tier.name)).toEqual([
      "Supported",
      "Standard",
      "Supporter",
    ]);

    const before = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(before.tier).toBeNull();
    expect(before.tiers.map((tier: { price: number }) => tier.price)).toEqual([90_000, 150_000, 180_000]);
    // Her agreement names the fee she chooses, so she chooses first.
    const early = await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("Please choose what you pay first: your agreement is made with the fee you choose.");

    const notOffered = await post(`/reactapi/care/${client.recordId}/tier`, client.cookie, { tier: "Friends" });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().error).toBe("That is not one of your package's fees.");
    const stranger = await invitedClient(doula, "tiers-stranger");
    expect((await post(`/reactapi/care/${client.recordId}/tier`, stranger.cookie, { tier: "Supported" })).statusCode).toBe(404);
    expect((await post(`/reactapi/care/${client.recordId}/tier`, undefined, { tier: "Supported" })).statusCode).toBe(401);

    const chosen = await post(`/reactapi/care/${client.recordId}/tier`, client.cookie, { tier: "supported" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const after = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(after.tier).toBe("Supported");
    expect(after.agreement.text).toContain("$900.00");
    expect(after.agreement.text).not.toContain("$1,500.00");
    expect(after.agreement.sha256).toBe(sha256Of(after.agreement.text));
    expect(after.payments.map((payment: { amount: number }) => payment.amount)).toEqual([30_000, 20_000, 20_000, 20_000]);
    const details = (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json();
    expect(details.tier).toBe("Supported");

    // She may change her mind until she signs; then her fee is the one she signed.
    expect((await post(`/reactapi/care/${client.recordId}/tier`, client.cookie, { tier: "Supporter" })).statusCode).toBe(200);
    const signed = await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true });
    expect(signed.statusCode, signed.body).toBe(200);
    const late = await post(`/reactapi/care/${client.recordId}/tier`, client.cookie, { tier: "Supported" });
    expect(late.statusCode).toBe(409);
    const final = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(final.agreement.text).toContain("$1,800.00");
    expect(final.payments.map((payment: { amount: number }) => payment.amount)).toEqual([30_000, 50_000, 50_000, 50_000]);

    // What the Supporter fee brings beyond the package's own (300.00) joins the community places' fund once she has paid it all.
    const raised = async () =>
      ((await get("/reactapi/studio/community-places", doula.cookie)).json().funds as { currency: string; raised: number }[]).find(
        (fund) => fund.currency === "USD",
      )?.raised ?? 0;
    const fundBefore = await raised();
    for (const [index, payment] of (final.payments as { id: number }[]).entries()) {
      const marked = await post(`/reactapi/studio/care/clients/${client.recordId}/payments/${payment.id}/paid`, doula.cookie, {
        note: "Bank transfer",
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(await raised()).toBe(index === final.payments.length - 1 ? fundBefore + 30_000 : fundBefore);
    }
  });

  it("keeps her fee once something was paid towards it, and asks no choice of a package without tiers", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-tiers-paid");
    const tiers = [
      { name: "Supported", price: 90_000, line: "" },
      { name: "Standard", price: 150_000, line: "" },
    ];
    const client = await invitedClient(doula, "tiers-paid", { ...birthSupport, tiers });
    const record = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    const marked = await post(`/reactapi/studio/care/clients/${client.recordId}/payments/${record.payments[0].id}/paid`, doula.cookie, {
      note: "Cash at the first visit",
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const refused = await post(`/reactapi/care/${client.recordId}/tier`, client.cookie, { tier: "Supported" });
    expect(refused.statusCode).toBe(409);
    const kept = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(kept.payments.map((payment: { amount: number }) => payment.amount)).toEqual([30_000, 40_000, 40_000, 40_000]);

    const plain = await invitedClient(doula, "tiers-none");
    expect((await get(`/reactapi/care/${plain.recordId}`, plain.cookie)).json().tiers).toEqual([]);
    expect((await post(`/reactapi/care/${plain.recordId}/tier`, plain.cookie, { tier: "Standard" })).statusCode).toBe(400);
    const signed = await post(`/reactapi/care/${plain.recordId}/sign`, plain.cookie, { full_name: "Rosa Díaz", agree: true });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it("refuses a package whose deposit is more than its fee, and a client for a retired package, with a sentence", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-refusals");
    const tooMuch = await post("/reactapi/studio/care/packages", doula.cookie, { ...birthSupport, deposit: 200_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details.deposit).toBe("The deposit cannot be more than the fee.");
    const created = (await post("/reactapi/studio/care/packages", doula.cookie, birthSupport)).json();
    expect((await post(`/reactapi/studio/care/packages/${created.id}`, doula.cookie, { ...birthSupport, retired: true })).statusCode).toBe(
      200,
    );
    const added = await post("/reactapi/studio/care/clients", doula.cookie, {
      email: uniqueEmail("late"),
      due_date: "2027-06-01",
      package_id: created.id,
    });
    expect(added.statusCode).toBe(404);
    const spanish = await post(
      "/reactapi/studio/care/packages",
      doula.cookie,
      { ...birthSupport, deposit: 200_000 },
      { "accept-language": "es" },
    );
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().details.deposit).not.toBe("The deposit cannot be more than the fee.");
  });

  it("keeps her signed agreement and payments as the doula's records without her contact details when she deletes her account", async () => {
    const doula = await signedInInstructor(app(), db(), "doula-delete");
    const client = await invitedClient(doula, "client-delete");
    await post(`/reactapi/studio/care/clients/${client.recordId}/notes`, doula.cookie, { text: "Shared with her.", shared: true });
    const questionnaire = (
      await post("/reactapi/studio/care/questionnaires", doula.cookie, {
        title: "Postpartum",
        questions: [{ kind: "long_text", label: "How are you sleeping?" }],
      })
    ).json();
    await post(`/reactapi/studio/care/clients/${client.recordId}/questionnaires`, doula.cookie, { questionnaire_id: questionnaire.id });
    const answered = await post(`/reactapi/care/${client.recordId}/questionnaires/${questionnaire.id}`, client.cookie, {
      answers: { "0": "Badly, thank you." },
      revision: 0,
    });
    expect(answered.statusCode).toBe(200);
    expect((await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Rosa Díaz", agree: true })).statusCode).toBe(
      200,
    );
    const form = new FormData();
    form.append("file", new Blob([new TextEncoder().encode("Her postpartum plan.")]), "plan.txt");
    const shared = await app().inject({
      method: "POST",
      url: `/reactapi/studio/care/clients/${client.recordId}/files`,
      headers: { cookie: doula.cookie, ...SAME_ORIGIN },
      payload: form,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const [{ storageKey }] = (await db()
      .select({ storageKey: careFiles.storageKey })
      .from(careFiles)
      .where(eq(careFiles.id, shared.json().file.id))) as [{ storageKey: string }];
    expect(await app().mediaStorage.size(storageKey)).toBeGreaterThan(0);
    // In her download, with its name and date (she downloads its content from her space).
    expect((await get("/reactapi/account/export", client.cookie)).json().care[0].files).toEqual([
      expect.objectContaining({ filename: "plan.txt" }),
    ]);
    const deleted = await post("/reactapi/account/delete", client.cookie, { password: GOOD_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const details = (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json();
    expect(details).toMatchObject({
      email: null,
      first_name: null,
      last_name: null,
      has_account: false,
      notes: [],
      files: [],
      questionnaires: [],
    });
    expect(details.agreement).toMatchObject({ signed: true, signed_from: null, signed_with: null });
    expect(details.payments).toHaveLength(4);
    // The file itself is gone from the storage with her account, not left for a sweep.
    expect(await app().mediaStorage.size(storageKey)).toBeNull();
  });
});

describe.each(backends)("her birth client's payments through Stripe on %s", (backend) => {
  let standIn: StripeStandIn;
  let context: TestApp;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    context = await createTestApp(backend, {
      environment: { ...standInEnvironment(standIn), PUBLIC_URL: "https://care.example" },
      clock: movableClock(new Date("2026-12-01T10:00:00Z")),
    });
  });
  afterAll(async () => {
    await context.close();
    await standIn.close();
  });
  const post = (url: string, cookie: string, payload: Record<string, unknown> = {}) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload });
  const get = (url: string, cookie: string) => context.app.inject({ method: "GET", url, headers: { cookie } });

  it("opens the deposit once she has signed, and marks it paid from the webhook once", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "doula-stripe");
    const pkg = (
      await post("/reactapi/studio/care/packages", doula.cookie, { name: "Birth support", fee: 120_000, deposit: 20_000, instalments: 2 })
    ).json();
    const email = uniqueEmail("client-stripe");
    const added = (await post("/reactapi/studio/care/clients", doula.cookie, { email, due_date: "2027-06-01", package_id: pkg.id })).json();
    const [mail] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "care_invitation")));
    const token = mail!.textBody.match(/invitation=([A-Za-z0-9_-]+)/)![1];
    expect((await register(context.app, { email, password: GOOD_PASSWORD, care_invitation: token })).statusCode).toBe(201);
    const cookie = sessionCookieOf(await login(context.app, email));

    const mine = (await get("/reactapi/care", cookie)).json();
    expect(mine.pay_online).toBe(true);
    const [deposit] = mine.records[0].payments;
    expect(deposit).toMatchObject({ kind: "deposit", amount: 20_000, paid: false });
    const payUrl = `/reactapi/care/${added.id}/payments/${deposit.id}/checkout`;
    const unsigned = await post(payUrl, cookie);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().error).toBe("Please sign your agreement first: paying follows it.");

    expect((await post(`/reactapi/care/${added.id}/sign`, cookie, { full_name: "Lena Park", agree: true })).statusCode).toBe(200);
    const checkout = await post(payUrl, cookie);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = standIn.sessions.get(new URL(checkout.json().url).pathname.split("/").pop()!)!;
    expect(session).toMatchObject({
      amount_total: 20_000,
      currency: "usd",
      customer_email: email,
      metadata: { care_payment_id: String(deposit.id) },
    });

    const stranger = await signedInMember(context.app, "stranger-stripe");
    expect((await post(payUrl, stranger.cookie)).statusCode).toBe(403);

    const deliver = () => {
      const { payload, headers } = signedDelivery(checkoutCompleted(session));
      return context.app.inject({ method: "POST", url: "/reactapi/stripe/webhook", headers, payload });
    };
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(200);
    const after = (await get(`/reactapi/care/${added.id}`, cookie)).json();
    expect(after.payments[0]).toMatchObject({ paid: true });
    expect(after.payments.slice(1).every((payment: { paid: boolean }) => !payment.paid)).toBe(true);
    expect(after.stage).toBe("deposit_paid");
    expect((await post(payUrl, cookie)).statusCode).toBe(409);
    const owed = (await get("/reactapi/studio/care/clients", doula.cookie))
      .json()
      .clients.find((client: { id: number }) => client.id === added.id);
    expect(owed).toMatchObject({ owed: 0, overdue: 0, balance: 100_000, currency: "USD", stage: "deposit_paid" });

    // The doula refunds it through Stripe, once; a payment marked paid by hand is not Stripe's to refund.
    const refundUrl = `/reactapi/studio/care/clients/${added.id}/payments/${deposit.id}/refund`;
    expect((await post(refundUrl, cookie)).statusCode).toBe(403);
    const refunded = await post(refundUrl, doula.cookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().message).toMatch(/^Refunded the payment due on \d{1,2} [A-Z][a-z]+ \d{4} in full through Stripe\.$/);
    expect(standIn.refunds.filter((refund) => refund.payment_intent === session.payment_intent)).toHaveLength(1);
    expect((await post(refundUrl, doula.cookie)).statusCode).toBe(409);
    expect(standIn.refunds.filter((refund) => refund.payment_intent === session.payment_intent)).toHaveLength(1);
    const studioSide = (await get(`/reactapi/studio/care/clients/${added.id}`, doula.cookie)).json();
    expect(studioSide.payments[0]).toMatchObject({ paid: true, refunded: true, paid_online: true });
    expect((await get(`/reactapi/care/${added.id}`, cookie)).json().payments[0]).toMatchObject({ refunded: true });
    const byHand = studioSide.payments[1];
    await post(`/reactapi/studio/care/clients/${added.id}/payments/${byHand.id}/paid`, doula.cookie, { note: "Cash" });
    const notStripes = await post(`/reactapi/studio/care/clients/${added.id}/payments/${byHand.id}/refund`, doula.cookie);
    expect(notStripes.statusCode).toBe(409);
    expect(notStripes.json().error).toMatch(/Only a payment made through Stripe/);
  });

  it("keeps every paid Checkout: a second tab expires the first, one paid for a settled payment waits to be refunded, a wrong amount settles nothing", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "doula-tabs");
    const pkg = (
      await post("/reactapi/studio/care/packages", doula.cookie, { name: "Birth support", fee: 120_000, deposit: 20_000, instalments: 2 })
    ).json();
    const email = uniqueEmail("client-tabs");
    const added = (await post("/reactapi/studio/care/clients", doula.cookie, { email, due_date: "2027-06-01", package_id: pkg.id })).json();
    const token = await careInvitationTo(context.database.db, email);
    expect((await register(context.app, { email, password: GOOD_PASSWORD, care_invitation: token })).statusCode).toBe(201);
    const cookie = sessionCookieOf(await login(context.app, email));
    expect((await post(`/reactapi/care/${added.id}/sign`, cookie, { full_name: "Lena Park", agree: true })).statusCode).toBe(200);
    const [deposit, first, second] = (await get(`/reactapi/care/${added.id}`, cookie)).json().payments as { id: number }[];
    const open = async (paymentId: number) => {
      const opened = await post(`/reactapi/care/${added.id}/payments/${paymentId}/checkout`, cookie);
      expect(opened.statusCode, opened.body).toBe(200);
      return standIn.sessions.get(new URL(opened.json().url).pathname.split("/").pop()!)!;
    };
    const deliver = async (event: ReturnType<typeof checkoutCompleted>) => {
      const { payload, headers } = signedDelivery(event);
      expect((await context.app.inject({ method: "POST", url: "/reactapi/stripe/webhook", headers, payload })).statusCode).toBe(200);
    };
    const studio = async () => (await get(`/reactapi/studio/care/clients/${added.id}`, doula.cookie)).json();

    // Two tabs: opening the second expires the first in Stripe, so only one can be paid.
    const firstTab = await open(deposit!.id);
    const secondTab = await open(deposit!.id);
    expect(firstTab.status).toBe("expired");
    expect(standIn.requests.some((request) => request.path === `/v1/checkout/sessions/${firstTab.id}/expire`)).toBe(true);
    await deliver(checkoutCompleted(secondTab));
    expect((await studio()).payments[0]).toMatchObject({ paid: true, paid_online: true });
    expect((await studio()).unapplied).toEqual([]);

    // Paid in Stripe while the doula marked the same instalment paid by hand: kept, not lost, and refunded from the studio once.
    const late = await open(first!.id);
    expect(
      (await post(`/reactapi/studio/care/clients/${added.id}/payments/${first!.id}/paid`, doula.cookie, { note: "Cash" })).statusCode,
    ).toBe(200);
    await deliver(checkoutCompleted(late));
    const kept = (await studio()).unapplied;
    expect(kept).toEqual([
      { id: expect.any(Number), payment_id: first!.id, amount: 50_000, currency: "USD", paid_at: expect.any(String), refunded: false },
    ]);
    const refundUrl = `/reactapi/studio/care/clients/${added.id}/unapplied/${kept[0].id}/refund`;
    expect((await post(refundUrl, cookie)).statusCode).toBe(403);
    const refunded = await post(refundUrl, doula.cookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await post(refundUrl, doula.cookie)).statusCode).toBe(409);
    expect(standIn.refunds.filter((refund) => refund.payment_intent === late.payment_intent)).toHaveLength(1);
    expect((await studio()).unapplied[0]).toMatchObject({ refunded: true });

    // A completion that charged another amount than the Checkout was opened for settles nothing.
    const odd = await open(second!.id);
    await deliver(checkoutCompleted(odd, { amount_total: 1 }));
    expect((await studio()).payments[2]).toMatchObject({ paid: false });
    await deliver(checkoutCompleted(odd, { currency: "eur" }));
    expect((await studio()).payments[2]).toMatchObject({ paid: false });
    await deliver(checkoutCompleted(odd));
    expect((await studio()).payments[2]).toMatchObject({ paid: true });
  });
});
