import type { FastifyInstance } from "fastify";
import type { TimerCurrent } from "../../../contract/timer.ts";
import { findUserById, type UserRow } from "../accounts/users-repository.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { liveStreams } from "../http/live-stream.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import { memberSharingWith } from "../partners/partners-repository.ts";
import { deleteSession, latestSession, syncSession, timerStream } from "./timer-repository.ts";

/** Whose timer the reader follows: her own, or on her partner's account hers while she shares it. */
async function timerOwner(db: Database, reader: UserRow): Promise<{ owner: UserRow; readOnly: boolean } | null> {
  if (reader.joinedAs !== "partner") return { owner: reader, readOnly: false };
  const memberId = await memberSharingWith(db, reader.id, "timer");
  const owner = memberId === undefined ? undefined : await findUserById(db, memberId);
  return owner ? { owner, readOnly: true } : null;
}

const notShared = () => new HttpError(403, "She is not sharing her contraction timer with you now. She can turn it on from her account.");

/** The contraction timer (docs/product.md, Contraction timer): her phone's sessions synced, and followed live by her partner. */
export async function timerRoutes(app: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  const openStream = liveStreams(app);

  const current = async (reader: UserRow): Promise<TimerCurrent> => {
    const whose = await timerOwner(db, reader);
    if (!whose) throw notShared();
    return { session: await latestSession(db, whose.owner.id), read_only: whose.readOnly, owner_first_name: whose.owner.firstName };
  };

  route(app, "timerCurrent", async (_input, request) => current(requireMember(request)));

  route(app, "syncTimerSession", async ({ params: { id }, body }, request) => {
    const member = requireMember(request);
    return syncSession(db, member.id, id, body, clock.now());
  });

  route(app, "deleteTimerSession", async ({ params: { id } }, request) => {
    if (!(await deleteSession(db, requireMember(request).id, id))) throw new HttpError(404, "There is no such session on your account.");
    return { message: "The session is deleted." };
  });

  route(app, "timerEvents", async (_input, request, reply) => {
    const reader = requireMember(request);
    const whose = await timerOwner(db, reader);
    if (!whose) throw notShared();
    const stream = timerStream(whose.owner.id);
    return openStream(request, reply, {
      hears: (changed) => changed === stream,
      // Read afresh each time: when she stops sharing (or the link ends) his stream says so and stops showing her timer.
      refresh: async (write) => {
        const fresh = await findUserById(db, reader.id);
        const answer = fresh ? await current(fresh).catch(() => null) : null;
        write(answer ? `event: session\ndata: ${JSON.stringify(answer)}\n\n` : "event: changed\ndata: {}\n\n");
      },
    });
  });
}
