import type { z } from "zod";
import type { Endpoint } from "./endpoint.ts";
import { invitedPersonEndpoint, registerEndpoint, signInEndpoints } from "./sign-in.ts";
import { myAccountEndpoints } from "./my-account.ts";
import { progressEndpoints } from "./progress.ts";
import { certificatesEndpoints } from "./certificates.ts";
import { catalogueEndpoints } from "./catalogue.ts";
import { picturesEndpoints } from "./pictures.ts";
import { formsEndpoints } from "./forms.ts";
import { siteEndpoints } from "./site.ts";
import { paymentsEndpoints } from "./payments.ts";
import { studioSetupEndpoints } from "./studio/setup.ts";
import { studioDashboardEndpoints } from "./studio/dashboard.ts";
import { studioAccessCodesEndpoints } from "./studio/access-codes.ts";
import { studioMembersEndpoints } from "./studio/members.ts";
import { studioPlansEndpoints } from "./studio/plans.ts";
import { studioCoursesEndpoints } from "./studio/courses.ts";
import { sitePagesEndpoints } from "./site-pages.ts";
import { studioTrashEndpoints } from "./studio/trash.ts";
import { studioInboxEndpoints } from "./studio/inbox.ts";
import { messagesEndpoints, messagesPushKinds } from "./messages.ts";
import { classesEndpoints, classesPushKinds } from "./classes.ts";
import { studioActivityEndpoints } from "./studio/activity.ts";
import { operationsEndpoints } from "./operations.ts";
import { bookingsEndpoints, bookingsPushKinds } from "./bookings.ts";
import { studioCalendarEndpoints } from "./studio/calendar.ts";
import { contentNotesEndpoints } from "./content-notes.ts";
import { partnersEndpoints, partnersRegistrationPass } from "./partners.ts";
import { careEndpoints, careRegistrationPass } from "./care.ts";
import { birthPlanEndpoints } from "./birth-plan.ts";
import { timerEndpoints, timerPushKinds } from "./timer.ts";
import { communityEndpoints } from "./community.ts";
import { pushEndpoints, pushOwnKinds } from "./push.ts";
import { teamEndpoints, teamRegistrationPass } from "./team.ts";
import { labourEndpoints, labourPushKinds } from "./labour.ts";
import { transcriptsEndpoints } from "./transcripts.ts";
import { videosEndpoints } from "./videos.ts";
import { journeysEndpoints, journeysPushKinds } from "./journeys.ts";
import { searchEndpoints } from "./search.ts";
import { checksEndpoints } from "./checks.ts";
import { giftsEndpoints, giftsRegistrationPass } from "./gifts.ts";
import { notificationsEndpoints, notificationsPushKinds } from "./notifications.ts";
import { capabilitiesEndpoints } from "./capabilities.ts";

export { type Access, type Endpoint, successStatus } from "./endpoint.ts";

// The links that stand for the access code when registering, one line per capability that mails
// one to someone who may have no account yet; the server's sign-in asks that capability's hook
// (server/src/features.ts, `invitations`) whether the link is good.
const registrationPasses = {
  ...partnersRegistrationPass,
  ...careRegistrationPass,
  ...teamRegistrationPass,
  ...giftsRegistrationPass,
};
/** A field of the registration that carries a capability's link in place of the access code. */
export type RegistrationPassField = keyof typeof registrationPasses;

// What a device may be told about (docs/push.md), one line per capability that sends pushes.
export const pushKinds = [
  ...pushOwnKinds,
  ...classesPushKinds,
  ...messagesPushKinds,
  ...bookingsPushKinds,
  ...timerPushKinds,
  ...labourPushKinds,
  ...journeysPushKinds,
  ...notificationsPushKinds,
] as const;
export type PushKind = (typeof pushKinds)[number];

// Every endpoint of the API in one table, by name: its method and path, its request and its
// answers, as the zod schemas the server parses with and the web app takes its types from. Each
// capability declares its own entries beside its schemas (contract/<capability>.ts); this file
// composes them, one line per capability. The server registers each route from its entry
// (server/src/http/endpoint-route.ts), the web app calls it by name (web/src/lib/api.ts), and
// /reactapi/openapi.json is generated from it.
export const endpoints = {
  ...registerEndpoint(registrationPasses),
  ...invitedPersonEndpoint(registrationPasses),
  ...signInEndpoints,
  ...myAccountEndpoints,
  ...progressEndpoints,
  ...certificatesEndpoints,
  ...catalogueEndpoints,
  ...picturesEndpoints,
  ...formsEndpoints,
  ...siteEndpoints,
  ...paymentsEndpoints,
  ...studioSetupEndpoints,
  ...studioDashboardEndpoints,
  ...studioAccessCodesEndpoints,
  ...studioMembersEndpoints,
  ...studioPlansEndpoints,
  ...studioCoursesEndpoints,
  ...sitePagesEndpoints,
  ...studioTrashEndpoints,
  ...studioInboxEndpoints,
  ...messagesEndpoints,
  ...classesEndpoints,
  ...studioActivityEndpoints,
  ...operationsEndpoints,
  ...bookingsEndpoints,
  ...studioCalendarEndpoints,
  ...contentNotesEndpoints,
  ...partnersEndpoints,
  ...careEndpoints,
  ...birthPlanEndpoints,
  ...timerEndpoints,
  ...communityEndpoints,
  ...pushEndpoints(pushKinds),
  ...teamEndpoints,
  ...labourEndpoints,
  ...transcriptsEndpoints,
  ...videosEndpoints,
  ...journeysEndpoints,
  ...searchEndpoints,
  ...checksEndpoints,
  ...giftsEndpoints,
  ...notificationsEndpoints,
  ...capabilitiesEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
type EntryOf<Name extends EndpointName> = (typeof endpoints)[Name];
type PartSchema<Entry, Part extends "params" | "query" | "body"> = Entry extends { [P in Part]: infer Schema extends z.ZodType }
  ? Schema
  : undefined;
type SuccessSchema<Entry> = Entry extends { answers: infer Answers }
  ? Answers extends { 200: { schema: infer Schema extends z.ZodType } }
    ? Schema
    : Answers extends { 201: { schema: infer Schema extends z.ZodType } }
      ? Schema
      : Answers extends { 202: { schema: infer Schema extends z.ZodType } }
        ? Schema
        : undefined
  : undefined;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a caller sends: the path's parameters, the query and the JSON body, as the schemas take them in. */
export type RequestOf<Name extends EndpointName> = {
  params: Input<PartSchema<EntryOf<Name>, "params">>;
  query: Input<PartSchema<EntryOf<Name>, "query">>;
  body: Input<PartSchema<EntryOf<Name>, "body">>;
};
/** The same request as the server has it once parsed (defaults filled in, text trimmed). */
export type ParsedRequestOf<Name extends EndpointName> = {
  params: Output<PartSchema<EntryOf<Name>, "params">>;
  query: Output<PartSchema<EntryOf<Name>, "query">>;
  body: Output<PartSchema<EntryOf<Name>, "body">>;
};
/** The success answer as the web app reads it (undefined for an answer that is a file). */
export type AnswerOf<Name extends EndpointName> = Output<SuccessSchema<EntryOf<Name>>>;
/** The success answer as a route may write it. */
export type AnswerSentBy<Name extends EndpointName> = Input<SuccessSchema<EntryOf<Name>>>;

/** What the registration takes: her details and a beta access code, or a capability's link in its place. */
export type RegisterRequest = RequestOf<"register">["body"];
