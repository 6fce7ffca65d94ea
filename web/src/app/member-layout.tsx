import { Link, Outlet, useLocation } from "react-router";
import { BrandBar, SkipLink } from "../components/brand-bar.tsx";
import { HeaderMenu, type MenuEntry } from "../components/header-menu.tsx";
import { CommunityIcon, FeedbackIcon, HomeIcon, LibraryIcon, PodcastIcon, SupportIcon } from "../components/icons.tsx";
import { Footer } from "../components/page-column.tsx";
import { RequireMember } from "../components/require-member.tsx";
import { useAnswer } from "../lib/answers.ts";
import { type BottomBarIcon, routes } from "../lib/routes.ts";
import { useSession } from "../lib/session.ts";
import { useLogout } from "../lib/use-logout.ts";

const icons: Record<BottomBarIcon, () => React.JSX.Element> = {
  feedback: FeedbackIcon,
  library: LibraryIcon,
  home: HomeIcon,
  podcast: PodcastIcon,
  support: SupportIcon,
  community: CommunityIcon,
};

const bottomBar = routes
  .flatMap((route) => (route.bottomBar ? [{ ...route.bottomBar, to: route.path }] : []))
  .sort((first, second) => first.place - second.place)
  .map(({ label, icon, to }) => {
    const Icon = icons[icon];
    return { label, to, icon: <Icon /> };
  });

/** The product description's member header menu (Welcome, Home and Logout), with My account, and the studio for an instructor. */
function MemberMenu() {
  const logout = useLogout();
  const user = useSession().user;
  const instructor = user?.role === "admin";
  // A partner's account does not open the community (docs/product.md, Partner seat).
  const partner = user?.joined_as === "partner";
  const unread = useAnswer("studioUnread", undefined, { skip: !instructor }).answer?.unread ?? 0;
  const communityUnread = useAnswer("communityProfile").answer?.unread ?? 0;
  const entries: MenuEntry[] = [
    { label: "Welcome", to: "/" },
    { label: "Home", to: "/home" },
    { label: "My account", to: "/account" },
    { label: "Live classes", to: "/classes" },
    ...(partner ? [] : [{ label: communityUnread > 0 ? `Community (${communityUnread} new)` : "Community", to: "/community" }]),
    ...(instructor ? [{ label: unread > 0 ? `Studio (${unread} unread)` : "Studio", to: "/studio" }] : []),
    { label: "Logout", onSelect: () => void logout() },
  ];
  return <HeaderMenu id="member-menu" name="Member menu" entries={entries} />;
}

/** The bottom navigation of the member area, plain links styled in web/index.html. */
function BottomBar() {
  const { pathname } = useLocation();
  const partner = useSession().user?.joined_as === "partner";
  const entries = partner ? bottomBar.filter((entry) => entry.to !== "/community") : bottomBar;
  const current = entries.find((entry) => pathname.startsWith(entry.to))?.to;
  return (
    <nav aria-label="Member sections" className="bottom-bar">
      {entries.map((entry) => (
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
    </>
  );
}
