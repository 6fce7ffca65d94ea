import { sentence } from "../../../contract/languages.ts";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../db/client.ts";
import { SlidingWindow, tooManyAttempts } from "./sliding-window.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * How many holds a visitor may ask for in an hour from one client address: a booking, a class
 * place, a waiting-list place. Each mails the address typed and may hold something for everyone
 * else, so a script with invented addresses would fill a calendar and mail strangers. A member
 * who has proven her address acts in her own name and is not limited; a member who has not is
 * limited as a visitor is. What was refused (the time was taken, the class is gone) gives its
 * hit back, so only holds and mails count.
 */
export class VisitorLimit {
  private readonly window: SlidingWindow;

  constructor(
    db: Queryable,
    private readonly kind: string,
    private readonly perHour: number,
    /** The 429's first sentence, saying what was refused: `sentence("Several bookings have been asked for from here in the last hour.")`. */
    private readonly refused: string,
    now: () => number = Date.now,
  ) {
    this.window = new SlidingWindow(db, HOUR_MS, now);
  }

  /** Runs `act` within the limit; a 429 with Retry-After and a sentence once the hour's asks are used up. */
  async around<T>(request: FastifyRequest, act: () => Promise<T>, counts: (outcome: T) => boolean = () => true): Promise<T> {
    if (request.member?.emailProvenAt) return act();
    const admission = await this.window.admit([{ key: `${this.kind}:${request.ip}`, limit: this.perHour }]);
    if (!admission.admitted) {
      throw tooManyAttempts(
        this.refused,
        admission.retryAfterSeconds,
        sentence("Please write to us from the Support page if you need more."),
      );
    }
    let outcome: T;
    try {
      outcome = await act();
    } catch (error) {
      await this.window.takeBack(admission.hitIds);
      throw error;
    }
    if (!counts(outcome)) await this.window.takeBack(admission.hitIds);
    return outcome;
  }
}
