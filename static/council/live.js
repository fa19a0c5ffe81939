/* Council's own small script: the round clock counting down, the projector's pages,
   the print button, confirmations. Pages work without it; it only keeps them moving between polls. */
(function () {
  "use strict";

  function format(seconds) {
    var whole = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
    var mm = (m < 10 ? "0" : "") + m, ss = (s < 10 ? "0" : "") + s;
    return h ? h + ":" + mm + ":" + ss : mm + ":" + ss;
  }

  /* The server sends its end time and its own time at render: counting against the
     server's time keeps a phone whose clock is wrong on the official time. The smallest
     difference seen is the truest (a slow answer only adds to it). */
  var offset = null;
  function tickClock(clock, now) {
    var data = clock.dataset;
    if (!data.seen) {
      data.seen = "1";
      var difference = now - Number(data.now);
      if (offset === null || difference < offset) offset = difference;
    }
    var left, phase;
    if (data.ends) {
      left = (Number(data.ends) - (now - offset)) / 1000;
      phase = left <= 0 ? "time" : left <= Number(data.warning) ? "warning" : "running";
    } else {
      left = Number(data.remaining);
      phase = data.state;
    }
    var time = clock.querySelector("[data-clock-time]");
    var text = format(left);
    if (time && time.textContent !== text) time.textContent = text;
    if (data.phase !== phase) {
      data.phase = phase;
      var status = clock.querySelector("[data-clock-status]");
      var said = clock.querySelector(".clock-" + phase);
      if (status) status.textContent = said ? said.textContent.trim() : "";
    }
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-clock]").forEach(function (clock) { tickClock(clock, now); });
  }

  /* The projector shows as many tables as fit the screen, then the next ones. */
  var page = 0;
  function turnPage() {
    var board = document.querySelector("[data-pages]");
    if (!board) return;
    var items = Array.prototype.slice.call(board.children);
    items.forEach(function (item) { item.hidden = false; });
    var bottom = board.getBoundingClientRect().bottom;
    var perPage = items.filter(function (item) { return item.getBoundingClientRect().bottom <= bottom; }).length;
    var pages = perPage ? Math.ceil(items.length / perPage) : 1;
    page = (page + 1) % pages;
    items.forEach(function (item, index) {
      item.hidden = Math.floor(index / perPage) !== page;
    });
    var counter = document.querySelector("[data-page-counter]");
    if (counter) {
      /* The words come translated with the page ("Page {page} of {pages}"): the script knows no language. */
      var words = counter.getAttribute("data-page-of") || "{page} / {pages}";
      counter.textContent = pages > 1 ? words.replace("{page}", page + 1).replace("{pages}", pages) : "";
    }
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) window.print();
  });

  /* A form marked data-confirm asks before it changes anything that cannot be taken back. */
  document.addEventListener("submit", function (event) {
    var question = event.target.getAttribute("data-confirm");
    if (question && !window.confirm(question)) event.preventDefault();
  });

  /* The tables are the same for every phone; a phone that said "this is me" marks its
     own rows (the region carries data-me, each row the players it concerns). On a page
     every phone shares, the phone's link lands on its own row (#table-12), marked again
     after each poll brings the page anew. */
  function markMine() {
    var landed = location.hash.length > 1 && document.getElementById(location.hash.slice(1));
    if (landed && landed.tagName === "TR") landed.classList.add("mine");
    var region = document.querySelector("[data-me]");
    if (!region) return;
    var me = region.getAttribute("data-me");
    region.querySelectorAll("[data-players]").forEach(function (row) {
      row.classList.toggle("mine", row.getAttribute("data-players").split(" ").indexOf(me) !== -1);
    });
  }

  markMine();
  document.addEventListener("htmx:afterSettle", markMine);
  tick();
  setInterval(tick, 250);
  if (document.querySelector("[data-pages]")) {
    page = -1;
    turnPage();
    setInterval(turnPage, 12000);
    document.addEventListener("htmx:afterSettle", function () { page -= 1; turnPage(); });
  }
})();
