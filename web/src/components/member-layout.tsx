import { Link, Outlet, useLocation } from "react-router";
import type { UnreadCount } from "../../../contract/studio/inbox.ts";
import { useAppSelector } from "../app/store.ts";
import { useApiAnswer } from "../lib/use-api-answer.ts";
import { RequireMember } from "../features/auth/require-member.tsx";
import { useLogout } from "../features/auth/use-logout.ts";
import { BrandBar, SkipLink } from "./brand-bar.tsx";
import { HeaderMenu, type MenuEntry } from "./header-menu.tsx";
import { FeedbackIcon, HomeIcon, LibraryIcon, PodcastIcon, SupportIcon } from "./icons.tsx";
import { Footer } from "./page-column.tsx";

const bottomBar = [
  { label: "Help Us Improve", to: "/feedback", icon: <FeedbackIcon /> },
  { label: "Library", to: "/library", icon: <LibraryIcon /> },
  { label: "Home", to: "/home", icon: <HomeIcon /> },
  { label: "Podcast", to: "/podcast", icon: <PodcastIcon /> },
  { label: "Support", to: "/support", icon: <SupportIcon /> },
];

/** The member header menu of SPEC §2 (Welcome, Home and Logout), with My account. */
function MemberMenu() {
  const logout = useLogout();
  const instructor = useAppSelector((state) => state.session.user?.role === "admin");
  const unread = useApiAnswer<UnreadCount>(instructor ? "/reactapi/studio/inbox/unread" : null).answer?.unread ?? 0;
  const entries: MenuEntry[] = [
    { label: "Welcome", to: "/" },
    { label: "Home", to: "/home" },
    { label: "My account", to: "/account" },
    ...(instructor ? [{ label: unread > 0 ? `Studio (${unread} unread)` : "Studio", to: "/studio" }] : []),
    { label: "Logout", onSelect: () => void logout() },
  ];
  return <HeaderMenu id="member-menu" name="Member menu" entries={entries} />;
}

/** SPEC §2's bottom navigation, plain links styled in web/index.html (no ripple, no styled components). */
function BottomBar() {
  const { pathname } = useLocation();
  const current = bottomBar.find((entry) => pathname.startsWith(entry.to))?.to;
  return (
    <nav aria-label="Member sections" className="bottom-bar">
      {bottomBar.map((entry) => (
        <Link key={entry.to} to={entry.to} aria-current={current === entry.to ? "page" : undefined}>
          {entry.icon}
          {entry.label}
        </Link>
      ))}
    </nav>
  );
}

export default function MemberLayout() {
  return (
    <>
      <SkipLink />
      <BrandBar menu={<MemberMenu />} />
      <div style={{ paddingBottom: 80 }}>
        {/* At least a screen tall, so the footer starts out of sight and nothing visible jumps when a page's content arrives. */}
        <div style={{ minHeight: "100vh" }}>
          <RequireMember>
            <Outlet />
          </RequireMember>
        </div>
        <Footer />
      </div>
      <BottomBar />
    </>
  );
}
