import { Link } from "react-router";
import { type PersonAction, useStudioSlots } from "../../lib/studio-slots.tsx";
import { t } from "./messages.ts";

// Kept apart from studio-parts.tsx: only the screens that show a person carry it.
/** The person a studio screen shows, as the capabilities' person actions receive her. */
export type ShownPerson = {
  email: string;
  name?: string | null;
  dueDate?: string | null;
  /** Her account's id, where the screen knows she has one. */
  memberId?: number;
};

/**
 * The address of a person action: its page with her details in the query, before the page's
 * #fragment; one for her account (`ofMember`) is its page with her account's id, and nothing more.
 */
export function personActionAddress(action: PersonAction, person: ShownPerson): string {
  if (action.ofMember) return action.page.replace(/\/:id(?=\/|#|$)/, `/${person.memberId}`);
  const query = new URLSearchParams({ email: person.email });
  const [first, ...rest] = (person.name ?? "").trim().split(/\s+/);
  if (first) query.set("first_name", first);
  if (rest.length > 0) query.set("last_name", rest.join(" "));
  if (person.dueDate) query.set("due_date", person.dueDate);
  const [path, fragment] = action.page.split("#");
  return `${path}?${query.toString()}${fragment ? `#${fragment}` : ""}`;
}

/** The links capabilities add beside a person (web/src/app/studio-slots.ts), such as taking her on as a birth client. */
export function PersonActions({ person }: { person: ShownPerson }) {
  const { personActions } = useStudioSlots();
  return personActions
    .filter((action) => !action.ofMember || person.memberId !== undefined)
    .map((action) => (
      <Link key={action.page} to={personActionAddress(action, person)}>
        {t(action.label)}
      </Link>
    ));
}
