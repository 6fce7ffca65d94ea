import { useEffect, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../../../contract/constants.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { installApp, useInstallState } from "./install-prompt.ts";

function Steps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <section style={{ marginTop: 24 }}>
      <h2 className="section-title" style={{ marginBottom: 8 }}>
        {title}
      </h2>
      <ol className="spaced-list" style={{ paddingInlineStart: 24, margin: 0 }}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
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
      <p style={{ margin: "0 0 16px" }}>
        {brand.name} works as an app on your phone: it opens from your home screen, and the lessons you save stay with you where the signal
        is poor, in a waiting room, a car park or a night feed. There is nothing to buy and no app store to visit.
      </p>
      <div role="status" style={{ background: "var(--note)", borderRadius: 36, padding: 16, marginBottom: 8 }}>
        {runningAsApp || installed ? (
          <p style={{ margin: 0 }}>The app is on this phone. You will find {brand.shortName} on your home screen.</p>
        ) : canInstall ? (
          <>
            <p style={{ margin: "0 0 8px" }}>Your browser can add the app to this device now.</p>
            <button
              onClick={() => void installApp().then((accepted) => setDeclined(!accepted))}
              type="button"
              className="button button-contained"
            >
              Install
            </button>
          </>
        ) : (
          <p style={{ margin: 0 }}>
            {declined ? "No problem: you can add it later, as shown below." : "Follow the steps for your phone below."}
          </p>
        )}
      </div>
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
      <section style={{ marginTop: 24 }}>
        <h2 className="section-title" style={{ marginBottom: 8 }}>
          Lessons without a signal
        </h2>
        <p style={{ margin: 0 }}>
          On a lesson, press <strong>Save for offline</strong>: its notes, summary and downloads stay on your phone until you remove them or
          log out. Videos need a connection. <Link to="/library">Go to the library</Link>.
        </p>
      </section>
    </PageColumn>
  );
}
