// "Save or print your copy" on the consent record: shown only where this
// script runs, and opens the browser's print dialog (Save as PDF included).
(function () {
  'use strict';
  var buttons = document.querySelectorAll('[data-print]');
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].hidden = false;
    buttons[i].addEventListener('click', function () { window.print(); });
  }
})();
