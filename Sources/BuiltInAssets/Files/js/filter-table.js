// Shows only the rows of a table whose data-status is the status chosen in
// the radio buttons of a fieldset marked data-filter-for="<the table's id>".
// The fieldset is hidden without this script, and then every row shows.
(function () {
  "use strict";

  Array.prototype.forEach.call(document.querySelectorAll("[data-filter-for]"), function (group) {
    var table = document.getElementById(group.getAttribute("data-filter-for"));
    if (!table || !table.tBodies[0]) { return; }
    group.hidden = false;
    group.addEventListener("change", function (event) {
      var status = event.target.value;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        row.hidden = status !== "" && row.getAttribute("data-status") !== status;
      });
    });
  });
})();
