import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { LinkTile } from "../../components/link-tile.tsx";
import { PageColumn } from "../../components/page-column.tsx";

const offers = [
  {
    to: "/register",
    title: "Membership: complete childbirth education",
    text: "Every course, step by step, at your own pace. Free to join, no credit card.",
    image: "/art/home-1.svg",
  },
  {
    to: "/app",
    title: "Get the app",
    text: "Lessons and notes in your pocket, for the waiting room and the 3 a.m. questions.",
    image: "/art/home-2.svg",
  },
  {
    to: "/join",
    title: "1:1 doula support",
    text: "Personal support before, during and after your birth. Limited availability each month.",
    image: "/art/home-3.svg",
  },
  {
    to: "/register",
    title: "For dads and husbands",
    text: "A course for partners: how to help, what to say, and how to look after yourself too.",
    image: "/art/home-4.svg",
  },
  {
    to: "/register",
    title: "Pushing and avoiding tearing",
    text: "Evidence-based ways to push with your body and protect your perineum.",
    image: "/art/home-5.svg",
  },
];

export default function LandingPage() {
  return (
    <PageColumn>
      <Box className="fade-in">
        <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
          Feel calm, informed and supported for your birth
        </Typography>
        <Typography sx={{ mb: 3 }}>
          Childbirth education from a doula who has walked beside hundreds of families: for first-time mothers, for those healing from a
          hard birth, and for everyone planning a hospital birth.
        </Typography>
      </Box>
      {offers.map((offer, index) => (
        <Box key={offer.title} className="fade-in" sx={{ animationDelay: `${0.1 * (index + 1)}s` }}>
          <LinkTile to={offer.to} title={offer.title} image={offer.image}>
            {offer.text}
          </LinkTile>
        </Box>
      ))}
      <Box className="fade-in" sx={{ animationDelay: "0.7s" }}>
        <LinkTile to="/login" title="Already a member? Log in">
          Pick up where you left off.
        </LinkTile>
      </Box>
    </PageColumn>
  );
}
