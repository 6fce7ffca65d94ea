import FeedbackIcon from "@mui/icons-material/RateReviewOutlined";
import HomeIcon from "@mui/icons-material/HomeOutlined";
import LibraryIcon from "@mui/icons-material/LocalLibraryOutlined";
import PodcastIcon from "@mui/icons-material/PodcastsOutlined";
import SupportIcon from "@mui/icons-material/SupportAgentOutlined";
import BottomNavigation from "@mui/material/BottomNavigation";
import BottomNavigationAction from "@mui/material/BottomNavigationAction";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { Link, Outlet, useLocation } from "react-router";
import type { UnreadCount } from "../../../contract/studio.ts";
import { useAppSelector } from "../app/store.ts";
import { useApiAnswer } from "../lib/use-api-answer.ts";
import { RequireMember } from "../features/auth/require-member.tsx";
import { useLogout } from "../features/auth/use-logout.ts";
import { BrandBar, SkipLink } from "./brand-bar.tsx";
import { HeaderMenu, type MenuEntry } from "./header-menu.tsx";
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

function BottomBar() {
  const { pathname } = useLocation();
  const current = bottomBar.find((entry) => pathname.startsWith(entry.to))?.to ?? false;
  return (
    <Paper component="nav" aria-label="Member sections" elevation={3} sx={{ position: "fixed", bottom: 0, left: 0, right: 0, zIndex: 1100 }}>
      <BottomNavigation showLabels value={current}>
        {bottomBar.map((entry) => (
          <BottomNavigationAction
            key={entry.to}
            component={Link}
            to={entry.to}
            value={entry.to}
            label={entry.label}
            icon={entry.icon}
            aria-current={current === entry.to ? "page" : undefined}
            sx={{ minWidth: 0, px: 0.5, "& .MuiBottomNavigationAction-label": { fontSize: "0.7rem" } }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}

export default function MemberLayout() {
  return (
    <>
      <SkipLink />
      <BrandBar menu={<MemberMenu />} />
      <Box sx={{ pb: 10 }}>
        {/* At least a screen tall, so the footer starts out of sight and nothing visible jumps when a page's content arrives. */}
        <Box sx={{ minHeight: "100vh" }}>
          <RequireMember>
            <Outlet />
          </RequireMember>
        </Box>
        <Footer />
      </Box>
      <BottomBar />
    </>
  );
}
