extension InspectorPage {
    /// The page's static markup: the header, the timeline, the list and the detail panes, which
    /// the script fills. `title` is already escaped.
    static func body(title: String, entryCount: Int) -> String {
        let count = InspectorPayload.grouped(entryCount)
        let noun = entryCount == 1 ? "entry" : "entries"
        return """
        <main id="inspector" data-entries="\(entryCount)">
        <header id="top">
          <h1 id="title">\(title)</h1>
          <span id="entry-count">\(count) \(noun)</span>
          <p id="notice" role="status" hidden></p>
        </header>
        <section id="timeline-pane" aria-label="Timeline">
          <canvas id="timeline" height="44" aria-label="Timeline: one tick per entry, by time"></canvas>
          <input type="range" id="scrubber" min="0" max="\(max(entryCount - 1, 0))" value="\(max(entryCount - 1, 0))" aria-label="Step">
          <div id="legend"><span class="o-reduced">reduced</span> <span class="o-rejected">rejected or failed</span> <span class="o-other">other</span> <span class="o-init">@@INIT</span></div>
        </section>
        <div id="panes">
        <section id="list-pane" aria-label="Actions">
          <div id="list-tools">
            <input type="search" id="filter" placeholder="Filter by action identity" aria-label="Filter by action identity" autocomplete="off" spellcheck="false">
            <span id="shown-count" data-shown="\(entryCount)">Showing \(count) of \(count) \(noun)</span>
          </div>
          <ol id="actions" role="listbox" aria-label="Action list" tabindex="0"></ol>
        </section>
        <section id="detail" aria-live="polite">
          <h2 id="detail-type"></h2>
          <p id="detail-meta"></p>
          <h3>Payload</h3>
          <div id="payload" class="tree"></div>
          <h3>Changes from the previous step</h3>
          <div id="diff"></div>
          <h3>State</h3>
          <div id="state" class="tree"></div>
        </section>
        </div>
        <noscript><p>This page draws the recording with its own script: allow scripts for this file to see it.</p></noscript>
        </main>

        """
    }

    /// The page's style sheet: light and dark schemes, two panes side by side (stacked on a
    /// narrow window).
    static let style = """
    :root { color-scheme: light dark; --bg: #ffffff; --fg: #1d1f23; --muted: #667085; --line: #d9dde3;
      --panel: #f6f7f9; --select: #dbe8ff; --added: #1a7f37; --added-bg: #e6f6ea; --removed: #b42318;
      --removed-bg: #fdeceb; --changed: #9a6700; --changed-bg: #fff4d6; --accent: #2f6fde; }
    @media (prefers-color-scheme: dark) { :root { --bg: #16181c; --fg: #e6e8eb; --muted: #98a2b3; --line: #2e333b;
      --panel: #1e2127; --select: #233a63; --added: #5fd17c; --added-bg: #16301f; --removed: #ff8577;
      --removed-bg: #3a1b19; --changed: #f2c45a; --changed-bg: #3a2f12; --accent: #77a5ff; } }
    * { box-sizing: border-box; }
    html, body { margin: 0; height: 100%; background: var(--bg); color: var(--fg);
      font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
    main { display: flex; flex-direction: column; height: 100%; }
    header { display: flex; align-items: baseline; gap: 1em; padding: 8px 14px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
    h1 { font-size: 16px; margin: 0; }
    #entry-count { color: var(--muted); }
    #notice { margin: 0; padding: 2px 8px; border-radius: 4px; background: var(--changed-bg); color: var(--changed); }
    #timeline-pane { padding: 6px 14px; border-bottom: 1px solid var(--line); background: var(--panel); }
    #timeline { width: 100%; height: 44px; display: block; cursor: pointer; }
    #scrubber { width: 100%; margin: 4px 0 0; }
    #legend { color: var(--muted); font-size: 11px; }
    #legend span::before { content: ""; display: inline-block; width: 8px; height: 8px; margin-right: 4px; border-radius: 2px; }
    .o-reduced::before { background: #2f6fde; } .o-rejected::before { background: #d92d20; }
    .o-other::before { background: #98a2b3; } .o-init::before { background: #1a7f37; }
    #panes { display: flex; flex: 1; min-height: 0; }
    #list-pane { width: 42%; min-width: 280px; display: flex; flex-direction: column; border-right: 1px solid var(--line); }
    #list-tools { padding: 8px; display: flex; flex-direction: column; gap: 4px; border-bottom: 1px solid var(--line); }
    #filter { width: 100%; padding: 5px 8px; border: 1px solid var(--line); border-radius: 5px; background: var(--bg); color: var(--fg); }
    #shown-count { color: var(--muted); font-size: 12px; }
    #actions { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; outline: none; }
    .action-row { content-visibility: auto; contain-intrinsic-size: auto 44px; display: grid; grid-template-columns: 4.5em minmax(0, 1fr) auto; grid-template-rows: auto auto; column-gap: 8px;
      padding: 4px 10px; border-bottom: 1px solid var(--line); cursor: pointer; }
    .action-row:hover { background: var(--panel); }
    .action-row.selected { background: var(--select); }
    .action-row.skipped .action-type { text-decoration: line-through; color: var(--muted); }
    .step-index { color: var(--muted); font-variant-numeric: tabular-nums; grid-row: span 2; }
    .action-type { font-weight: 600; overflow-wrap: anywhere; }
    .outcome { font-size: 11px; padding: 0 6px; border-radius: 8px; align-self: start; max-width: 16em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .outcome:empty { display: none; }
    .outcome.reduced { background: var(--select); color: var(--accent); }
    .outcome.bad { background: var(--removed-bg); color: var(--removed); }
    .outcome.other { background: var(--panel); color: var(--muted); }
    .outcome.init { background: var(--added-bg); color: var(--added); }
    .row-meta span:empty { display: none; }
    .row-meta { grid-column: 2 / span 2; color: var(--muted); font-size: 11px; display: flex; gap: 10px; font-variant-numeric: tabular-nums; }
    #detail { flex: 1; overflow: auto; padding: 10px 16px 40px; min-width: 0; }
    #detail h2 { margin: 0 0 2px; font-size: 16px; overflow-wrap: anywhere; }
    #detail h3 { margin: 16px 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
    #detail-meta { margin: 0; color: var(--muted); }
    .tree, #diff { font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, "DejaVu Sans Mono", monospace; }
    .tree .children { padding-left: 16px; border-left: 1px dotted var(--line); margin-left: 4px; }
    .tree summary { cursor: pointer; }
    .key { color: var(--accent); }
    .summary { color: var(--muted); }
    .node.added > .value, .node.added > details > summary { background: var(--added-bg); color: var(--added); }
    .node.changed > .value, .node.changed > details > summary .summary { background: var(--changed-bg); color: var(--changed); }
    .node.added::after { content: " added"; color: var(--added); font-size: 10px; }
    .node.changed:not(:has(> details))::after { content: " changed"; color: var(--changed); font-size: 10px; }
    #diff ul { list-style: none; margin: 0; padding: 0; }
    .change { padding: 1px 6px; border-radius: 3px; margin: 1px 0; overflow-wrap: anywhere; }
    .change.added { background: var(--added-bg); color: var(--added); }
    .change.removed { background: var(--removed-bg); color: var(--removed); }
    .change.changed { background: var(--changed-bg); color: var(--changed); }
    .no-change, .empty { color: var(--muted); margin: 0; }
    button.more { font: inherit; margin: 2px 0; padding: 1px 8px; border: 1px solid var(--line); border-radius: 4px; background: var(--panel); color: var(--fg); cursor: pointer; }
    @media (max-width: 760px) { #panes { flex-direction: column; } #list-pane { width: 100%; height: 45%; border-right: 0; border-bottom: 1px solid var(--line); } }

    """
}
