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

  /* A moment the server wrote in the event's zone, named (<time datetime="…+02:00" data-local-time>),
     is rewritten in the reader's own zone and the page's language; the words around it are the page's.
     Without the script, or where the browser cannot say it, the event's time stays. */
  var LOCAL_TIME = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
                     timeZoneName: "short" };
  function localTimes() {
    var said;
    try {
      said = new Intl.DateTimeFormat(document.documentElement.lang || undefined, LOCAL_TIME);
    } catch (error) {
      return;
    }
    document.querySelectorAll("[data-local-time]").forEach(function (element) {
      var moment = new Date(element.getAttribute("datetime"));
      if (isNaN(moment.getTime())) return;
      var text = said.format(moment);
      if (element.textContent !== text) element.textContent = text;
    });
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

  /* The desk's registration box. Each Enter takes the name typed at once and empties the box,
     so a name typed while the one before is saving is never lost (a barcode scanner types a
     name in milliseconds): names wait in order and go together in the next request, one
     request at a time. When the players' list comes back, whatever is in the name box or the
     paste box stays there; names the server refused come back in them to be corrected. */
  var waiting = [];
  var saving = false;

  function sendWaiting() {
    var form = document.querySelector("form[data-name-queue]");
    if (saving || !waiting.length || !form) return;
    var batch = waiting.splice(0, waiting.length);
    var values = batch.length === 1 ? { names: batch[0] } : { names: batch.join("\n"), paste: "1" };
    saving = true;
    /* Sent from the players' region, not the form: the form's own box is empty by now, and htmx would
       check it as a required field; the CSRF token comes with every htmx request (base.html). */
    window.htmx.ajax("POST", form.getAttribute("action"), { source: "#players", target: "#players",
                                                            swap: "outerHTML", values: values })
      .then(function () { saving = false; sendWaiting(); },
            function () { saving = false; keepInPasteBox(batch.join("\n")); });
  }

  function keepInPasteBox(text) {
    var box = document.querySelector("form[data-name-list] textarea");
    if (!box || !text) return;
    box.value = box.value.trim() ? box.value.trim() + "\n" + text : text;
    box.closest("details").open = true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-name-queue]");
    if (!form || !window.htmx) return;  /* before htmx loads, the form posts as any form does */
    event.preventDefault();
    var input = form.querySelector("input[name=names]");
    if (input.value.trim()) waiting.push(input.value.trim());
    input.value = "";
    sendWaiting();
  });

  var kept = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target.id !== "players") return;
    var input = document.querySelector("form[data-name-queue] input[name=names]");
    var box = document.querySelector("form[data-name-list] textarea");
    /* The paste box's own request sent its text: what comes back replaces it. */
    var fromPasteBox = event.detail.requestConfig && event.detail.requestConfig.elt &&
      event.detail.requestConfig.elt.closest("form[data-name-list]");
    kept = { typed: input ? input.value : "", focused: document.activeElement === input,
             pasted: box && !fromPasteBox ? box.value : "" };
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!kept || event.detail.target.id !== "players") return;
    var input = document.querySelector("form[data-name-queue] input[name=names]");
    if (input && kept.typed.trim() && !input.value.trim()) input.value = kept.typed;
    else if (kept.typed.trim()) keepInPasteBox(kept.typed.trim());
    var box = document.querySelector("form[data-name-list] textarea");
    if (box && kept.pasted.trim() && box.value.trim() !== kept.pasted.trim()) keepInPasteBox(kept.pasted.trim());
    if (input && kept.focused) input.focus();
    kept = null;
  });

  /* A button or poll htmx sent while the database was unreachable: its 503 page says what
     happened ("Not saved: ... nothing was changed"); say it above the page, where it was pressed. */
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status !== 503) return;
    var said = new DOMParser().parseFromString(xhr.responseText, "text/html").querySelector("[data-unavailable]");
    if (!said) return;
    var box = document.getElementById("unavailable") || document.createElement("p");
    box.id = "unavailable";
    box.className = "bad";
    box.setAttribute("role", "alert");
    box.textContent = said.textContent.trim();
    (document.querySelector("main") || document.body).prepend(box);
  });

  markMine();
  document.addEventListener("htmx:afterSettle", markMine);
  /* A poll or a button brings the clock anew, its time in the event's zone again. */
  localTimes();
  document.addEventListener("htmx:afterSettle", localTimes);
  tick();
  setInterval(tick, 250);
  if (document.querySelector("[data-pages]")) {
    page = -1;
    turnPage();
    setInterval(turnPage, 12000);
    document.addEventListener("htmx:afterSettle", function () { page -= 1; turnPage(); });
  }
})();
