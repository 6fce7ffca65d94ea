import type { ShownTo } from "./slots.tsx";

// Who a slot's part is shown to, named once for every feature's slots.ts.

/** A mother's account: a partner's opens no community and keeps no due date or birth tools of its own (docs/product.md, Partner seat). */
export const mothers: ShownTo = (profile) => profile.joined_as !== "partner";
/** The doula herself. */
export const doula: ShownTo = (profile) => profile.role === "admin";
/** A member (a mother or her partner), not the doula or her team. */
export const members: ShownTo = (profile) => profile.role === "member";
