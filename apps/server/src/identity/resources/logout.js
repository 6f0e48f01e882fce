// Submits the end-session form at once; served only when the request carried a valid
// id_token_hint (otherwise the page asks for confirmation and loads no script).
(() => {
  const form = document.getElementById('op.logoutForm');
  if (form instanceof HTMLFormElement) form.submit();
})();
