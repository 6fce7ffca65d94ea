import "./unsubscribe-endpoints.ts";
import { Suspense } from "react";
import { useSearchParams } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { useSlots } from "../../lib/slots.tsx";

/**
 * The link at the foot of a mail that can be stopped: ?list= names the list (an announcement's
 * link names none), and the capability that sends the list draws the page (its unsubscribeLists
 * entry, web/src/feature-slots.ts).
 */
export default function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const named = searchParams.get("list");
  const { unsubscribeLists } = useSlots();
  const list =
    unsubscribeLists.find((candidate) => candidate.list === named) ?? unsubscribeLists.find((candidate) => candidate.list === null);
  if (!list) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <list.Part token={token} />
    </Suspense>
  );
}
