// Submits the end-session form at once: signing out asks for no confirmation.
(() => {
  const form = document.getElementById('op.logoutForm');
  if (form instanceof HTMLFormElement) form.submit();
})();
