// Forms that save, delete or record a tap: once sent, the button says what
// is happening ("Saving…") and cannot be pressed again, so a slow save never
// looks like nothing happened and a quick second tap sends nothing twice. A
// button whose data-busy-label is empty keeps its words (a box, a card).
// Without this script the forms work the same, only silently.
(function () {
  'use strict';

  var buttons = document.querySelectorAll('form button[data-busy-label]');
  Array.prototype.forEach.call(buttons, function (button) {
    var form = button.form;
    var idle = button.innerHTML;
    var busy = button.getAttribute('data-busy-label');
    form.addEventListener('submit', function () {
      // Disabled after the form's data is taken, so the answers still go.
      window.setTimeout(function () {
        button.disabled = true;
        button.setAttribute('aria-busy', 'true');
        if (busy) { button.textContent = busy; }
      }, 0);
    });
    // Back to a page the browser kept: the button works again.
    window.addEventListener('pageshow', function (event) {
      if (!event.persisted) { return; }
      button.disabled = false;
      button.removeAttribute('aria-busy');
      button.innerHTML = idle;
    });
  });
})();
