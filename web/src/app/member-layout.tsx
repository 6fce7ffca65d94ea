import "./feature-styles.ts";
import { Link, Outlet, useLocation } from "react-router";
import { BrandBar, SkipLink } from "../components/brand-bar.tsx";
import { HeaderMenu, type MenuEntry } from "../components/header-menu.tsx";
import { ConversationIcon, FeedbackIcon, HomeIcon, LibraryIcon, PodcastIcon, SupportIcon } from "../components/icons.tsx";
import { Footer } from "../components/page-column.tsx";
import { RequireMember } from "../components/require-member.tsx";
import { type Asked, useAnswer, useAnswers } from "../lib/answers.ts";
import { type MenuSlotEntry, shownTo, SlotsContext, useSlots } from "../lib/slots.tsx";
import { slots } from "./slots.ts";
import { isOffModule, useCapabilitiesOff, useSlotsShown } from "../lib/capabilities-off.ts";
import { type BottomBarIcon, routes } from "../lib/routes.ts";
import { useSession } from "../lib/session.ts";
import { useLogout } from "../lib/use-logout.ts";
import { t } from "../lib/i18n.ts";

const icons: Record<BottomBarIcon, () => React.JSX.Element> = {
  feedback: FeedbackIcon,
  library: LibraryIcon,
  home: HomeIcon,
  podcast: PodcastIcon,
  support: SupportIcon,
  conversation: ConversationIcon,
};

const bottomBar = routes
  .flatMap((route) => (route.bottomBar ? [{ ...route.bottomBar, to: route.path, screen: route.screen }] : []))
  .sort((first, second) => first.place - second.place)
  .map(({ label, icon, to, screen }) => {
    const Icon = icons[icon];
    return { label, to, screen, icon: <Icon /> };
  });

/** The product description's member header menu (Welcome, Home and Logout), with My account, and the studio for an instructor. */
function MemberMenu() {
  const logout = useLogout();
  const user = useSession().user;
  const instructor = user?.role === "admin";
  const unread = useAnswer("studioUnread", undefined, { skip: !instructor }).answer?.unread ?? 0;
  const { memberMenu } = useSlots();
  const counted = memberMenu.flatMap((entry) => (entry.newCount ? [entry] : []));
  const counts = useAnswers(counted.map((entry) => entry.newCount!.needs));
  const newAt = new Map(counted.map((entry, index) => [entry, counts[index]!.answer]));
  const labelOf = (entry: MenuSlotEntry) => {
    const answer = newAt.get(entry);
    const count = answer === undefined ? 0 : entry.newCount!.count(answer);
    return count > 0 ? t("{label} ({count, plural, one {# new} other {# new}})", { label: t(entry.label), count }) : t(entry.label);
  };
  const entries: MenuEntry[] = [
    { label: t("Welcome"), to: "/" },
    { label: t("Home"), to: "/home" },
    { label: t("My account"), to: "/account" },
    ...shownTo(memberMenu, user).map((entry) => ({ label: labelOf(entry), to: entry.to })),
    ...(instructor ? [{ label: unread > 0 ? t("Studio ({unread} unread)", { unread }) : t("Studio"), to: "/studio" }] : []),
    { label: t("Logout"), onSelect: () => void logout() },
  ];
  return <HeaderMenu id="member-menu" name={t("Member menu")} entries={entries} />;
}

/** The bottom navigation of the member area, plain links styled in web/index.html. */
function BottomBar() {
  const { pathname } = useLocation();
  const user = useSession().user;
  // What the member menu leaves out for her account (a partner's has no community), the bar leaves out too.
  // Until she is known every entry stands, as before the slots: the bar does not shift when she is.
  const { memberMenu } = useSlots();
  const hidden = user ? memberMenu.filter((entry) => entry.shownTo && !entry.shownTo(user)).map((entry) => entry.to) : [];
  const off = useCapabilitiesOff();
  const entries = bottomBar.filter((entry) => !hidden.includes(entry.to) && !isOffModule(off, entry.screen));
  const current = entries.find((entry) => pathname.startsWith(entry.to))?.to;
  return (
    <nav aria-label={t("Member sections")} className="bottom-bar">
      {entries.map((entry) => (
        <Link key={entry.to} to={entry.to} aria-current={current === entry.to ? "page" : undefined}>
          {entry.icon}
          {t(entry.label)}
        </Link>
      ))}
    </nav>
  );
}

// The router asks for the first answers of a page's slots once this frame is here (router.tsx).
export { slots };

/** What the frame reads on every member page (what is off, the counts beside its menu's entries), asked with the page's own first answers (router.tsx). */
export const frameAsks: readonly Asked[] = [
  // Which capabilities are off: the menus, the cards and the page itself leave theirs out.
  { name: "capabilitiesOff" },
  ...slots.memberMenu.flatMap((entry) => (entry.newCount ? [{ name: entry.newCount.needs }] : [])),
];

export default function MemberLayout() {
  const shownSlots = useSlotsShown(slots);
  return (
    <SlotsContext.Provider value={shownSlots}>
      <SkipLink />
      <BrandBar menu={<MemberMenu />} />
      <div className="member-frame">
        {/* At least a screen tall, so the footer starts out of sight and nothing visible jumps when a page's content arrives. */}
        <div style={{ minHeight: "100vh" }}>
          <RequireMember>
            <Outlet />
          </RequireMember>
        </div>
        <Footer />
      </div>
      <BottomBar />
    </SlotsContext.Provider>
  );
}
