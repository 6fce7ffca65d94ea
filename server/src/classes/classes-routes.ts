import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import { sanitiseHtml } from "../lib/sanitise-html.ts";
import {
  cancelRegistration,
  type ClassMailContext,
  classesFor,
  confirmRegistration,
  createClass,
  register,
  registrationsOf,
  runClassWork,
  cancelClass,
  studioClasses,
} from "./classes-repository.ts";
import { csvFile } from "../http/csv-file.ts";
import type { MailSender } from "../mail/mail-sender.ts";

export type ClassesOptions = { db: Database; clock: Clock; mail: ClassMailContext };

/** Runs the classes' timed work every minute on this server (each server may: the work is claimed in the database). */
function startClassScheduler(app: FastifyInstance, { db, clock, mail }: ClassesOptions, sender: MailSender, everyMs = 60_000): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runClassWork(db, clock.now(), mail)
      .then(({ released, reminders }) => {
        if (released + reminders > 0) sender.wake();
      })
      .catch((error: unknown) => app.log.warn({ err: error }, "classes: due work failed; trying again in a minute"))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

const registered = {
  registered: "You have a place. The invitation is in your mail; the link to join shows here 15 minutes before the start.",
  awaiting_email: "Almost there: we mailed you a link. Open it within 30 minutes and the place is yours.",
  awaiting_payment: "Your place is held while you pay.",
  waiting_list: "The class is full, so you are on its waiting list. If a place opens, it is offered in order, and we will write to you.",
  cancelled: "This registration was cancelled.",
  expired: "This place was released.",
} as const;

/** Live classes for members and visitors: the list, registering, a visitor's confirmation, a member's cancellation. */
export async function classesRoutes(app: FastifyInstance, options: ClassesOptions & { sender: MailSender; runScheduler: boolean }) {
  const { db, clock, mail } = options;
  if (options.runScheduler) startClassScheduler(app, options, options.sender);
  route(app, "listClasses", async (_input, request) => classesFor(db, request.member, clock.now()));

  route(app, "registerForClass", async ({ params: { id }, body }, request) => {
    const row = await register(db, {
      classId: id,
      member: request.member,
      name: body.name,
      email: body.email,
      dueDate: body.due_date,
      now: clock.now(),
      mail,
    });
    return { id: row.id, state: row.state, message: registered[row.state] };
  });

  route(app, "confirmClassRegistration", async ({ body: { token } }) => {
    const row = await confirmRegistration(db, token, clock.now(), mail);
    return { id: row.id, state: row.state, message: registered[row.state] };
  });

  route(app, "cancelClassRegistration", async ({ params: { id } }, request) => ({
    message: await cancelRegistration(db, id, requireMember(request), clock.now(), mail),
  }));
}

/** Her classes in the studio (behind the studio's guard, features.ts). */
export async function classesStudioRoutes(app: FastifyInstance, { db, clock, mail }: ClassesOptions) {
  route(app, "studioClasses", async () => ({ classes: await studioClasses(db, clock.now()) }));

  route(app, "cancelClass", async ({ params: { id } }) => ({ message: await cancelClass(db, id, clock.now(), mail) }));

  route(app, "classRegistrationsCsv", async ({ params: { id } }, request, reply) => {
    const rows = await registrationsOf(db, id);
    const csv = csvFile(
      ["Name", "E-mail", "Due date", "State", "Registered (UTC)", "From the waiting list"],
      rows.map((row) => [
        row.name,
        row.email,
        row.dueDate ?? "",
        row.state,
        row.createdAt.toISOString().replace("T", " ").slice(0, 19),
        row.fromWaitingList ? "yes" : "no",
      ]),
      (error) => request.log.error({ err: error }, "class registrations export failed part way"),
    );
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="class-${id}-registrations.csv"`)
      .send(csv);
  });

  route(app, "createClass", async ({ body }) => {
    const startsAt = new Date(body.starts_at);
    const id = await createClass(db, {
      title: body.title,
      descriptionHtml: body.description_html.trim() ? sanitiseHtml(body.description_html) : "",
      startsAt,
      endsAt: new Date(startsAt.getTime() + body.duration_minutes * 60_000),
      places: body.places,
      priceMinor: body.price,
      currency: body.currency,
      who: body.who,
      joinUrl: body.join_url,
    });
    return { id, message: `Created “${body.title}”.` };
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
    })),
  }));
}
