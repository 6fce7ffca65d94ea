import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../../../contract/constants.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { installApp, useInstallState } from "./install-prompt.ts";

function Steps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ol" sx={{ pl: 3, m: 0, "& li": { mb: 0.5 } }}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Box>
    </Box>
  );
}

/** "Get the app": this site installs itself on a phone's home screen, no app store needed. */
export default function InstallPage() {
  const { canInstall, installed } = useInstallState();
  const [declined, setDeclined] = useState(false);
  // Read after hydration: the page is pre-rendered, where there is no display mode to ask.
  const [runningAsApp, setRunningAsApp] = useState(false);
  useEffect(() => setRunningAsApp(window.matchMedia?.("(display-mode: standalone)").matches ?? false), []);
  return (
    <PageColumn title="Get the app">
      <Typography sx={{ mb: 2 }}>
        {brand.name} works as an app on your phone: it opens from your home screen, and the lessons you save stay with you where the signal
        is poor, in a waiting room, a car park or a night feed. There is nothing to buy and no app store to visit.
      </Typography>
      <Box role="status" sx={{ bgcolor: "#f3e6e0", borderRadius: 3, p: 2, mb: 1 }}>
        {runningAsApp || installed ? (
          <Typography>The app is on this phone. You will find {brand.shortName} on your home screen.</Typography>
        ) : canInstall ? (
          <>
            <Typography sx={{ mb: 1 }}>Your browser can add the app to this device now.</Typography>
            <Button variant="contained" onClick={() => void installApp().then((accepted) => setDeclined(!accepted))}>
              Install
            </Button>
          </>
        ) : (
          <Typography>
            {declined ? "No problem: you can add it later, as shown below." : "Follow the steps for your phone below."}
          </Typography>
        )}
      </Box>
      <Steps
        title="On an iPhone or iPad (Safari)"
        steps={[
          "Open this site in Safari.",
          "Tap the Share button (a square with an arrow pointing up).",
          "Scroll down and tap Add to Home Screen.",
          "Tap Add.",
        ]}
      />
      <Steps
        title="On an Android phone (Chrome)"
        steps={[
          "Open this site in Chrome.",
          "Tap the menu (three dots, top right).",
          "Tap Install app, or Add to Home screen.",
          "Tap Install.",
        ]}
      />
      <Box component="section" sx={{ mt: 3 }}>
        <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
          Lessons without a signal
        </Typography>
        <Typography>
          On a lesson, press <strong>Save for offline</strong>: its notes, summary and downloads stay on your phone until you remove them or
          log out. Videos need a connection. <Link to="/library">Go to the library</Link>.
        </Typography>
      </Box>
    </PageColumn>
  );
}
