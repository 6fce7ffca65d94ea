import type { MediaStorage } from "../storage/storage.ts";
import type { FastifyInstance } from "fastify";
import { answerWith, type Language, sentence } from "../../../contract/languages.ts";
import { findUserByEmail, type UserRow } from "../accounts/users-repository.ts";
import { provenAddress } from "../db/personal-data.ts";
import type { Database, Queryable } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { type MailContext, recipientLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { drawnSignatureOf, reencodedDrawing } from "./drawn-signature.ts";
import type { renderAgreement } from "./agreement-pdf.ts";
import { renderDocument } from "../documents/render-document.ts";
import { startPaymentCheckout } from "./care-checkouts.ts";
import type { CheckoutPricing } from "../lib/checkout-pricing.ts";
import type { OneOffPayments } from "../lib/one-off-payments.ts";
import { careInvitationMail } from "./care-mails.ts";
import { careFileRoute, careFileStudioRoutes } from "./care-files.ts";
import { aboutPhoto } from "../site-pages/site-pages-repository.ts";
import { practiceDay, practiceNow, practiceZone } from "./practice-day.ts";
import { nameWithTitle, type PracticeNames } from "../lib/practice-names.ts";
import {
  addClient,
  chooseTier,
  addMessage,
  setBackup,
  addNote,
  claimRecordsByAddress,
  agreementOfMember,
  clientDetails,
  createPackage,
  listClients,
  listPackages,
  changePayments,
  markPaid,
  recordOfMember,
  recordsForPartner,
  recordsOfMember,
  refundPayment,
  refundUnapplied,
  saveDates,
  savePackage,
  setStage,
  signAgreement,
  renewCareInvitation,
  schedulePreview,
  checkSpread,
  takingsOfMonth,
} from "./care-repository.ts";
import {
  createQuestionnaire,
  listQuestionnaires,
  questionnaireOfMember,
  saveAnswers,
  sendQuestionnaire,
  toQuestionnaire,
} from "./questionnaires-repository.ts";

// Her birth clients (docs/care.md): the studio's side under /reactapi/studio/care (behind the
// studio's guard, its manifest), the mother's under /reactapi/care.

export type CareOptions = {
  db: Database;
  clock: Clock;
  mail: MailContext;
  sender: MailSender;
  /** Stripe's one-off Checkout (Payments' keys); without them she pays as agreed with her doula. */
  payments: OneOffPayments | null;
  /** Who the doula is, as her clients read it (the agreement's {{doula_name}}, her space), as she set it in Studio → Site. */
  practice: PracticeNames;
  /** Where the doula reads her mail: her clients' messages are told to it. */
  contactEmail: string;
  /** A package's payment with a code: payments' pricing pipeline (docs/gifts.md). */
  pricing?: CheckoutPricing;
  /** Where the files she shares with a client are kept (docs/storage.md). */
  storage: MediaStorage;
};

/** Her names as her agreements print them, in the agreement's language: hers with her title, and her practice's. */
const agreementNames = (practice: PracticeNames, language: Language) => {
  const names = practice.now(language);
  return { doulaName: nameWithTitle(names), businessName: names.businessName };
};

/** Her practice's calendar day now (practice-day.ts), as the dates of her records are written. */
const today = async (db: Queryable, clock: Clock) => (await practiceDay(db, clock.now())).toString();

/** The doula's side: her packages and her clients. */
export async function careStudioRoutes(app: FastifyInstance, { db, clock, mail, sender, practice, payments, storage }: CareOptions) {
  await app.register(careFileStudioRoutes, { db, clock, storage });

  route(app, "carePackages", async () => ({ packages: await listPackages(db) }));

  // A package she leaves without an agreement starts from the default one, in the language she reads the studio in.
  route(app, "createCarePackage", async ({ body }, request, reply) => {
    const id = await createPackage(db, body, clock.now(), request.language);
    return reply.code(201).send({ id, message: answerWith('Created the package "{name}".', { name: body.name }) });
  });

  route(app, "saveCarePackage", async ({ params: { id }, body }, request) => {
    await savePackage(db, id, body, clock.now(), request.language);
    return {
      message: body.retired
        ? answerWith('Saved "{name}", retired: her clients keep it, new clients cannot have it.', { name: body.name })
        : answerWith('Saved "{name}". Agreements made from now on follow it; those made already do not change.', { name: body.name }),
    };
  });

  route(app, "careClients", async () => {
    const { day, month } = await practiceNow(db, clock.now());
    const [clients, takings] = await Promise.all([listClients(db, day.toString()), takingsOfMonth(db, month)]);
    return { clients, takings_this_month: takings };
  });

  // Her link to her space, in her account's language else the studio's, saying whether an account
  // has her address and has shown it hers (an unproven one is told how to): as she is added, and sent again.
  const mailInvitation = (
    tx: Queryable,
    account: UserRow | undefined,
    invitation: { email: string; firstName: string | null; packageName: string; token: string },
    studioLanguage: Language,
  ) =>
    queueMail(
      tx,
      careInvitationMail(
        invitation.email,
        invitation.firstName,
        {
          packageName: invitation.packageName,
          token: invitation.token,
          account: account ? (provenAddress(account) ? "proven" : "unproven") : "none",
        },
        { ...mail, language: recipientLanguage(account?.language, { ...mail, language: studioLanguage }) },
      ),
    );

  route(app, "careSchedulePreview", async ({ body }) =>
    schedulePreview(db, { packageId: body.package_id, dueDate: body.due_date, spreadUntil: body.spread_until }, await today(db, clock)),
  );

  route(app, "addCareClient", async ({ body }, request, reply) => {
    const account = await findUserByEmail(db, body.email);
    // Her record is linked at once only to an account that has proven the address hers: anyone can
    // register with anyone's address. Otherwise it waits for that proof (carePersonalData's `proven`).
    const member = account && provenAddress(account) ? account : undefined;
    const day = await today(db, clock);
    checkSpread(body.spread_until, day);
    const added = await db.transaction(async (tx) => {
      const record = await addClient(
        tx,
        {
          email: body.email,
          firstName: body.first_name ?? member?.firstName ?? null,
          lastName: body.last_name ?? member?.lastName ?? null,
          dueDate: body.due_date,
          spreadUntil: body.spread_until ?? null,
          packageId: body.package_id,
          memberId: member?.id ?? null,
        },
        { now: clock.now(), today: day, ...agreementNames(practice, request.language), language: request.language },
      );
      await mailInvitation(
        tx,
        account,
        {
          email: body.email,
          firstName: body.first_name ?? member?.firstName ?? null,
          packageName: record.packageName,
          token: record.token,
        },
        request.language,
      );
      return record;
    });
    sender.wake();
    request.log.info({ careRecord: added.id }, "care client added");
    return reply
      .code(201)
      .send({ id: added.id, message: answerWith("Added {email}, and mailed her the link to her client space.", { email: body.email }) });
  });

  route(app, "careClient", async ({ params: { id } }) => clientDetails(db, id, await today(db, clock), clock.now()));

  route(app, "resendCareInvitation", async ({ params: { id } }, request) => {
    const sent = await db.transaction(async (tx) => {
      const renewed = await renewCareInvitation(tx, id, clock.now());
      await mailInvitation(tx, await findUserByEmail(tx, renewed.email), renewed, request.language);
      return renewed;
    });
    sender.wake();
    return { message: answerWith("Sent her invitation to {email} again, with a new link.", { email: sent.email }) };
  });

  route(app, "addCareNote", async ({ params: { id }, body }, _request, reply) => {
    const noteId = await addNote(db, id, { text: body.text, shared: body.shared, forTeam: body.for_team }, clock.now());
    if (body.shared) return reply.code(201).send({ id: noteId, message: "Saved the note. She sees it in her client space." });
    if (body.for_team) return reply.code(201).send({ id: noteId, message: "Saved the note, for you and her backup doula." });
    return reply.code(201).send({ id: noteId, message: "Saved the note, for you alone." });
  });

  route(app, "saveCareDates", async ({ params: { id }, body }) => {
    await saveDates(db, id, { dueDate: body.due_date, onCallFrom: body.on_call_from, onCallUntil: body.on_call_until });
    return { message: "Saved her dates. Her signed agreement and her payment dates stay as they were." };
  });

  route(app, "setCareStage", async ({ params: { id }, body }) => {
    await setStage(db, id, body.stage);
    return { message: "Saved where she is." };
  });

  route(app, "writeToCareClient", async ({ params: { id }, body }, _request, reply) => {
    const messageId = await db.transaction((tx) => addMessage(tx, id, { doula: true }, body.text, clock.now(), practice.now().doulaName));
    return reply.code(201).send({ id: messageId, message: "Sent. She is mailed that you wrote, at most once an hour." });
  });

  route(app, "setCareBackup", async ({ params: { id }, body }) => {
    const name = await setBackup(db, id, body.user_id);
    return {
      message: name
        ? answerWith("{name} is her backup doula now: told of her labour when you are off call or do not answer.", { name })
        : sentence("She has no backup doula now: her labour alerts come only to you."),
    };
  });

  route(app, "careQuestionnaires", async () => ({ questionnaires: await listQuestionnaires(db) }));

  route(app, "createCareQuestionnaire", async ({ body }, _request, reply) => {
    const id = await createQuestionnaire(db, body);
    return reply.code(201).send({ id, message: answerWith('Created the questionnaire "{title}".', { title: body.title }) });
  });

  route(app, "sendCareQuestionnaire", async ({ params: { id }, body }, _request, reply) => {
    const sentId = await sendQuestionnaire(db, id, body.questionnaire_id, clock.now());
    return reply.code(201).send({ id: sentId, message: "Sent. She finds it in her client space." });
  });

  route(app, "refundCarePayment", async ({ params: { id, paymentId } }, request) => {
    const refunded = await refundPayment(db, id, paymentId, payments ? payments.refund : null, clock.now(), request.language);
    request.log.info({ careRecord: id, carePayment: paymentId }, "care payment refunded");
    return refunded;
  });

  route(app, "refundUnappliedCarePayment", async ({ params: { id, checkoutId } }, request) => {
    const refunded = await refundUnapplied(db, id, checkoutId, payments ? payments.refund : null, clock.now());
    request.log.info({ careRecord: id, careCheckout: checkoutId }, "care: an unapplied payment refunded");
    return refunded;
  });

  route(app, "changeCarePayments", async ({ params: { id }, body }, request) =>
    changePayments(db, id, body.payments, {
      now: clock.now(),
      today: await today(db, clock),
      ...agreementNames(practice, request.language),
      language: request.language,
    }),
  );

  route(app, "markCarePaymentPaid", async ({ params: { id, paymentId }, body }, request) =>
    markPaid(db, id, paymentId, body, clock.now(), request.language),
  );
}

/** The mother's side: her records, her signature, her PDF. */
export async function careRoutes(
  app: FastifyInstance,
  { db, clock, mail, practice, payments, contactEmail, pricing, storage }: CareOptions,
) {
  route(app, "myCare", async (_input, request) => {
    const member = requireMember(request);
    const names = practice.now(request.language);
    await claimRecordsByAddress(db, member);
    const [records, partnerOf, photo] = await Promise.all([
      recordsOfMember(db, member, await today(db, clock), names.doulaName),
      recordsForPartner(db, member.id, names.doulaName),
      aboutPhoto(db),
    ]);
    return {
      records,
      // Her photo is the one About shows (Studio → Site); the address is the one her mail comes from.
      doula: { name: nameWithTitle(names), photo, email: contactEmail },
      pay_online: payments !== null,
      partner_of: partnerOf,
    };
  });

  careFileRoute(app, db, storage);

  route(app, "partnerCare", async (_input, request) => ({
    records: await recordsForPartner(db, requireMember(request).id, practice.now(request.language).doulaName),
  }));

  route(app, "payCarePayment", async ({ params: { id, paymentId }, body }, request) =>
    startPaymentCheckout(
      { db, clock, payments, publicUrl: mail.publicUrl, pricing },
      requireMember(request),
      id,
      paymentId,
      request.log,
      body ?? {},
    ),
  );

  route(app, "myCareRecord", async ({ params: { id } }, request) =>
    recordOfMember(db, requireMember(request), id, await today(db, clock), practice.now(request.language).doulaName),
  );

  route(app, "myCareQuestionnaire", async ({ params: { id, questionnaireId } }, request) =>
    toQuestionnaire(await questionnaireOfMember(db, requireMember(request).id, id, questionnaireId)),
  );

  route(app, "saveCareAnswers", async ({ params: { id, questionnaireId }, body }, request) => {
    const send = await questionnaireOfMember(db, requireMember(request).id, id, questionnaireId);
    return saveAnswers(db, send, body, clock.now());
  });

  route(app, "chooseCareTier", async ({ params: { id }, body }, request) => {
    const member = requireMember(request);
    const now = clock.now();
    // The agreement is in the words of the practice, as when the doula made it.
    const language = mail.language ?? request.language;
    await chooseTier(db, member.id, id, body.tier, { now, today: await today(db, clock), ...agreementNames(practice, language), language });
    return { message: "Thank you. Your agreement and payments below are made with the fee you chose." };
  });

  route(app, "signCareAgreement", async ({ params: { id }, body }, request) => {
    const member = requireMember(request);
    await signAgreement(
      db,
      {
        memberId: member.id,
        recordId: id,
        fullName: body.full_name,
        address: request.ip,
        browser: String(request.headers["user-agent"] ?? "").slice(0, 500),
        drawnSignature: body.drawn_signature ? await drawnSignatureOf(body.drawn_signature) : null,
      },
      clock.now(),
    );
    request.log.info({ careRecord: id }, "care agreement signed");
    return { message: "Signed. Your signed agreement is in your client space, as a PDF for you to keep." };
  });

  route(app, "writeToDoula", async ({ params: { id }, body }, request, reply) => {
    const member = requireMember(request);
    const messageId = await db.transaction((tx) =>
      addMessage(tx, id, { memberId: member.id }, body.text, clock.now(), practice.now().doulaName),
    );
    return reply.code(201).send({ id: messageId, message: "Sent to your doula." });
  });

  route(app, "careAgreementPdf", async ({ params: { id } }, request, reply) => {
    const member = requireMember(request);
    const { agreement, packageName } = await agreementOfMember(db, member.id, id);
    // A drawing kept before drawings were written again on the server is checked as a new one would
    // be; one that is not a picture we can keep is left out rather than handed to the printer.
    const drawnSignature = agreement.drawnSignature ? await reencodedDrawing(agreement.drawnSignature) : null;
    if (agreement.drawnSignature && !drawnSignature)
      request.log.warn({ careRecord: id }, "a stored drawn signature is not a picture we can print: the agreement is printed without it");
    const pdf = await renderDocument<typeof renderAgreement>(
      "agreement",
      [
        {
          packageName,
          businessName: practice.now(request.language).businessName,
          text: agreement.text,
          sha256: agreement.sha256,
          signedAt: agreement.signedAt,
          signedName: agreement.signedName,
          drawnSignature,
        },
        request.language,
        // The moment she signed, in the zone the doula keeps her hours in (Studio → Calendar), as her visits read.
        await practiceZone(db),
      ],
      request.log,
    );
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="agreement-${id}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(pdf);
  });
}
