import { lazy, Suspense } from "react";
import type { HomeCardProps } from "../../lib/slots.tsx";

// The labour line on /home, from her care records (the care card's answer). The line itself (its
// buttons, its live status) is downloaded only near her due date; once here, it shows itself only
// while her line is open (36 weeks, or her on-call window).
const TellMyDoula = lazy(() => import("./tell-my-doula.tsx"));

export default function LabourCard({ answer }: HomeCardProps<"myCare">) {
  const fiveWeeksOn = Date.now() + 35 * 86_400_000;
  return [...answer.records, ...answer.partner_of].some((record) => Date.parse(record.due_date) < fiveWeeksOn) ? (
    <Suspense fallback={null}>
      <TellMyDoula />
    </Suspense>
  ) : null;
}
