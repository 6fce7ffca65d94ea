import { translatorFor } from "../language/catalogues.ts";
import { answerWith, sentence } from "../../../contract/languages.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import type { FastifyInstance } from "fastify";
import { acceptAnyBody } from "../http/any-body.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { csvFile } from "../http/csv-file.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import { VisitorLimit } from "../rate-limits/visitor-limit.ts";
import { sanitiseHtml } from "../lib/sanitise-html.ts";
import { isTimeZone } from "../lib/time-zones.ts";
import {
  cancelByToken,
  cancelClass,
  cancelMemberRegistration,
  cancelRegistrationInStudio,
  confirmRegistration,
  markAttendance,
  payForOfferedPlace,
  type Registered,
  register,
  runClassWork,
  sendReplay,
} from "./class-actions.ts";
import {
  type ClassDeps,
  classesFor,
  createClass,
  registrationByToken,
  registrationsOf,
  studioClasses,
  unsubscribeFromClassMails,
} from "./classes-repository.ts";

export type ClassesOptions = ClassDeps & { sender: MailSender };

/** The classes' timed work: lapsed holds released and reminders sent, every minute on every server (each is claimed in the database). */
export const classWork = ({ db, clock, mail, sender }: ClassesOptions): TimedWork => ({
  name: "classes: due work",
  everyMs: 60_000,
  run: async () => {
    const { released, reminders } = await runClassWork(db, clock.now(), mail);
    if (released + reminders > 0) sender.wake();
  },
});

// Each said in her language: the answer's message is translated as it leaves (server/src/language).
const told = {
  registered: sentence("You have a place. The invitation is in your mail; the link to join shows here 15 minutes before the start."),
  awaiting_email: sentence("Almost there: we mailed you a link. Open it within 30 minutes and the place is yours."),
  awaiting_payment: sentence("Your place is held for you while you pay."),
  waiting_list: sentence(
    "The class is full, so you are on its waiting list. If a place opens, it is offered in order, and we will write to you.",
  ),
  cancelled: sentence("This registration was cancelled."),
  expired: sentence("This place was released."),
} as const;

const answer = ({ registration, checkoutUrl }: Registered) => ({
  id: registration.id,
  class_id: registration.classId,
  state: registration.state,
  message: told[registration.state],
  ...(checkoutUrl ? { checkout_url: checkoutUrl } : {}),
});

/** Live classes for members and visitors: the list, registering, a visitor's links, a member's cancellation. */
export async function classesRoutes(app: FastifyInstance, options: ClassesOptions & { visitorHoldsPerHour: number }) {
  const deps: ClassDeps = options;
  const { db, clock, sender } = options;
  route(app, "listClasses", async (_input, request) => classesFor(db, options.catalogue, request.member, clock.now()));

  // A visitor's place (or waiting-list place) mails the address typed and may hold a place: a few an hour per client address.
  const visitorLimit = new VisitorLimit(
    db,
    "class-client",
    options.visitorHoldsPerHour,
    sentence("Several class registrations have been asked for from here in the last hour."),
    () => clock.now().getTime(),
  );
  route(app, "registerForClass", async ({ params: { id }, body }, request) => {
    const registered = await visitorLimit.around(request, () =>
      register(
        deps,
        {
          classId: id,
          member: request.member,
          name: body.name,
          email: body.email,
          dueDate: body.due_date,
          timeZone: body.time_zone && isTimeZone(body.time_zone) ? body.time_zone : null,
          language: request.language,
          code: body.code,
          tier: body.tier,
        },
        request.log,
      ),
    );
    sender.wake();
    return answer(registered);
  });

  route(app, "confirmClassRegistration", async ({ body: { token } }) => {
    const registration = await confirmRegistration(deps, token);
    sender.wake();
    return answer({ registration });
  });

  route(app, "cancelClassRegistration", async ({ params: { id } }, request) => {
    const message = await cancelMemberRegistration(deps, id, requireMember(request));
    sender.wake();
    return { message };
  });

  route(app, "classRegistrationByLink", async ({ params: { token } }) => registrationByToken(db, token));

  route(app, "cancelClassRegistrationByLink", async ({ body: { token } }) => {
    const message = await cancelByToken(deps, token);
    sender.wake();
    return { message };
  });

  route(app, "payForClassPlace", async ({ body }, request) => answer(await payForOfferedPlace(deps, body, request.log)));

  await app.register(oneClickUnsubscribe, { db });
}

/** The one-click unsubscribe (RFC 8058; http/any-body.ts): any body, no sign-in; the token in its address is the proof. */
async function oneClickUnsubscribe(app: FastifyInstance, { db }: Pick<ClassDeps, "db">) {
  acceptAnyBody(app);
  route(
    app,
    "unsubscribeClassMails",
    async ({ params: { token } }) => {
      const stopped = await unsubscribeFromClassMails(db, token);
      if (!stopped)
        throw new HttpError(404, "This unsubscribe link is not known here. The registration it belonged to may have been removed.");
      return {
        message: answerWith(
          "{email} will no longer receive class reminders or replays by e-mail. News about a place (a confirmation, a cancellation) still comes.",
          { email: stopped.email },
        ),
      };
    },
    { sameOriginExemption: "signed-by-caller" },
  );
}

/** Her classes in the studio (behind the studio's guard: its manifest's studio areas). */
export async function classesStudioRoutes(app: FastifyInstance, options: ClassesOptions) {
  const deps: ClassDeps = options;
  const { db, clock, sender } = options;
  route(app, "studioClasses", async () => ({ classes: await studioClasses(db, options.catalogue, clock.now()) }));

  route(app, "cancelClass", async ({ params: { id } }) => {
    const message = await cancelClass(deps, id);
    sender.wake();
    return { message };
  });

  route(app, "classRegistrationsCsv", async ({ params: { id } }, request, reply) => {
    const rows = await registrationsOf(db, id);
    // The headers and words of the file in the studio's language; names and addresses as given.
    const i18n = translatorFor(request.language);
    const yes = i18n._("yes");
    const no = i18n._("no");
    const csv = csvFile(
      [
        i18n._("Name"),
        i18n._("E-mail"),
        i18n._("Due date"),
        i18n._("State"),
        i18n._("Registered (UTC)"),
        i18n._("From the waiting list"),
        i18n._("Paid"),
        i18n._("Attended"),
      ],
      rows.map((row) => [
        row.name,
        row.email,
        row.dueDate ?? "",
        row.state,
        row.createdAt.toISOString().replace("T", " ").slice(0, 19),
        row.fromWaitingList ? yes : no,
        row.paymentIntentId ? (row.refundedAt ? i18n._("refunded") : yes) : no,
        row.attended ? yes : no,
      ]),
      (error) => request.log.error({ err: error }, "class registrations export failed part way"),
    );
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="class-${id}-registrations.csv"`)
      .send(csv);
  });

  route(app, "createClass", async ({ body }) => {
    if (body.price > 0 && !deps.payments) {
      throw new HttpError(409, "Online payment is not set up on this server, so a class can only be free (price 0) for now.");
    }
    if (body.course_id !== null && !(await options.catalogue.allCourses()).some((course) => course.id === body.course_id)) {
      throw new HttpError(400, "That course does not exist.", { course_id: "Choose one of your courses, or none." });
    }
    const tiers = body.tiers ?? [];
    if (tiers.length > 0 && body.price === 0) {
      throw new HttpError(400, "A free class has no prices to choose from: give it a price, or leave the tiers out.", {
        tiers: "Give the class a price, or leave the tiers out.",
      });
    }
    const startsAt = new Date(body.starts_at);
    const id = await createClass(db, {
      courseId: body.course_id,
      title: body.title,
      descriptionHtml: body.description_html.trim() ? sanitiseHtml(body.description_html) : "",
      startsAt,
      endsAt: new Date(startsAt.getTime() + body.duration_minutes * 60_000),
      places: body.places,
      priceMinor: body.price,
      tiers: [...tiers].sort((a, b) => a.price - b.price),
      currency: body.currency,
      who: body.who,
      joinUrl: body.join_url,
    });
    return { id, message: answerWith("Created “{title}”.", { title: body.title }) };
  });

  route(app, "classRegistrations", async ({ params: { id } }) => ({
    registrations: (await registrationsOf(db, id)).map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      due_date: row.dueDate,
      state: row.state,
      registered_at: row.createdAt.toISOString(),
      from_waiting_list: row.fromWaitingList,
      attended: row.attended,
      paid: row.paymentIntentId !== null,
      refunded: row.refundedAt !== null,
    })),
  }));

  route(app, "cancelClassRegistrationInStudio", async ({ params: { id, registration } }) => {
    const message = await cancelRegistrationInStudio(deps, id, registration);
    sender.wake();
    return { message };
  });

  route(app, "markClassAttendance", async ({ params: { id, registration }, body: { attended } }) => ({
    message: await markAttendance(deps, id, registration, attended),
  }));

  route(app, "sendClassReplay", async ({ params: { id }, body: { replay_url } }) => {
    const message = await sendReplay(deps, id, replay_url);
    sender.wake();
    return { message };
  });
}
