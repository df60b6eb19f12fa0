// Shows only the rows of a table whose data-status is the status chosen in
// the radio buttons of a fieldset marked data-filter-for="<the table's id>".
// The fieldset is hidden without this script, and then every row shows.
(function () {
  "use strict";

  Array.prototype.forEach.call(document.querySelectorAll("[data-filter-for]"), function (group) {
    var table = document.getElementById(group.getAttribute("data-filter-for"));
    if (!table || !table.tBodies[0]) { return; }
    function show(status) {
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        row.hidden = status !== "" && row.getAttribute("data-status") !== status;
      });
    }
    group.hidden = false;
    group.addEventListener("change", function (event) { show(event.target.value); });
    // A choice the browser kept from before a reload or a step back is shown as chosen.
    var checked = group.querySelector("input:checked");
    if (checked) { show(checked.value); }
  });
})();
