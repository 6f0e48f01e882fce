/* Internet Explorer cannot run the portal (no ES modules): send it to the warning page.
   Plain ES3 on purpose; loaded as a classic external script before the app (CSP: no inline). */
// biome-ignore lint/complexity/useArrowFunction: Internet Explorer has no arrow functions
(function () {
  // biome-ignore lint/complexity/useOptionalChain: Internet Explorer has no optional chaining
  var ua = window.navigator && window.navigator.userAgent ? window.navigator.userAgent : '';
  if (/MSIE |Trident\//.test(ua)) {
    window.location.replace('/unsupported-browser.html');
  }
})();
