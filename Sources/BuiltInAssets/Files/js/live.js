// Live reload for content editors (only `carefeed serve` adds this script):
// reload the page when content or public files change, at the same scroll position.
(function () {
  'use strict';

  if (typeof window.EventSource !== 'function') { return; }

  var key = 'carefeed-live-scroll:' + location.pathname;

  function storage() {
    // sessionStorage can be missing or throw (privacy settings); scrolling back is a nicety.
    try { return window.sessionStorage || null; } catch (e) { return null; }
  }

  // Put the editor back where they were before the reload.
  (function restore() {
    var store = storage();
    var saved = null;
    try {
      saved = store && store.getItem(key);
      if (saved !== null && store) { store.removeItem(key); }
    } catch (e) { return; }
    var y = saved === null ? NaN : parseFloat(saved);
    if (!isFinite(y) || y <= 0) { return; }
    window.scrollTo(0, y);
    // Images and fonts can still change the height: try once more when all has loaded,
    // unless the editor has scrolled since.
    var set = window.scrollY;
    window.addEventListener('load', function () {
      if (Math.abs(window.scrollY - set) < 2) { window.scrollTo(0, y); }
    }, { once: true });
  }());

  var source = null;
  var reloading = false;

  function open() {
    if (source) { return; }
    // EventSource reconnects by itself (the server sends retry: 1000), so errors need no handling.
    source = new window.EventSource('/_live');
    source.addEventListener('reload', function () {
      if (reloading) { return; }
      reloading = true;
      var store = storage();
      try { if (store) { store.setItem(key, String(window.scrollY || window.pageYOffset || 0)); } } catch (e) { /* reload anyway */ }
      close();
      // A GET of the same address: reload() would offer to send a form again.
      location.replace(location.href);
    });
  }

  function close() {
    if (source) {
      source.close();
      source = null;
    }
  }

  // Closing on pagehide lets the page into the back/forward cache and avoids an aborted request.
  window.addEventListener('pagehide', close);
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) {
      reloading = false;
      open();
    }
  });
  open();
}());
