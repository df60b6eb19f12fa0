// Sorts a table marked data-sortable by the column whose heading is pressed.
// Each cell holds its sort key in data-sort; a heading's data-sort-type says
// whether keys are numbers or text, and data-sort-first="descending" which
// way a first press sorts. An empty key sorts last either way. Without this
// script the table keeps the order it was written in.
(function () {
  "use strict";

  function key(row, column, numeric) {
    var cell = row.cells[column];
    var value = cell ? cell.getAttribute("data-sort") : null;
    if (value === null || value === "") { return null; }
    return numeric ? parseFloat(value) : value.toLowerCase();
  }

  function compare(a, b, numeric) {
    if (numeric) { return a - b; }
    return a < b ? -1 : a > b ? 1 : 0;
  }

  function enhance(table) {
    var headings = table.tHead && table.tHead.rows[0] ? table.tHead.rows[0].cells : [];
    var body = table.tBodies[0];
    if (!body || headings.length === 0) { return; }
    var written = Array.prototype.slice.call(body.rows);
    var status = document.createElement("p");
    status.className = "visually-hidden";
    status.setAttribute("aria-live", "polite");
    table.parentNode.insertBefore(status, table.nextSibling);

    Array.prototype.forEach.call(headings, function (heading, column) {
      var numeric = heading.getAttribute("data-sort-type") === "number";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort-button";
      while (heading.firstChild) { button.appendChild(heading.firstChild); }
      heading.appendChild(button);
      button.addEventListener("click", function () {
        var current = heading.getAttribute("aria-sort");
        var first = heading.getAttribute("data-sort-first") === "descending" ? "descending" : "ascending";
        var direction = current === "ascending" ? "descending" : current === "descending" ? "ascending" : first;
        var sign = direction === "ascending" ? 1 : -1;
        var rows = written.slice();
        rows.sort(function (a, b) {
          var x = key(a, column, numeric);
          var y = key(b, column, numeric);
          if (x === null || y === null) {
            return x === y ? written.indexOf(a) - written.indexOf(b) : x === null ? 1 : -1;
          }
          return sign * compare(x, y, numeric) || written.indexOf(a) - written.indexOf(b);
        });
        rows.forEach(function (row) { body.appendChild(row); });
        Array.prototype.forEach.call(headings, function (other) { other.removeAttribute("aria-sort"); });
        heading.setAttribute("aria-sort", direction);
        // The words come with the page, in its reader's language.
        status.textContent = (table.getAttribute("data-said-sorted") || "")
          .replace("{column}", button.textContent)
          .replace("{direction}", table.getAttribute("data-said-" + direction) || direction);
      });
    });
    table.classList.add("is-sortable");
  }

  var tables = document.querySelectorAll("table[data-sortable]");
  Array.prototype.forEach.call(tables, enhance);
  // The page says headings sort only where they do.
  if (tables.length > 0) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-sort-hint]"), function (hint) { hint.hidden = false; });
  }
})();
