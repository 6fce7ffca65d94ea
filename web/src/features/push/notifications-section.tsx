import { lazy, Suspense } from "react";
import type { Account } from "../../../../contract/my-account.ts";

// Her account page's section: its body (the browser's push subscription, the kinds) is downloaded
// when the section is shown, apart from the account page's other sections.
const NotificationsBody = lazy(() => import("./notifications-body.tsx"));

export default function NotificationsSection({ account }: { account: Account }) {
  return (
    <Suspense fallback={null}>
      <NotificationsBody account={account} />
    </Suspense>
  );
}
