// Permissions step: when a participant ticks reminders or motion sensors, ask
// the browser right away (prompts need the tap that ticked the box) and keep
// its answer in the hidden detail input. The checkbox stays the participant's
// choice; the detail only records what the browser allowed.
(function () {
  'use strict';

  var SUBMIT_WAIT_MS = 1500; // never hold up Continue longer than this
  var boxes = Array.prototype.slice.call(document.querySelectorAll('input[type="checkbox"][data-permission-kind]'));
  if (!boxes.length) { return; }

  // Per checkbox: its detail input, the prompt in flight, and any note shown.
  var items = boxes.map(function (box) {
    var detail = null;
    var details = box.form ? box.form.querySelectorAll('[data-permission-detail]') : [];
    for (var i = 0; i < details.length; i++) {
      if (details[i].getAttribute('data-permission-detail') === box.value) { detail = details[i]; }
    }
    return { box: box, kind: box.getAttribute('data-permission-kind'), detail: detail, pending: null, note: null, asked: 0 };
  });

  function askable(item) {
    return item.detail && (item.kind === 'notifications' || item.kind === 'motion');
  }

  function normalize(answer) {
    return answer === 'granted' || answer === 'denied' || answer === 'default' ? answer : 'default';
  }

  function askNotifications() {
    if (!('Notification' in window) || typeof window.Notification.requestPermission !== 'function') {
      return Promise.resolve('unsupported');
    }
    return new Promise(function (resolve) {
      var settled = false;
      function done(answer) {
        if (!settled) { settled = true; resolve(normalize(answer)); }
      }
      try {
        // Old Safari only calls back; newer browsers return a promise (and may also call back).
        var result = window.Notification.requestPermission(done);
        if (result && typeof result.then === 'function') {
          result.then(done, function () { done(window.Notification.permission); });
        }
      } catch (e) {
        done(window.Notification.permission);
      }
    });
  }

  function askMotion() {
    var Motion = window.DeviceMotionEvent;
    if (typeof Motion === 'undefined') { return Promise.resolve('unsupported'); }
    // Only iOS Safari asks; other browsers allow motion events without a prompt.
    if (typeof Motion.requestPermission !== 'function') { return Promise.resolve('granted'); }
    try {
      return Promise.resolve(Motion.requestPermission()).then(normalize, function () {
        // A rejection means it could not ask (e.g. no user gesture), not that the participant said no.
        return 'default';
      });
    } catch (e) {
      return Promise.resolve('default');
    }
  }

  function showNote(item) {
    if (item.note) { return; }
    var label = item.box.closest ? item.box.closest('label') : item.box.parentNode;
    var note = document.createElement('p');
    note.className = 'field-hint permission-note';
    note.setAttribute('role', 'status');
    (label || item.box).insertAdjacentElement('afterend', note);
    item.note = note;
    // Text after insertion, so screen readers announce the status region's change.
    window.setTimeout(function () {
      if (item.note === note) { note.textContent = item.box.getAttribute('data-said-blocked') || ''; }
    }, 60);
  }

  function hideNote(item) {
    if (item.note) {
      item.note.parentNode.removeChild(item.note);
      item.note = null;
    }
  }

  // Must run inside the tap's event handler: iOS refuses to prompt otherwise.
  function ask(item) {
    var asked = ++item.asked;
    var request = item.kind === 'notifications' ? askNotifications() : askMotion();
    item.pending = request.then(function (answer) {
      // Ignore a late answer if the box was unticked or ticked again since.
      if (asked !== item.asked || !item.box.checked) { return; }
      item.detail.value = answer;
      if (answer === 'denied') { showNote(item); } else { hideNote(item); }
    }, function () { /* an answer we cannot read leaves the detail empty */ }).then(function () {
      if (asked === item.asked) { item.pending = null; }
    });
    return item.pending;
  }

  items.forEach(function (item) {
    if (!askable(item)) { return; }
    // Came back to this step: keep showing why a shared permission does not work.
    if (item.box.checked && item.detail.value === 'denied') { showNote(item); }
    item.box.addEventListener('change', function () {
      if (item.box.checked) {
        ask(item);
      } else {
        // Declined: the checkbox says so; the browser's answer no longer matters.
        item.asked++;
        item.pending = null;
        item.detail.value = '';
        hideNote(item);
      }
    });
  });

  var forms = [];
  items.forEach(function (item) {
    if (item.box.form && forms.indexOf(item.box.form) < 0) { forms.push(item.box.form); }
  });

  forms.forEach(function (form) {
    var waiting = false;
    var proceeding = false;

    function proceed(submitter) {
      proceeding = true;
      try {
        if (typeof form.requestSubmit === 'function') {
          form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
          return;
        }
      } catch (e) { /* fall back to a plain submit below */ }
      HTMLFormElement.prototype.submit.call(form);
    }

    form.addEventListener('submit', function (event) {
      if (proceeding) { return; }
      if (waiting) { event.preventDefault(); return; } // a second tap while waiting
      var pending = [];
      items.forEach(function (item) {
        if (item.box.form !== form || !askable(item) || !item.box.checked) { return; }
        // Ticked before this page loaded (or the prompt never answered): ask now, still inside the tap.
        if (!item.pending && !item.detail.value) { ask(item); }
        if (item.pending) { pending.push(item.pending); }
      });
      if (!pending.length) { return; }
      event.preventDefault();
      waiting = true;
      var submitter = event.submitter;
      var timer = new Promise(function (resolve) { window.setTimeout(resolve, SUBMIT_WAIT_MS); });
      Promise.race([Promise.all(pending), timer]).then(function () { proceed(submitter); });
    });

    // Back/forward cache: the restored page must be able to submit again.
    window.addEventListener('pageshow', function () {
      waiting = false;
      proceeding = false;
    });
  });
}());
