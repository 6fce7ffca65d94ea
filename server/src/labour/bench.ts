import type { BenchPart } from "../../../bench/part.ts";

/** Its part of `npm run bench` (bench/part.ts): one alert from the member (docs/labour-line.md), for the studio's alert page. */
export default {
  after: ["care"],
  seed: async ({ call, values }) => {
    const alert = await call("member", `/reactapi/care/${values.careRecordId}/labour`, {
      kind: "call_me",
      note: "Can we talk about tonight?",
    });
    return { addresses: { "/studio/labour/:id": `/studio/labour/${alert.id}` } };
  },
} satisfies BenchPart;
