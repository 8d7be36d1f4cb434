// The party's projector pages through itself: each block ([data-pages]) shows as many of its items ([data-item], or
// its tables' rows) as the screen holds without scrolling, one block at a time, the next page every few seconds (→ or
// the space bar turns it at once); after the last page the page is fetched again, so the next seating, or the end of
// the party, shows. Without script everything shows.
(function () {
  "use strict";
  var blocks = Array.prototype.slice.call(document.querySelectorAll("[data-pages]"));
  if (!blocks.length) return;
  var every = Number(document.body.dataset.every || 8000);
  var counter = document.getElementById("pager-page");
  var root = document.documentElement;
  function itemsOf(block) {  // its [data-item]s, else the rows of its tables (the standings)
    var items = block.querySelectorAll("[data-item]");
    return Array.prototype.slice.call(items.length ? items : block.querySelectorAll("table tbody tr"));
  }
  function scrolls() { return root.scrollHeight > window.innerHeight + 1; }
  function lay(block, items, start, end) {
    blocks.forEach(function (other) { other.hidden = other !== block; });
    items.forEach(function (item, i) { item.hidden = i < start || i >= end; });
  }
  function fill(block, items, start) {  // the end of the page that starts at `start`: at least one item
    lay(block, items, start, items.length);
    var end = start + 1;
    while (end < items.length && items[end].getBoundingClientRect().bottom <= window.innerHeight - 4) end += 1;
    lay(block, items, start, end);
    while (end > start + 1 && scrolls()) { end -= 1; lay(block, items, start, end); }
    return end;
  }
  var pages = [];
  blocks.forEach(function (block) {
    var items = itemsOf(block);
    if (!items.length) { pages.push({ block: block, items: items, start: 0, end: 0 }); return; }
    for (var start = 0; start < items.length;) {
      var end = fill(block, items, start);
      pages.push({ block: block, items: items, start: start, end: end });
      start = end;
    }
  });
  var shown = 0, timer = null;
  function show(number) {
    var page = pages[number];
    lay(page.block, page.items, page.start, page.end);
    if (counter) counter.textContent = "· page " + (number + 1) + " of " + pages.length;
  }
  function next() {
    clearTimeout(timer);
    shown += 1;
    if (shown >= pages.length) { window.location.reload(); return; }
    show(shown);
    timer = setTimeout(next, every);
  }
  show(0);
  timer = setTimeout(next, pages.length > 1 ? every : Math.max(every, 20000));
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight" || event.key === " ") { event.preventDefault(); next(); }
  });
})();
