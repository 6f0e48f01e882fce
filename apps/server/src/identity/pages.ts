import { messages } from './messages';

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface PageContext {
  /** Path prefix of the static resources, e.g. `/auth/resources`. */
  resourcesPath: string;
  /** The portal's URL, for footer links and "back" links. */
  publicUrl: string;
}

interface LayoutOptions {
  title: string;
  body: string;
  scripts?: string[];
}

export function layout(context: PageContext, { title, body, scripts = [] }: LayoutOptions): string {
  const scriptTags = scripts
    .map((name) => `<script src="${escapeHtml(`${context.resourcesPath}/${name}`)}"></script>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} – ${messages.portalName}</title>
<link rel="stylesheet" href="${escapeHtml(context.resourcesPath)}/login.css">
<link rel="icon" type="image/svg+xml" href="${escapeHtml(context.resourcesPath)}/favicon.svg">
</head>
<body>
<header class="topbar"><span class="brand">${messages.portalName}</span></header>
<main class="page">
<div class="card">
${body}
</div>
</main>
<footer class="footer">
<a href="${escapeHtml(context.publicUrl)}/datenschutz">${messages.privacy}</a>
<a href="${escapeHtml(context.publicUrl)}/impressum">${messages.imprint}</a>
</footer>
${scriptTags}
</body>
</html>`;
}

function alert(message: string | undefined): string {
  return message ? `<p class="alert" role="alert" id="form-error">${escapeHtml(message)}</p>` : '';
}

function invalidAttributes(message: string | undefined): string {
  return message ? ' aria-invalid="true" aria-describedby="form-error"' : '';
}

export interface LoginPageOptions {
  action: string;
  /** The "Passwort vergessen?" page. */
  forgotPasswordUrl?: string;
  email?: string;
  error?: string;
}

/**
 * The sign-in form: E-Mail, Passwort, Anmelden. `novalidate`, here and on the code step: the
 * server answers an empty field in German on the page, where the browser's own bubble would
 * speak the browser's language and vanish after a moment.
 */
export function loginPage(context: PageContext, options: LoginPageOptions): string {
  const invalid = invalidAttributes(options.error);
  const hasEmail = !!options.email;
  return layout(context, {
    title: messages.signInTitle,
    body: `<h1>${messages.signInTitle}</h1>
<p class="intro">${messages.signInIntro}</p>
${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}" class="form" novalidate>
<div class="field">
<label for="email">${messages.emailLabel}</label>
<input id="email" name="email" type="email" autocomplete="username" spellcheck="false" autocapitalize="none" required value="${escapeHtml(options.email ?? '')}"${hasEmail ? '' : ' autofocus'}${invalid}>
</div>
<div class="field">
<label for="password">${messages.passwordLabel}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${hasEmail ? ' autofocus' : ''}${invalid}>
</div>
<button type="submit" class="button">${messages.signInButton}</button>
</form>
${options.forgotPasswordUrl ? `<p class="secondary-action"><a class="link" href="${escapeHtml(options.forgotPasswordUrl)}">${messages.forgotPassword}</a></p>` : ''}`,
  });
}

export interface OtpPageOptions {
  action: string;
  error?: string;
}

/**
 * The second step for users with two-factor authentication: Einmalcode, Bestätigen. Room for
 * seven characters: a code copied as the apps show it ("123 456") fits, the space is ignored.
 */
export function otpPage(context: PageContext, options: OtpPageOptions): string {
  return layout(context, {
    title: messages.otpTitle,
    body: `<h1>${messages.otpTitle}</h1>
<p class="intro">${messages.otpIntro}</p>
${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}" class="form" novalidate>
<div class="field">
<label for="code">${messages.otpLabel}</label>
<input id="code" name="code" type="text" inputmode="numeric" maxlength="7" autocomplete="one-time-code" spellcheck="false" required autofocus${invalidAttributes(options.error)}>
</div>
<button type="submit" class="button">${messages.otpButton}</button>
</form>
<p class="secondary-action">${messages.otpLost}</p>
<p class="secondary-action"><a class="link" href="${escapeHtml(context.publicUrl)}/">${messages.otpOtherAccount}</a></p>`,
  });
}

/** A page with a heading, a message and a link back to the portal. */
export function messagePage(
  context: PageContext,
  options: { title: string; message: string; details?: string; role?: 'alert' },
): string {
  const role = options.role ? ` role="${options.role}"` : '';
  const details = options.details
    ? `<p class="details">${messages.errorCode}: <code>${escapeHtml(options.details)}</code></p>`
    : '';
  return layout(context, {
    title: options.title,
    body: `<h1>${escapeHtml(options.title)}</h1>
<p${role}>${escapeHtml(options.message)}</p>
${details}
<p><a class="link" href="${escapeHtml(context.publicUrl)}/">${messages.backToPortal}</a></p>`,
  });
}

/**
 * The end-session page. `form` is oidc-provider's form (action and xsrf field); the page adds
 * `logout=yes` and submits it at once through an external script, so no confirmation is asked
 * and the Content-Security-Policy needs no inline script. Without JavaScript a button remains.
 */
export function logoutPage(
  context: PageContext,
  form: string,
  options: { confirm: boolean } = { confirm: false },
): string {
  if (options.confirm) {
    const completed = form.replace(
      '</form>',
      `<input type="hidden" name="logout" value="yes"/>
<button type="submit" class="button">${messages.signOutButton}</button>
</form>`,
    );
    return layout(context, {
      title: messages.signOutTitle,
      body: `<h1>${messages.signOutTitle}</h1>
<p>${messages.signOutQuestion}</p>
${completed}
<p><a href="${escapeHtml(context.publicUrl)}/">${messages.backToPortal}</a></p>`,
    });
  }
  const completed = form.replace(
    '</form>',
    `<input type="hidden" name="logout" value="yes"/>
<noscript><button type="submit" class="button">${messages.signOutButton}</button></noscript>
</form>`,
  );
  return layout(context, {
    title: messages.signOutTitle,
    body: `<h1>${messages.signOutTitle}</h1>
<p role="status">${messages.signingOut}</p>
${completed}`,
    scripts: ['logout.js'],
  });
}
