// The projector's standings page through themselves: as many rows as the screen holds, the next ones every few
// seconds, each field (N-S, E-W) on its own pages; after the last page the page is fetched again, so live
// standings follow play. Without script every row shows.
(function () {
  "use strict";
  var box = document.getElementById("standings");
  if (!box) return;
  var every = Number(box.dataset.every || 8000);
  var counter = document.getElementById("pager-page");
  var tables = Array.prototype.slice.call(box.querySelectorAll("table.standings"));
  function heading(table) {  // a field's name, the h3 before its table
    var before = table.previousElementSibling;
    return before && before.tagName === "H3" ? before : null;
  }
  function rowsOf(table) { return Array.prototype.slice.call(table.tBodies[0] ? table.tBodies[0].rows : []); }
  function fits(table) {  // the rows that fit below the table's head
    var rows = rowsOf(table);
    if (!rows.length) return 1;
    var top = table.getBoundingClientRect().top + window.scrollY;
    var head = table.tHead ? table.tHead.offsetHeight : 0;
    var tallest = Math.max.apply(null, rows.map(function (row) { return row.offsetHeight; }));
    return Math.max(3, Math.floor((window.innerHeight - top - head - 16) / Math.max(tallest, 1)));
  }
  var pages = [];
  var size = tables.length ? fits(tables[0]) : 0;
  tables.forEach(function (table) {
    var rows = rowsOf(table);
    for (var start = 0; start < rows.length; start += size) {
      pages.push({ table: table, rows: rows.slice(start, start + size) });
    }
  });
  var shown = 0;
  function show(number) {
    var page = pages[number];
    tables.forEach(function (table) {
      var here = table === page.table;
      table.hidden = !here;
      if (heading(table)) heading(table).hidden = !here;
      rowsOf(table).forEach(function (row) { row.hidden = page.rows.indexOf(row) < 0; });
    });
    if (counter) counter.textContent = "· page " + (number + 1) + " of " + pages.length;
  }
  function next() {
    shown += 1;
    if (shown >= pages.length) { window.location.reload(); return; }
    show(shown);
    setTimeout(next, every);
  }
  if (pages.length > 1) show(0);
  setTimeout(next, pages.length > 1 ? every : every * 4);
})();
