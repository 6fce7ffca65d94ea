import { t } from "./messages.ts";

/**
 * The calm notice that a new version of the app is ready. It never takes focus or reloads by
 * itself: a member may be in the middle of a form or a video. Plain markup styled by
 * web/index.html, so that it costs a page built without MUI (/home, /lesson) no MUI.
 */
export default function NewVersionBanner({ onReload }: { onReload: () => void }) {
  return (
    <div
      role="status"
      style={{
        position: "fixed",
        insetInline: 8,
        bottom: 88,
        zIndex: 1300,
        margin: "0 auto",
        maxWidth: 480,
        padding: 16,
        display: "flex",
        alignItems: "center",
        gap: 16,
        background: "var(--surface)",
        borderRadius: 12,
        boxShadow: "0 3px 5px -1px rgba(0,0,0,.2), 0 6px 10px rgba(0,0,0,.14), 0 1px 18px rgba(0,0,0,.12)",
      }}
    >
      <p style={{ flex: 1, margin: 0 }}>{t("A new version is ready.")}</p>
      <button type="button" className="button button-contained" onClick={onReload}>
        {t("Reload")}
      </button>
    </div>
  );
}
