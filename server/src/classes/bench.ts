import type { BenchPart } from "../../../bench/part.ts";

/** Its part of `npm run bench` (bench/part.ts): a free webinar the member registered for, for /classes and /home's "Your next class". */
export default {
  seed: async ({ call, member }) => {
    const webinar = await call("instructor", "/reactapi/studio/classes", {
      title: "Free webinar: your first week at home",
      description_html: "<p>Feeding, sleep and rest in the first days, and the questions every new parent asks.</p>",
      starts_at: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
      duration_minutes: 60,
      places: 30,
      who: "anyone",
      join_url: "https://meet.example/first-week",
    });
    await call("member", `/reactapi/classes/${webinar.id}/registrations`, { name: "Bench member", email: member.email });
    return {};
  },
} satisfies BenchPart;
