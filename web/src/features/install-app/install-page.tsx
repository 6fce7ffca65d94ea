import { useEffect, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../../../contract/constants.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { installApp, useInstallState } from "./install-prompt.ts";
import { t, tWith } from "./messages.ts";

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
    <PageColumn title={t("Get the app")}>
      <p style={{ margin: "0 0 16px" }}>
        {t(
          "{name} works as an app on your phone: it opens from your home screen, and the lessons you save stay with you where the signal is poor, in a waiting room, a car park or a night feed. There is nothing to buy and no app store to visit.",
          { name: brand.name },
        )}
      </p>
      <div role="status" style={{ background: "var(--note)", borderRadius: 36, padding: 16, marginBottom: 8 }}>
        {runningAsApp || installed ? (
          <p style={{ margin: 0 }}>{t("The app is on this phone. You will find {name} on your home screen.", { name: brand.shortName })}</p>
        ) : canInstall ? (
          <>
            <p style={{ margin: "0 0 8px" }}>{t("Your browser can add the app to this device now.")}</p>
            <button
              onClick={() => void installApp().then((accepted) => setDeclined(!accepted))}
              type="button"
              className="button button-contained"
            >
              {t("Install")}
            </button>
          </>
        ) : (
          <p style={{ margin: 0 }}>
            {declined ? t("No problem: you can add it later, as shown below.") : t("Follow the steps for your phone below.")}
          </p>
        )}
      </div>
      <Steps
        title={t("On an iPhone or iPad (Safari)")}
        steps={[
          t("Open this site in Safari."),
          t("Tap the Share button (a square with an arrow pointing up)."),
          t("Scroll down and tap Add to Home Screen."),
          t("Tap Add."),
        ]}
      />
      <Steps
        title={t("On an Android phone (Chrome)")}
        steps={[
          t("Open this site in Chrome."),
          t("Tap the menu (three dots, top right)."),
          t("Tap Install app, or Add to Home screen."),
          t("Tap Install."),
        ]}
      />
      <section style={{ marginTop: 24 }}>
        <h2 className="section-title" style={{ marginBottom: 8 }}>
          {t("Lessons without a signal")}
        </h2>
        <p style={{ margin: 0 }}>
          {tWith(
            "On a lesson, press {button}: its notes, summary and downloads stay on your phone until you remove them or log out. Videos need a connection.",
            { button: <strong>{t("Save for offline")}</strong> },
          )}{" "}
          <Link to="/library">{t("Go to the library")}</Link>.
        </p>
      </section>
    </PageColumn>
  );
}
