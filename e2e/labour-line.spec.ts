import { type Browser, expect, type Page, test } from "./test.ts";
import { accessibleAtBothWidths, instructorPage, linkIn, logIn, mailTo, newEmail, PASSWORD, postAs } from "./helpers.ts";

// An offline press waits in the service worker, which also shows the pushed notifications. (playwright.config.ts blocks it for the other journeys.)
test.use({ serviceWorkers: "allow" });

// docs/labour-line.md: Tell my doula from the timer, seen live in the studio, and the notification
// her service worker shows for a push.

const DAY = 24 * 60 * 60 * 1000;

/** Her doula takes her on (due in three weeks, so her labour line is open), and she registers from the mailed link. */
async function birthClient(doula: Page, browser: Browser, lastName = "Díaz"): Promise<Page> {
  const { id: packageId } = await postAs(doula, "/reactapi/studio/care/packages", {
    name: `Labour line ${Date.now()}`,
    description: "The birth and a postpartum visit.",
    fee: 120_000,
    currency: "USD",
    deposit: 20_000,
    instalments: 1,
    instalment_every_weeks: 4,
  });
  const email = newEmail("labour");
  const dueDate = new Date(Date.now() + 21 * DAY).toISOString().slice(0, 10);
  await postAs(doula, "/reactapi/studio/care/clients", {
    email,
    first_name: "Rosa",
    last_name: lastName,
    due_date: dueDate,
    package_id: packageId,
  });
  const token = new URL(linkIn(await mailTo(email, /has opened your client space/), "/care")).searchParams.get("invitation");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const mother = await context.newPage();
  await mother.goto("/login");
  await postAs(mother, "/reactapi/users/register", { email, password: PASSWORD, first_name: "Rosa", care_invitation: token });
  await logIn(mother, email);
  await expect(mother).toHaveURL(/\/home$/);
  return mother;
}

test("she presses Tell my doula on the timer; her doula's studio shows it at once, she presses I've seen it, and the mother's page says so", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const doula = await instructorPage(browser);
  const mother = await birthClient(doula, browser);

  await doula.goto("/studio/labour");
  await expect(doula.getByRole("heading", { name: "Labour line", level: 1 })).toBeVisible();

  await mother.goto("/timer");
  await mother.getByRole("button", { name: "Start contraction" }).click();
  await expect(mother.getByRole("button", { name: "Stop contraction" })).toBeVisible();
  const line = mother.getByRole("region", { name: "Tell my doula" });
  await expect(line.getByText("If you are worried about yourself or your baby")).toBeVisible();
  await accessibleAtBothWidths(mother);
  await line.getByLabel("A line for her (optional)").fill("Every five minutes now");
  await line.getByLabel("Your phone number").fill("+1 555 010 2030");
  await line.getByRole("button", { name: "Labour has started" }).click();
  await expect(line.getByRole("status").filter({ hasText: /not yet seen\. Told: / })).toBeVisible();

  // Live: the alert reaches her studio page without a reload.
  const alertLink = doula.getByRole("link", { name: "Rosa Díaz: labour has started" }).first();
  await expect(alertLink).toBeVisible({ timeout: 10_000 });
  await alertLink.click();
  await expect(doula.getByText("Every five minutes now")).toBeVisible();
  await expect(doula.getByRole("link", { name: "Call her" })).toHaveAttribute("href", "tel:+15550102030");
  await accessibleAtBothWidths(doula, { phone: 360 });
  await doula.getByRole("button", { name: "I've seen it — I'll call you" }).click();
  await expect(doula.getByRole("status").filter({ hasText: "She sees now that you have seen it." })).toBeVisible();

  await expect(line.getByRole("status").filter({ hasText: /has seen your message .* and will call you\./ })).toBeVisible({
    timeout: 5_000,
  });
  await accessibleAtBothWidths(mother);
  await mother.context().close();
});

test("offline, the press waits on her phone and is sent once when she is back online", async ({ browser }) => {
  test.setTimeout(120_000);
  const doula = await instructorPage(browser);
  const mother = await birthClient(doula, browser);
  await mother.goto("/timer");
  const line = mother.getByRole("region", { name: "Tell my doula" });
  await expect(line.getByRole("button", { name: "Please call me" })).toBeVisible();
  await mother.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => mother.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await mother.context().setOffline(true);
  await mother.reload();
  await line.getByRole("button", { name: "Please call me" }).click();
  await expect(line.getByRole("status").filter({ hasText: "You are offline. Your message will be sent" })).toBeVisible();
  await mother.context().setOffline(false);
  await expect(line.getByRole("status").filter({ hasText: /not yet seen/ })).toBeVisible({ timeout: 10_000 });
  const alerts = await (await doula.request.get("/reactapi/studio/care/labour")).json();
  expect(
    alerts.alerts.filter((alert: { name: string; kind: string }) => alert.kind === "call_me" && alert.name === "Rosa Díaz"),
  ).toHaveLength(1);
  await mother.context().close();
});

test("her service worker shows a pushed notification with no more than it was sent, and a tap opens the alert page", async ({
  browser,
}) => {
  const doula = await instructorPage(browser);
  await doula.context().grantPermissions(["notifications"]);
  await doula.goto("/studio/labour");
  await doula.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => doula.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const cdp = await doula.context().newCDPSession(doula);
  const registration = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((candidate) => !candidate.isDeleted);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const payload = {
    title: "Labour line",
    body: "A client needs you. Open to see who.",
    url: "/studio/labour/424242",
    tag: "labour-424242",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(doula.url()).origin,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() =>
      doula.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          tag: shown.tag,
        })),
      ),
    )
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);

  // The tap: the worker's own notificationclick, on the notification it showed.
  const [worker] = doula.context().serviceWorkers();
  await worker!.evaluate(async () => {
    // The worker's globals, which the page's types (DOM) do not declare.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent: (event: Event) => boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [shown] = await scope.registration.getNotifications();
    try {
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: shown! }));
    } catch {
      // A script's event cannot wait (waitUntil); the handler's work has started all the same.
    }
  });
  await expect(doula).toHaveURL(/\/studio\/labour\/424242$/);
  await expect(doula.getByRole("alert").or(doula.getByText("There is no such alert among those that came to you."))).toBeVisible();
});

test("she invites a backup doula from Studio → Team, names her a client's backup, and sets a period off call", async ({ browser }) => {
  test.setTimeout(120_000);
  const doula = await instructorPage(browser);
  // Her own name: the server has other journeys' clients named Rosa Díaz.
  const clientName = `Rosa Díaz-${Date.now().toString(36).slice(-5)}`;
  const mother = await birthClient(doula, browser, clientName.slice("Rosa ".length));
  const backupEmail = newEmail("backup");
  await doula.goto("/studio/team");
  await expect(doula.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  // Her own name too: another journey on this server may have invited a backup before.
  const backupName = `Noor ${Date.now().toString(36).slice(-4)}`;
  await doula.getByLabel("Her first name").fill(backupName);
  await doula.getByLabel("Her e-mail address").fill(backupEmail);
  await doula.getByRole("button", { name: "Send the invitation" }).click();
  await expect(doula.getByRole("status").filter({ hasText: `Invited ${backupEmail} to your team.` })).toBeVisible();
  await accessibleAtBothWidths(doula);

  const teamLink = async () => linkIn(await mailTo(backupEmail, /invites you to her team/), "/register").replace(/^https?:\/\/[^/]+/, "");
  const firstLink = await teamLink();
  const waiting = doula.getByRole("listitem").filter({ hasText: backupEmail });
  await expect(waiting).toContainText("Waiting for her to create her account");
  await waiting.getByRole("button", { name: `Send the invitation to ${backupEmail} again` }).click();
  await expect(waiting.getByRole("status")).toHaveText(`Sent the invitation to ${backupEmail} again, with a new link.`);

  // She opens the newest mail's link: the sign-up knows her invitation, asks no access code, has
  // what the doula typed, signs her in at once and opens On call. The studio's members are not hers to see.
  let link = firstLink;
  await expect.poll(async () => (link = await teamLink())).not.toBe(firstLink);
  const backupContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const backup = await backupContext.newPage();
  await backup.goto(link);
  await expect(backup.getByText("You were invited to join her team as a backup doula")).toBeVisible();
  await expect(backup.getByLabel("Access code")).toHaveCount(0);
  await expect(backup.getByLabel(/^Email/)).toHaveValue(backupEmail);
  await expect(backup.getByLabel(/^First name/)).toHaveValue(backupName);
  await backup.getByLabel(/^Password/).fill(PASSWORD);
  await backup.getByRole("button", { name: "Register" }).click();
  await expect(backup).toHaveURL(/\/studio\/on-call$/);
  await expect(backup.getByRole("heading", { name: "On call", level: 1 })).toBeVisible();
  expect((await backup.request.get("/reactapi/studio/members")).status()).toBe(403);
  // Her studio is the labour alerts that come to her, and nothing else of the practice.
  await backup.goto("/studio/members");
  await expect(backup).toHaveURL(/\/studio\/labour$/);
  await expect(backup.getByRole("heading", { name: "Labour line", level: 1 })).toBeVisible();
  await expect(backup.getByText("No alerts in the last two days.")).toBeVisible();

  const { alerts } = await (await doula.request.get("/reactapi/studio/care/labour")).json();
  expect(alerts).toBeDefined();
  await doula.goto("/studio/clients");
  await doula.getByRole("link", { name: clientName }).click();
  await doula.getByRole("combobox", { name: "Backup doula" }).selectOption({ label: backupName });
  await doula.getByRole("form", { name: "Backup doula" }).getByRole("button", { name: "Save" }).click();
  await expect(doula.getByRole("status").filter({ hasText: `${backupName} is her backup doula now` })).toBeVisible();

  await doula.goto("/studio/calendar");
  await doula.getByRole("link", { name: "Off call" }).click();
  await expect(doula.getByRole("heading", { name: "Off call" })).toBeVisible();
  const from = new Date(Date.now() + DAY);
  const local = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await doula.getByLabel("From").fill(local(from));
  await doula.getByLabel("Until").fill(local(new Date(from.getTime() + 2 * DAY)));
  await doula.getByRole("button", { name: "Add", exact: true }).click();
  await expect(doula.getByRole("status").filter({ hasText: "You are off call then" })).toBeVisible();
  await accessibleAtBothWidths(doula);

  // The backup sees the client she now backs up, and when the doula is away; nothing of her payments.
  await backup.getByRole("link", { name: /^On call/ }).click();
  await expect(backup.getByRole("heading", { name: "On call", level: 1 })).toBeVisible();
  const client = backup.getByRole("article", { name: clientName });
  await expect(client).toBeVisible();
  await expect(client.getByText("Not shared with you")).toBeVisible();
  await expect(backup.getByRole("region", { name: "When the doula is off call" }).getByRole("listitem")).toHaveCount(1);
  await expect(backup.getByText(/payment|deposit/i)).toHaveCount(0);
  await accessibleAtBothWidths(backup);
  await backupContext.close();

  // Her account offers notifications on this device.
  await mother.goto("/account");
  await expect(mother.getByRole("region", { name: "Notifications on this device" })).toBeVisible();
  await expect(mother.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
  await accessibleAtBothWidths(mother);
  await mother.context().close();
});
