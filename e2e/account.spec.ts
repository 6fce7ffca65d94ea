import { readFileSync } from "node:fs";
import { expect, test } from "./test.ts";
import { expectAccessible, linkIn, logIn, mailTo, newEmail, PASSWORD, register, signedInMember } from "./helpers.ts";

test.describe("a member's account", () => {
  test("forgot password: the mail arrives, the link resets it once, and the new password signs in", async ({ page }) => {
    const email = newEmail("forgot");
    await register(page, email);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectAccessible(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status")).toHaveText("If an account exists for that address, we have sent a link to reset your password.");

    const mail = await mailTo(email, "Reset your password");
    expect(mail.html).toContain("Choose a new password");
    const link = linkIn(mail, "/reset-password");
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("New password").fill("Sunrise-walk-2026");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("Your password has been changed");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Sunrise-walk-2026");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The same link a second time: a page that says so, and offers a new one.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(page.getByText(/already been used/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Send me a new link" })).toBeVisible();
    await expectAccessible(page);
  });

  test("her language: Español chosen on /account turns her pages Spanish and is kept, and her mail comes in Spanish (docs/languages.md)", async ({
    page,
  }) => {
    const email = await signedInMember(page, "idioma");
    await page.goto("/account");
    const language = page.getByRole("group", { name: "Language" });
    await expect(language.getByRole("radio", { name: "English" })).toBeChecked();
    // A click, not check(): the page is loaded again in Spanish, where this group has another name,
    // so check() could not find the radio to confirm it.
    await language.getByRole("radio", { name: "Español" }).click();
    // The page is sent again, in Spanish.
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi cuenta");
    await expect(page.getByRole("group", { name: "Idioma" }).getByRole("radio", { name: "Español" })).toBeChecked();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole("group", { name: "Idioma" }).getByRole("radio", { name: "Español" })).toBeChecked();

    // Her browser asks for English; her choice is what her pages and her mail follow.
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Olvidaste tu contraseña?");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByRole("button", { name: "Envíame un enlace" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Si hay una cuenta con ese correo, te hemos enviado un enlace para restablecer tu contraseña.",
    );
    const mail = await mailTo(email, "Restablece tu contraseña");
    expect(mail.text).toContain("Alguien, seguramente tú, ha pedido restablecer la contraseña de tu cuenta.");
  });

  test("change name, sign out other devices, download data, delete the account", async ({ page, browser }) => {
    const email = await signedInMember(page, "account");
    // A second device, signed in too.
    const phone = await browser.newContext({
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
    });
    const phonePage = await phone.newPage();
    await phonePage.goto("/login");
    await logIn(phonePage, email);
    await expect(phonePage).toHaveURL(/\/home$/);

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "My account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "My account", level: 1 })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("First name").fill("Rosa");
    await page.getByLabel("Last name").fill("Delgado");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Your name is saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Rosa");

    await expect(page.getByText("Safari on iPhone")).toBeVisible();
    await page.getByRole("button", { name: "Sign out of other devices" }).click();
    await expect(page.getByText("Signed out of 1 other device.")).toBeVisible();
    await expect(page.getByText("Safari on iPhone")).toHaveCount(0);
    await phonePage.goto("/library");
    await expect(phonePage).toHaveURL(/\/login$/);
    await phone.close();

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("my-data.json");
    const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(data.profile).toMatchObject({ email, first_name: "Rosa", last_name: "Delgado" });

    await page.getByLabel("Your password").last().fill(PASSWORD);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("Are you sure?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/login");
    await logIn(page, email);
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  });

  test("changing the e-mail address: confirmed by the link mailed to the new one, announced to the old one", async ({ page }) => {
    const email = await signedInMember(page, "moving");
    await page.goto("/account");
    const newAddress = newEmail("moved");
    await page.getByLabel("New e-mail address").fill(newAddress);
    await page.getByLabel("Your password").first().fill(PASSWORD);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByText(`We have sent a confirmation link to ${newAddress}`)).toBeVisible();
    await expect(page.getByText(`We are waiting for you to confirm ${newAddress}`)).toBeVisible();
    await mailTo(email, "Your e-mail address is changing");

    const link = linkIn(await mailTo(newAddress, "Confirm your new e-mail address"), "/confirm-email");
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByRole("heading", { name: "E-mail address confirmed" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(newAddress);
    await expectAccessible(page);
    await page.goto("/account");
    await expect(page.getByText(`You sign in with ${newAddress}.`)).toBeVisible();
  });

  test("an address not yet confirmed: /account says so, sends the link again, and the link confirms it", async ({ page }) => {
    const email = await signedInMember(page, "unconfirmed", { confirmed: false });
    await page.goto("/account");
    await expect(page.getByText("Please confirm this address with the link we mailed you when you joined.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect(page.getByText(`We have sent a confirmation link to ${email}.`)).toBeVisible();
    const link = linkIn(await mailTo(email, "Confirm your e-mail address"), "/confirm-email");
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByRole("status")).toContainText(`${email} is confirmed`);
    await page.goto("/account");
    await expect(page.getByText(`You sign in with ${email}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
  });
});
