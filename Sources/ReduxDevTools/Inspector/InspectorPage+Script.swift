extension InspectorPage {
    /// The page's script. It reads the two data blocks ``InspectorPayload`` writes, renders the
    /// action list and the step named by the fragment synchronously (so a headless browser's DOM
    /// dump shows them), and builds state trees only for the selected step.
    static let script = #"""
    (function () {
      "use strict";
      var ID = 0, TYPE = 1, OUTCOME = 2, ORIGIN = 3, CLOCK = 4, TIME = 5, SKIPPED = 6, PAYLOAD = 7, STATE = 8, ENTRY = 9;
      var PAGE = 100, MAX_CHANGES = 1000, AUTO_OPEN = 200;
      // The data is read once; the blocks are then emptied, so the document a browser keeps
      // (and a DOM dump writes) does not carry the recording twice.
      var entriesBlock = document.getElementById("recording-entries"), statesBlock = document.getElementById("recording-states");
      var entries = JSON.parse(entriesBlock.textContent);
      var stateLines = statesBlock.textContent.split("\n");
      entriesBlock.textContent = "";
      statesBlock.textContent = "";
      var count = entries.length;
      var $ = function (id) { return document.getElementById(id); };
      var list = $("actions"), filterInput = $("filter"), shownCount = $("shown-count"), scrubber = $("scrubber");
      var canvas = $("timeline"), detail = $("detail"), notice = $("notice");
      var filterText = "", shown = [], selected = count - 1;
      var parsed = new Map();
      var hasOwn = function (object, key) { return Object.prototype.hasOwnProperty.call(object, key); };

      function stateAt(index) {
        var line = entries[index][STATE];
        if (parsed.has(line)) return parsed.get(line);
        if (parsed.size >= 64) parsed.clear();
        var value = JSON.parse(stateLines[line]);
        parsed.set(line, value);
        return value;
      }

      // Formatting.
      function grouped(n) { return n.toLocaleString("en-US"); }
      function noun(n) { return n === 1 ? "entry" : "entries"; }
      function clockText(ms) { return ms === null ? "" : "+" + (ms / 1000).toFixed(3) + " s"; }
      function timeText(ms) { var date = new Date(ms); return isNaN(date.getTime()) ? String(ms) : date.toISOString(); }
      function escapeHTML(text) {
        return String(text).replace(/[&<>"']/g, function (c) {
          return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }[c];
        });
      }
      function outcomeClass(index) {
        var outcome = entries[index][OUTCOME];
        if (index === 0) return "init";
        if (outcome === null) return "other";
        var name = outcome.split("(")[0];
        if (name === "reduced") return "reduced";
        if (name === "failed" || name === "refused" || name === "cancelled" || name === "rejected") return "bad";
        return "other";
      }
      function kindOf(value) { return value === null ? "null" : Array.isArray(value) ? "array" : typeof value; }
      var identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
      function childPath(parent, key, isIndex) {
        if (isIndex) return parent + "[" + key + "]";
        if (identifier.test(key)) return parent === "" ? key : parent + "." + key;
        return parent + "[" + JSON.stringify(key) + "]";
      }
      function shownPath(path) { return path === "" ? "(root)" : path; }
      // A value as JSON, except numbers JSON cannot write (1e400 parses as Infinity).
      function jsonText(value) {
        return typeof value === "number" && !isFinite(value) ? String(value) : JSON.stringify(value);
      }
      function preview(value) {
        var text = jsonText(value);
        return text.length > 160 ? text.slice(0, 157) + "…" : text;
      }

      // The action list.
      function rowHTML(index) {
        var entry = entries[index], outcome = entry[OUTCOME], isSelected = index === selected;
        return "<li class=\"action-row" + (isSelected ? " selected" : "") + (entry[SKIPPED] ? " skipped" : "") +
          "\" role=\"option\" aria-selected=\"" + isSelected + "\" data-step=\"" + index + "\" data-id=\"" + entry[ID] +
          "\" data-type=\"" + escapeHTML(entry[TYPE]) + "\"" + (outcome === null ? "" : " data-outcome=\"" + escapeHTML(outcome) + "\"") + ">" +
          "<span class=\"step-index\">" + index + "</span><span class=\"action-type\">" + escapeHTML(entry[TYPE]) + "</span>" +
          "<span class=\"outcome " + outcomeClass(index) + "\" title=\"" + escapeHTML(outcome === null ? "" : outcome) + "\">" +
          escapeHTML(index === 0 ? "initial state" : outcome === null ? "" : outcome) + "</span>" +
          "<span class=\"row-meta\"><span class=\"origin\">" + escapeHTML(entry[ORIGIN] || "") + "</span><span class=\"clock\">" +
          clockText(entry[CLOCK]) + "</span><span class=\"time\">" + timeText(entry[TIME]) + "</span></span></li>";
      }
      function matches(index) {
        return filterText === "" || entries[index][TYPE].toLowerCase().indexOf(filterText.toLowerCase()) >= 0;
      }
      function renderList() {
        var parts = [];
        shown = [];
        for (var index = 0; index < count; index++) {
          if (!matches(index)) continue;
          shown.push(index);
          parts.push(rowHTML(index));
        }
        list.innerHTML = parts.join("");
        shownCount.dataset.shown = String(shown.length);
        shownCount.textContent = "Showing " + grouped(shown.length) + " of " + grouped(count) + " " + noun(count);
      }
      function rowFor(index) { return list.querySelector("li[data-step=\"" + index + "\"]"); }
      function markSelectedRow(scroll) {
        var old = list.querySelectorAll("li.selected");
        for (var i = 0; i < old.length; i++) { old[i].classList.remove("selected"); old[i].setAttribute("aria-selected", "false"); }
        var row = rowFor(selected);
        if (!row) return;
        row.classList.add("selected");
        row.setAttribute("aria-selected", "true");
        if (scroll && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
      }

      // Differences between two states: each change with its path, the marks for the new
      // state's tree (added, or changed for a changed value and every container above one), and
      // per container the children to show even beyond the first page.
      function Changes() { this.list = []; this.marks = new Map(); this.marked = new Map(); this.autoOpen = AUTO_OPEN; }
      Changes.prototype.mark = function (parent, child, path, kind) {
        this.marks.set(path, kind);
        if (parent === null) return;
        if (!this.marked.has(parent)) this.marked.set(parent, []);
        this.marked.get(parent).push(child);
      };
      function compare(before, after, path, parent, child, changes) {
        var kindBefore = kindOf(before), kindAfter = kindOf(after), any = false, key, index;
        if (kindBefore === "object" && kindAfter === "object") {
          for (key in before) {
            if (!hasOwn(before, key)) continue;
            var beforePath = childPath(path, key, false);
            if (!hasOwn(after, key)) { changes.list.push({ kind: "removed", path: beforePath, before: before[key] }); any = true; }
            else if (compare(before[key], after[key], beforePath, path, key, changes)) any = true;
          }
          for (key in after) {
            if (!hasOwn(after, key) || hasOwn(before, key)) continue;
            var addedPath = childPath(path, key, false);
            changes.list.push({ kind: "added", path: addedPath, after: after[key] });
            changes.mark(path, key, addedPath, "added");
            any = true;
          }
        } else if (kindBefore === "array" && kindAfter === "array") {
          var common = Math.min(before.length, after.length);
          for (index = 0; index < common; index++) {
            if (compare(before[index], after[index], childPath(path, index, true), path, index, changes)) any = true;
          }
          for (index = common; index < before.length; index++) {
            changes.list.push({ kind: "removed", path: childPath(path, index, true), before: before[index] });
            any = true;
          }
          for (index = common; index < after.length; index++) {
            var elementPath = childPath(path, index, true);
            changes.list.push({ kind: "added", path: elementPath, after: after[index] });
            changes.mark(path, index, elementPath, "added");
            any = true;
          }
        } else if (kindBefore !== kindAfter || before !== after) {
          changes.list.push({ kind: "changed", path: path, before: before, after: after });
          changes.mark(parent, child, path, "changed");
          return true;
        }
        if (any) changes.mark(parent, child, path, "changed");
        return any;
      }
      function renderChanges(container, changes) {
        container.textContent = "";
        var ul = document.createElement("ul");
        var limit = Math.min(changes.list.length, MAX_CHANGES);
        for (var i = 0; i < limit; i++) {
          var change = changes.list[i], li = document.createElement("li");
          li.className = "change " + change.kind;
          li.dataset.path = change.path;
          li.textContent = shownPath(change.path) + ": " + (change.kind === "added" ? "+ " + preview(change.after)
            : change.kind === "removed" ? "− " + preview(change.before)
            : preview(change.before) + " → " + preview(change.after));
          ul.appendChild(li);
        }
        container.appendChild(ul);
        if (changes.list.length > limit) {
          var more = document.createElement("p");
          more.className = "empty";
          more.textContent = "… and " + grouped(changes.list.length - limit) + " more changes";
          container.appendChild(more);
        }
      }

      // Trees: a node per value, children built when their node is opened (the top two levels,
      // and containers on a changed path or added, up to AUTO_OPEN of them, open at once), 100 at
      // a time, with up to 100 marked children beyond the first page shown too.
      function buildNode(label, path, value, changes, depth) {
        var node = document.createElement("div"), kind = kindOf(value), mark = changes.marks.get(path);
        node.className = mark ? "node " + mark : "node";
        node.dataset.path = path;
        if (kind !== "object" && kind !== "array") {
          node.innerHTML = "<span class=\"key\"></span>: <span class=\"value\"></span>";
          node.firstChild.textContent = label;
          node.lastChild.textContent = jsonText(value);
          return node;
        }
        var keys = kind === "array" ? null : Object.keys(value);
        var size = kind === "array" ? value.length : keys.length;
        var details = document.createElement("details"), summary = document.createElement("summary");
        summary.innerHTML = "<span class=\"key\"></span> <span class=\"summary\"></span>";
        summary.firstChild.textContent = label;
        summary.lastChild.textContent = kind === "array" ? "[" + grouped(size) + (size === 1 ? " item]" : " items]")
          : "{" + grouped(size) + (size === 1 ? " key}" : " keys}");
        details.appendChild(summary);
        node.appendChild(details);
        var built = false;
        function build() {
          if (built) return;
          built = true;
          var children = document.createElement("div");
          children.className = "children";
          details.appendChild(children);
          appendChildren(children, value, kind, keys, path, changes, depth + 1);
        }
        if (depth < 2 || (changes.marks.has(path) && changes.autoOpen > 0)) {
          if (depth >= 2) changes.autoOpen--;
          details.open = true;
          build();
        }
        else details.addEventListener("toggle", function () { if (details.open) build(); });
        return node;
      }
      function appendChildren(container, value, kind, keys, path, changes, depth) {
        var size = kind === "array" ? value.length : keys.length;
        function childNode(position) {
          return kind === "array" ? buildNode(String(position), childPath(path, position, true), value[position], changes, depth)
            : buildNode(keys[position], childPath(path, keys[position], false), value[keys[position]], changes, depth);
        }
        function moreButton(start, end) {
          var button = document.createElement("button");
          button.className = "more";
          button.type = "button";
          button.textContent = "… " + grouped(end - start) + " more (" + (kind === "array" ? "items " : "keys ") + grouped(start) + "–" + grouped(end - 1) + ")";
          button.addEventListener("click", function () {
            var stop = Math.min(end, start + PAGE);
            for (var position = start; position < stop; position++) container.insertBefore(childNode(position), button);
            if (stop < end) container.insertBefore(moreButton(stop, end), button);
            button.remove();
          });
          return button;
        }
        var wanted = [], position;
        for (position = 0; position < Math.min(size, PAGE); position++) wanted.push(position);
        var marked = changes.marked.get(path) || [], extra = 0, keyPositions = null;
        if (kind !== "array" && marked.length > 0 && size > PAGE) {
          keyPositions = new Map();
          for (position = 0; position < size; position++) keyPositions.set(keys[position], position);
        }
        for (var i = 0; i < marked.length && extra < PAGE; i++) {
          position = kind === "array" ? marked[i] : keyPositions === null ? -1 : keyPositions.get(marked[i]);
          if (position >= PAGE) { wanted.push(position); extra++; }
        }
        wanted.sort(function (a, b) { return a - b; });
        var next = 0;
        for (i = 0; i < wanted.length; i++) {
          position = wanted[i];
          if (position < next) continue;
          if (position > next) container.appendChild(moreButton(next, position));
          container.appendChild(childNode(position));
          next = position + 1;
        }
        if (next < size) container.appendChild(moreButton(next, size));
      }
      function renderTree(container, label, value, changes) {
        container.textContent = "";
        container.appendChild(buildNode(label, "", value, changes, 0));
      }

      // An action without a payload may carry other fields beside its type (another library's
      // actions): those, or null when there are none. Defined, not assigned, so a field named
      // "__proto__" stays a field.
      function actionFields(action) {
        var fields = {}, any = false;
        if (action === null || typeof action !== "object" || Array.isArray(action)) return null;
        for (var key in action) {
          if (!hasOwn(action, key) || key === "type") continue;
          Object.defineProperty(fields, key, { value: action[key], enumerable: true, writable: true, configurable: true });
          any = true;
        }
        return any ? fields : null;
      }

      // The selected step.
      function renderDetail(index) {
        var entry = entries[index];
        detail.dataset.step = String(index);
        detail.dataset.id = String(entry[ID]);
        $("detail-type").textContent = entry[TYPE];
        var facts = ["step " + grouped(index) + " of " + grouped(count - 1), "id " + entry[ID]];
        if (entry[OUTCOME] !== null) facts.push(entry[OUTCOME]);
        if (entry[ORIGIN] !== null) facts.push(entry[ORIGIN]);
        if (entry[CLOCK] !== null) facts.push(clockText(entry[CLOCK]));
        facts.push(timeText(entry[TIME]));
        if (entry[SKIPPED]) facts.push("skipped");
        $("detail-meta").textContent = facts.join(" · ");
        var payload = $("payload");
        var fields = entry.length > ENTRY ? actionFields(entry[ENTRY]) : null;
        if (entry[PAYLOAD] !== null) {
          renderTree(payload, "payload", entry[PAYLOAD], new Changes());
        } else if (fields !== null) {
          renderTree(payload, "action", fields, new Changes());
        } else {
          payload.innerHTML = "<p class=\"empty\">no payload</p>";
        }
        var state = stateAt(index), changes = new Changes(), diff = $("diff");
        if (index === 0) {
          diff.innerHTML = "<p class=\"no-change\">initial state</p>";
        } else if (entry[STATE] === entries[index - 1][STATE]) {
          diff.innerHTML = "<p class=\"no-change\">no change: the state is the previous step's</p>";
        } else {
          compare(stateAt(index - 1), state, "", null, null, changes);
          if (changes.list.length === 0) diff.innerHTML = "<p class=\"no-change\">no change that this page can show: the recorded JSON differs only in how numbers are written or beyond the precision of JavaScript's numbers</p>";
          else renderChanges(diff, changes);
        }
        renderTree($("state"), "state", state, changes);
      }

      // The timeline: one tick per entry at its clock offset (or its timestamp), coloured by outcome.
      var positions = (function () {
        var start = entries[0][TIME], values = new Array(count), low = Infinity, high = -Infinity;
        for (var i = 0; i < count; i++) {
          var value = entries[i][CLOCK] !== null ? entries[i][CLOCK] : entries[i][TIME] - start;
          values[i] = value;
          if (value < low) low = value;
          if (value > high) high = value;
        }
        for (i = 0; i < count; i++) values[i] = high > low ? (values[i] - low) / (high - low) : count > 1 ? i / (count - 1) : 0.5;
        return values;
      })();
      var colours = { init: "#1a7f37", reduced: "#2f6fde", bad: "#d92d20", other: "#98a2b3" };
      function drawTimeline() {
        var ratio = window.devicePixelRatio || 1, width = canvas.clientWidth || 800, height = canvas.clientHeight || 44;
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
        var context = canvas.getContext("2d");
        if (!context) return;
        context.scale(ratio, ratio);
        context.clearRect(0, 0, width, height);
        context.fillStyle = "rgba(127,127,127,0.25)";
        context.fillRect(0, height - 10, width, 1);
        for (var i = 0; i < count; i++) {
          var x = 6 + positions[i] * (width - 12), faded = !matches(i);
          context.globalAlpha = faded ? 0.15 : 0.85;
          context.fillStyle = colours[outcomeClass(i)];
          context.fillRect(x - 0.5, 8, 1.5, height - 20);
        }
        context.globalAlpha = 1;
        var selectedX = 6 + positions[selected] * (width - 12);
        context.fillStyle = getComputedStyle(document.documentElement).getPropertyValue("--accent") || "#2f6fde";
        context.fillRect(selectedX - 1.5, 0, 3, height - 4);
        context.beginPath();
        context.moveTo(selectedX - 6, 0);
        context.lineTo(selectedX + 6, 0);
        context.lineTo(selectedX, 7);
        context.fill();
      }
      function nearestAt(clientX) {
        var box = canvas.getBoundingClientRect(), at = (clientX - box.left - 6) / Math.max(box.width - 12, 1);
        var best = -1, distance = Infinity;
        for (var i = 0; i < count; i++) {
          if (!matches(i)) continue;
          var d = Math.abs(positions[i] - at);
          if (d < distance) { distance = d; best = i; }
        }
        return best;
      }

      // Selection, filter and the fragment.
      function writeFragment() {
        showNotice("");
        var fragment = "#step=" + selected + (filterText ? "&filter=" + encodeURIComponent(filterText) : "");
        if (location.hash === fragment) return;
        try { history.replaceState(null, "", fragment); } catch (error) { /* a browser that refuses: the page still works */ }
      }
      function select(index, scroll) {
        selected = index;
        markSelectedRow(scroll);
        scrubber.value = String(index);
        scrubber.setAttribute("value", String(index));
        renderDetail(index);
        drawTimeline();
      }
      function showNotice(text) {
        notice.textContent = text;
        notice.hidden = text === "";
      }
      // The fragment's name=value pairs, percent-decoded (a "+" stays a plus: the page writes
      // its links with encodeURIComponent); the first of a repeated name wins.
      function fragmentParameters(hash) {
        var result = {}, pairs = hash.replace(/^#/, "").split("&");
        for (var i = 0; i < pairs.length; i++) {
          if (pairs[i] === "") continue;
          var at = pairs[i].indexOf("="), name = at < 0 ? pairs[i] : pairs[i].slice(0, at), value = at < 0 ? "" : pairs[i].slice(at + 1);
          try { name = decodeURIComponent(name); value = decodeURIComponent(value); } catch (error) { /* kept as written */ }
          if (!hasOwn(result, name)) result[name] = value;
        }
        return result;
      }
      function applyFragment() {
        var params = fragmentParameters(location.hash);
        filterText = params.filter || "";
        filterInput.value = filterText;
        filterInput.setAttribute("value", filterText);
        var step = hasOwn(params, "step") ? params.step : null, target = count - 1, message = "";
        if (step !== null && step !== "") {
          if (/^[0-9]+$/.test(step) && Number(step) < count) target = Number(step);
          else message = "Step " + step + " is not in this recording (it holds steps 0–" + (count - 1) + "): showing the last step.";
        }
        showNotice(message);
        selected = target;
        renderList();
        select(target, true);
        // A step the recording does not hold: the address now names the step shown.
        if (message !== "") {
          try { history.replaceState(null, "", "#step=" + target + (filterText ? "&filter=" + encodeURIComponent(filterText) : "")); } catch (error) { /* kept */ }
        }
      }

      list.addEventListener("click", function (event) {
        var row = event.target.closest ? event.target.closest("li.action-row") : null;
        if (!row) return;
        select(Number(row.dataset.step), false);
        writeFragment();
      });
      list.addEventListener("keydown", function (event) {
        if (shown.length === 0) return;
        var at = shown.indexOf(selected), next;
        if (event.key === "ArrowDown") next = shown[Math.min(at < 0 ? 0 : at + 1, shown.length - 1)];
        else if (event.key === "ArrowUp") next = shown[Math.max(at < 0 ? 0 : at - 1, 0)];
        else if (event.key === "Home") next = shown[0];
        else if (event.key === "End") next = shown[shown.length - 1];
        else return;
        event.preventDefault();
        select(next, true);
        writeFragment();
      });
      filterInput.addEventListener("input", function () {
        filterText = filterInput.value;
        filterInput.setAttribute("value", filterText);
        renderList();
        markSelectedRow(false);
        drawTimeline();
        writeFragment();
      });
      scrubber.addEventListener("input", function () {
        select(Number(scrubber.value), true);
        writeFragment();
      });
      canvas.addEventListener("click", function (event) {
        var index = nearestAt(event.clientX);
        if (index < 0) return;
        select(index, true);
        writeFragment();
      });
      canvas.addEventListener("mousemove", function (event) {
        var index = nearestAt(event.clientX);
        canvas.title = index < 0 ? "" : index + " · " + entries[index][TYPE];
      });
      window.addEventListener("hashchange", applyFragment);
      window.addEventListener("resize", drawTimeline);
      applyFragment();
    })();

    """#
}
