import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { buildApp } from "../app.ts";
import { freeTimesOf } from "./booking-actions.ts";
import { insertBooking, insertService, saveHours } from "./bookings-repository.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import type { BenchPart } from "../../../bench/part.ts";
import { median } from "../../../bench/scale.ts";
import { atMost } from "../../../bench/targets.ts";

// 1:1 bookings at the size of a busy practice: a service with 90 days of hours (08:00-20:00 every
// day in London) and 2,000 bookings already made, then many people pressing the same few times.

const DAY = 24 * 3600_000;
const HOURS = {
  timeZone: "Europe/London",
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "08:00", end: "20:00" })),
  exceptions: [],
};

/** Live bookings whose blocked times overlap: the figure that must stay 0 whatever the load. */
const DOUBLE_BOOKINGS = sql`select count(*)::int as count from bookings a join bookings b on a.id < b.id
  and tstzrange(a.blocked_from, a.blocked_until) && tstzrange(b.blocked_from, b.blocked_until)
  where a.state in ('awaiting_email', 'awaiting_payment', 'confirmed') and b.state in ('awaiting_email', 'awaiting_payment', 'confirmed')`;

/**
 * The free times of 90 days with 2,000 bookings (median of 20 asks over HTTP, in process), and
 * bookings per second while 50 connections press 10 times at once, spread over `servers` app
 * servers sharing the database (2 on PostgreSQL); then the double bookings counted.
 */
export async function measureBookings(databaseUrl?: string, seconds = 5) {
  const servers = databaseUrl ? 2 : 1;
  const handles = await Promise.all(Array.from({ length: servers }, () => openDatabase({ databaseUrl, dataDir: "memory" })));
  const db = handles[0]!.db;
  // The hourly limit on a visitor's bookings would refuse the load itself: it is measured, not limited, here.
  const config = loadConfig({ NODE_ENV: "test", BOOKINGS_PER_HOUR: "100000000" });
  const apps = await Promise.all(handles.map((handle) => buildApp({ db: handle.db, config, startMailSender: false })));
  try {
    await saveHours(db, HOURS);
    const service = await insertService(db, {
      name: "Consultation",
      durationMinutes: 30,
      minNoticeHours: 0,
      maxDaysAhead: 120,
      bufferAfterMinutes: 0,
    });
    const now = new Date();
    const until = new Date(now.getTime() + 90 * DAY);
    // 2,000 of the 90 days' 2,160 half hours are taken: what is left is scattered, as in a full practice.
    const { times } = await freeTimesOf(db, service, { from: now, to: until, now });
    const taken = times.filter((_, index) => index % 13 !== 0).slice(0, 2000);
    for (const [index, time] of taken.entries()) {
      await insertBooking(db, {
        serviceId: service.id,
        name: `Booked ${index}`,
        email: `booked.${index}@example.com`,
        state: "confirmed",
        startsAt: new Date(time.start),
        endsAt: new Date(time.start + 30 * 60_000),
        blockedFrom: new Date(time.start),
        blockedUntil: new Date(time.start + 30 * 60_000),
        readerTimeZone: HOURS.timeZone,
        manageToken: `bench-manage-${index}`,
        uid: `bench-${index}@bookings`,
      });
    }
    const slotsUrl = `/reactapi/bookings/services/${service.id}/slots?from=${encodeURIComponent(now.toISOString())}&to=${encodeURIComponent(until.toISOString())}`;
    const ask = async () => {
      const response = await apps[0]!.inject({ method: "GET", url: slotsUrl });
      if (response.statusCode !== 200) throw new Error(`slots answered ${response.statusCode}`);
      return response.json<{ slots: string[] }>().slots.length;
    };
    for (let warmUp = 0; warmUp < 3; warmUp++) await ask();
    const slotTimes: number[] = [];
    let freeCount = 0;
    for (let round = 0; round < 20; round++) {
      const started = performance.now();
      freeCount = await ask();
      slotTimes.push(performance.now() - started);
    }

    // Contention: ten of the free times, pressed by everyone at once, from every server.
    const wanted = (await freeTimesOf(db, service, { from: now, to: until, now })).times.slice(0, 10).map((time) => time.iso);
    const addresses = await Promise.all(apps.map((app) => app.listen({ port: 0, host: "127.0.0.1" })));
    let counter = 0;
    const statuses = { booked: 0, refused: 0, other: 0 };
    const results = await Promise.all(
      addresses.map((url) =>
        autocannon({
          url,
          connections: 25,
          duration: seconds,
          requests: [
            {
              method: "POST",
              path: "/reactapi/bookings",
              setupRequest: (request) => {
                counter += 1;
                return {
                  ...request,
                  headers: { "content-type": "application/json" },
                  body: JSON.stringify({
                    service_id: service.id,
                    start: wanted[counter % wanted.length],
                    name: "Maya",
                    email: `race.${counter}@example.com`,
                  }),
                };
              },
              onResponse: (status) => {
                if (status === 201) statuses.booked += 1;
                else if (status === 409) statuses.refused += 1;
                else statuses.other += 1;
              },
            },
          ],
        }),
      ),
    );
    const counted = (await db.execute(DOUBLE_BOOKINGS)) as unknown as { rows: { count: number }[] };
    const doubles = counted.rows[0]!.count;
    return {
      slotsP50Ms: median(slotTimes),
      freeTimes: freeCount,
      bookRps: results.reduce((sum, result) => sum + result.requests.average, 0),
      booked: statuses.booked,
      unexpected: statuses.other + results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      doubleBookings: doubles,
    };
  } finally {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
  }
}

/** Its part of `npm run bench` (bench/part.ts): her hours, a free consultation and the member's booking of it; the figures above. */
export default {
  seed: async ({ call, member }) => {
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "08:00", end: "20:00" }));
    await call("instructor", "/reactapi/studio/calendar/hours", { time_zone: "Europe/London", weekly, exceptions: [] });
    const service = await call("instructor", "/reactapi/studio/calendar/services", {
      name: "Free consultation",
      description: "Twenty minutes to meet, ask anything, and see whether we are a good fit.",
      duration_minutes: 20,
      min_notice_hours: 1,
    });
    const from = new Date();
    const to = new Date(from.getTime() + 14 * DAY);
    const { slots } = (await call(
      "member",
      `/reactapi/bookings/services/${service.id}/slots?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
    )) as { slots: string[] };
    await call("member", "/reactapi/bookings", { service_id: service.id, start: slots[0], name: "Bench member", email: member.email });
    const { bookings } = (await call("member", "/reactapi/bookings/mine")) as { bookings: { token: string }[] };
    return { addresses: { "/booking/:id": `/booking/${bookings[0]!.token}` } };
  },
  measure: async (databaseUrl, seconds) => {
    const suffix = databaseUrl ? "_postgres" : "";
    // On PostgreSQL, two app servers sharing the database, both pressed at once.
    const measured = await measureBookings(databaseUrl, Math.min(seconds, 5));
    return {
      [`bookings.slots_p50_ms${suffix}`]: measured.slotsP50Ms,
      [`bookings.book_rps${suffix}`]: measured.bookRps,
      [`bookings.double_bookings${suffix}`]: measured.doubleBookings,
      [`bookings.unexpected_answers${suffix}`]: measured.unexpected,
    };
  },
  // 90 days of her hours with 2,000 bookings; ten times pressed by 50 connections at once.
  targets: {
    "bookings.slots_p50_ms": atMost(20),
    "bookings.slots_p50_ms_postgres": atMost(20),
    "bookings.double_bookings": atMost(0),
    "bookings.double_bookings_postgres": atMost(0),
    "bookings.unexpected_answers": atMost(0),
    "bookings.unexpected_answers_postgres": atMost(0),
  },
} satisfies BenchPart;
