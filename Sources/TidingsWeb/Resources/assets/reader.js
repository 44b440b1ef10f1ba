// Tidings web reader: progressive enhancement only. Every page works without this script; with
// it, "Load more" becomes infinite scroll, Refresh adds new items on top without a reload, a
// "3 new" pill follows the section's live updates and puts them on top where the reader is,
// dismissing a card does not reload, images that fail show the placeholder, and j/k/o move
// between cards and open one. No inline code: the page's Content-Security-Policy allows only
// this file, by its hash (the script element's integrity).
"use strict";

(function () {
  const status = (text) => {
    const live = document.querySelector("[data-status]");
    if (live) live.textContent = text;
  };
  const feed = () => document.querySelector("[data-feed]");
  const idsOf = (list) => new Set([...list.children].map((item) => item.dataset.id));

  async function fetchPage(href) {
    const response = await fetch(href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    // Parsed into an inert <template>, not DOMParser: a DOMParser document takes this page's CSP,
    // so the fetched page's <style> (another brand's theme, another hash) could count as a violation.
    const template = document.createElement("template");
    template.innerHTML = await response.text();
    return template.content;
  }

  // Load more: appends the next page's cards and takes over its "Load more" link.
  let loading = false;
  async function loadMore(link) {
    if (loading) return;
    const list = feed();
    const nav = link.closest("[data-more-nav]");
    if (!list || !nav) return;
    loading = true;
    nav.setAttribute("aria-busy", "true");
    try {
      const page = await fetchPage(link.href);
      const seen = idsOf(list);
      const next = page.querySelector("[data-feed]");
      for (const item of next ? [...next.children] : []) {
        if (!seen.has(item.dataset.id)) list.append(document.adoptNode(item));
      }
      const nextLink = page.querySelector("[data-more]");
      if (nextLink) {
        link.href = nextLink.getAttribute("href");
        nav.removeAttribute("aria-busy");
        observe(link);
      } else {
        nav.remove();
      }
      status("");
    } catch (error) {
      nav.removeAttribute("aria-busy");
      status(link.dataset.failed || "⚠");
    } finally {
      loading = false;
    }
  }

  let observer = null;
  function observe(link) {
    if (!("IntersectionObserver" in window)) return;
    observer?.disconnect();
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore(link);
    }, { rootMargin: "400px" });
    observer.observe(link);
  }

  // The first page at `href` and the pages after it, until one reaches content already shown
  // (slots — ads, cards — repeat on every page), at most 10. `top` is every card above the first
  // content card shown, in the server's order, slots included so they keep their places; `fresh`
  // counts the cards of it not shown yet. Cards a page lists below that point and the list does
  // not show are older ones an aggregate's folding moved up from the next page: "Load more"
  // brings them, in their place, not on top. `reaches` is false when no page did; `position` is
  // the first page's live position.
  async function newCards(href, list) {
    const seen = idsOf(list);
    const top = [];
    let position = null;
    let reaches = false;
    for (let pages = 0; href && pages < 10; pages += 1) {
      const page = await fetchPage(href);
      const cards = [...(page.querySelector("[data-feed]")?.children || [])];
      if (pages === 0) position = page.querySelector("[data-feed]")?.dataset.position || null;
      const at = cards.findIndex((item) => item.dataset.slot === undefined && seen.has(item.dataset.id));
      top.push(...(at === -1 ? cards : cards.slice(0, at)));
      const more = page.querySelector("[data-more]");
      reaches = at !== -1 || !more;
      if (reaches) break;
      href = more.getAttribute("href");
    }
    const fresh = top.filter((item) => !seen.has(item.dataset.id));
    return { top, fresh, position, reaches };
  }

  // Puts `cards` on top of `list` in their order, taking out the list's copies of them (a slot
  // moves with the new cards), the card the reader is looking at staying where it is on the
  // screen (whether or not the browser anchors the scroll itself). An aggregate takes the place
  // of the cards of its members (`data-folds`) already shown. The list is placed again for a wide
  // screen's grid before the scroll is corrected.
  function putOnTop(list, cards) {
    const placed = new Set(cards.map((item) => item.dataset.id));
    const folded = new Set(cards.flatMap((item) => (item.dataset.folds || "").split(" ").filter(Boolean)));
    const leaves = (item) => placed.has(item.dataset.id) || folded.has(item.dataset.id);
    const anchor = [...list.children].find((item) => !leaves(item) && item.getBoundingClientRect().bottom > 0);
    const before = anchor?.getBoundingClientRect().top;
    for (const item of [...list.children]) if (leaves(item)) item.remove();
    for (const item of [...cards].reverse()) list.prepend(document.adoptNode(item));
    arrange(list);
    if (anchor) window.scrollBy(0, anchor.getBoundingClientRect().top - before);
  }

  // A wide screen's grid (reader.css from 64rem): the server places the cards of a page (FrontGrid
  // in SectionPage.swift: the lead story, rows closed before a card that needs a whole row and at
  // the end); when cards are put on top or dismissed, the same placement is redone here for the
  // whole list. The browser suite checks both place a page alike.
  const LAYOUT = ["lead-story", "span-2", "span-3"];
  function arrange(list) {
    const items = [...list.children];
    const columns = 3;
    let column = 0;
    for (const item of items) item.classList.remove(...LAYOUT);
    const closeRow = (index) => {
      if (column > 0 && index > 0) items[index - 1].classList.add(`span-${1 + columns - column}`);
      column = 0;
    };
    const first = items.findIndex((item) => item.dataset.slot === undefined);
    const lead = first !== -1 && items[first].dataset.canLead !== undefined ? first : -1;
    for (let index = 0; index < items.length;) {
      if (index === lead) {
        closeRow(index);
        const beside = items.slice(index + 1, index + 3);
        if (beside.length === 2 && !beside.some((item) => item.dataset.wide !== undefined)) {
          items[index].classList.add("lead-story");
          index += 3;
        } else {
          items[index].classList.add("lead-story", "span-3");
          index += 1;
        }
        continue;
      }
      if (items[index].dataset.wide !== undefined) {
        closeRow(index);
        items[index].classList.add("span-3");
      } else {
        column = (column + 1) % columns;
      }
      index += 1;
    }
    closeRow(items.length);
  }

  // Refresh: puts the first page's new cards on top.
  async function refresh(link) {
    const list = feed();
    if (!list) {
      location.assign(link.href);
      return;
    }
    link.setAttribute("aria-busy", "true");
    try {
      const { top, fresh, position, reaches } = await newCards(link.href, list);
      if (!reaches) {
        location.assign(link.href);
        return;
      }
      putOnTop(list, top);
      if (position) live?.restart(position);
      status(fresh.length ? `+${fresh.length} ${link.dataset.refreshed || ""}` : link.dataset.nothing || "✓");
    } catch (error) {
      status(link.dataset.failed || "⚠");
    } finally {
      link.removeAttribute("aria-busy");
    }
  }

  // Live: the section's updates (Server-Sent Events) count new items in a pill above the list; a
  // click on it puts them on top, as Refresh does. The stream resumes from the page's position, so
  // nothing written after the page was read is missed; EventSource reconnects by itself.
  let live = null;
  function followLive(list, refreshLink) {
    if (!list?.dataset.updates || !refreshLink || !("EventSource" in window)) return null;
    const pill = document.createElement("button");
    pill.type = "button";
    pill.className = "new-pill";
    pill.hidden = true;
    pill.setAttribute("data-pill", "");
    pill.setAttribute("aria-live", "polite");
    list.before(pill);
    let pending = 0;
    let source = null;
    const show = () => {
      pill.hidden = pending === 0;
      pill.textContent = (list.dataset.new || "{n}").replace("{n}", String(pending));
    };
    const restart = (position) => {
      source?.close();
      pending = 0;
      show();
      source = new EventSource(`${list.dataset.updates}?since=${encodeURIComponent(position)}`);
      source.addEventListener("update", (event) => {
        try {
          pending += JSON.parse(event.data).added || 0;
        } catch (error) {
          return;
        }
        show();
      });
      // The newsroom hid a story: it leaves the page at once. A pin shows on the next refresh.
      source.addEventListener("arranged", (event) => {
        let hidden = [];
        try {
          hidden = JSON.parse(event.data).hidden || [];
        } catch (error) {
          return;
        }
        const gone = new Set(hidden.map((id) => `teaser:${id}`));
        for (const item of [...list.children]) {
          if (gone.has(item.dataset.id)) item.remove();
        }
      });
    };
    pill.addEventListener("click", () => refresh(refreshLink));
    let position = list.dataset.position;
    const restartAt = (at) => {
      position = at;
      restart(at);
    };
    whileShown(
      () => restartAt(position),
      () => {
        source?.close();
        source = null;
      },
    );
    return { restart: restartAt };
  }

  // A page's live stream is open only while the page is shown: leaving the page closes it, and
  // coming back (the back-forward cache) opens it again. A stream kept open by a cached page holds
  // one of the six connections a browser opens to a host over HTTP/1.1, and six sections read one
  // after another left none for the seventh page, which never loaded.
  function whileShown(open, close) {
    window.addEventListener("pagehide", close);
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) open();
    });
    open();
  }

  // Dismiss: posts the form in the background and removes the card.
  async function dismiss(form) {
    try {
      const response = await fetch(form.action, {
        method: "POST", headers: { Accept: "application/json" }, credentials: "same-origin",
      });
      if (!response.ok) throw new Error(String(response.status));
      const item = form.closest("li") || form.closest(".card");
      const list = item?.parentElement;
      item?.remove();
      if (list?.matches("[data-feed]")) arrange(list);
    } catch (error) {
      form.submit();
    }
  }

  // Images that fail to load: the placeholder instead of a broken image. Some fail before this
  // deferred script runs, so those already broken are replaced at start as well.
  function replaceBroken(image) {
    const placeholder = document.createElement("span");
    placeholder.className = image.className + " placeholder";
    placeholder.setAttribute("aria-hidden", "true");
    image.replaceWith(placeholder);
  }
  document.addEventListener("error", (event) => {
    if (event.target instanceof HTMLImageElement) replaceBroken(event.target);
  }, true);
  for (const image of [...document.images]) {
    if (image.complete && image.naturalWidth === 0) replaceBroken(image);
  }

  // j / k: next and previous card; o (or Enter on a card): open it.
  function cards() {
    return [...document.querySelectorAll(".card[tabindex]")];
  }
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]")) return;
    const all = cards();
    const current = document.activeElement?.closest?.(".card[tabindex]");
    const index = current ? all.indexOf(current) : -1;
    if (event.key === "j" || event.key === "k") {
      const next = all[event.key === "j" ? Math.min(index + 1, all.length - 1) : Math.max(index - 1, 0)];
      if (next) {
        next.focus();
        next.scrollIntoView({ block: "nearest" });
      }
      event.preventDefault();
    } else if ((event.key === "o" || (event.key === "Enter" && target === current)) && current) {
      current.querySelector("[data-open]")?.click();
      event.preventDefault();
    } else if (event.key === "o" && !current) {
      document.querySelector("main [data-open]")?.click();
    }
  });

  document.addEventListener("click", (event) => {
    const more = event.target.closest?.("[data-more]");
    if (more) {
      event.preventDefault();
      loadMore(more);
      return;
    }
    const refreshLink = event.target.closest?.("[data-refresh]");
    if (refreshLink) {
      event.preventDefault();
      refresh(refreshLink);
    }
  });

  document.addEventListener("submit", (event) => {
    const form = event.target.closest?.("[data-dismiss]");
    if (!form) return;
    event.preventDefault();
    dismiss(form);
  });

  // The section strip scrolls sideways on narrow screens: bring the current section into view,
  // and fade the edge that has more sections beyond it, so a reader sees there are more.
  const strip = document.querySelector(".sections ul");
  const currentSection = strip?.querySelector("[aria-current=page]");
  if (strip && currentSection && strip.scrollWidth > strip.clientWidth) {
    const offset = currentSection.getBoundingClientRect().left - strip.getBoundingClientRect().left;
    strip.scrollLeft += offset - (strip.clientWidth - currentSection.offsetWidth) / 2;
  }
  const markEdges = () => {
    if (!strip) return;
    const rtl = getComputedStyle(strip).direction === "rtl";
    const start = Math.abs(strip.scrollLeft);
    const end = strip.scrollWidth - strip.clientWidth - start;
    strip.classList.toggle(rtl ? "more-after" : "more-before", start > 1);
    strip.classList.toggle(rtl ? "more-before" : "more-after", end > 1);
  };
  strip?.addEventListener("scroll", markEdges, { passive: true });
  window.addEventListener("resize", markEdges);
  markEdges();

  // The newsroom console (a plain form page without a script): a time typed in UTC shows the
  // editor's own time beside it, and a section's page follows the section's live stream — its
  // preview reloads when a story is pinned or hidden (by another editor too), and the page says
  // when its list is out of date (new stories, another editor's decision) with a link to reload.
  function consolePage(root) {
    const words = root.dataset.localTime || "{time}";
    const local = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
      dateStyle: "medium",
      timeStyle: "short",
    });
    for (const input of root.querySelectorAll("input[type=datetime-local][data-utc]")) {
      const hint = document.createElement("span");
      hint.className = "meta console-local";
      input.closest("fieldset, form")?.append(hint);
      const show = () => {
        const date = input.value ? new Date(`${input.value}Z`) : null;
        hint.textContent = date && !Number.isNaN(date.getTime()) ? words.replace("{time}", local.format(date)) : "";
      };
      input.addEventListener("input", show);
      show();
    }
    const notice = root.querySelector("[data-changed]");
    const preview = root.querySelector("[data-preview]");
    if (!notice?.dataset.updates || !("EventSource" in window)) return;
    // What the page shows pinned and hidden, as the stream's `arranged` events say it; the stream
    // starts with what is in force, so only a difference from this is news.
    const ids = (list) =>
      [...root.querySelectorAll(`[data-list="${list}"] [data-id]`)].map((row) => row.dataset.id).sort();
    let shown = JSON.stringify([ids("pinned"), ids("hidden")]);
    let source = null;
    const open = () => {
      source = new EventSource(notice.dataset.updates);
      source.addEventListener("update", () => {
        notice.hidden = false;
      });
      source.addEventListener("arranged", (event) => {
        let now;
        try {
          const arrangement = JSON.parse(event.data);
          now = JSON.stringify([[...(arrangement.pinned || [])].sort(), [...(arrangement.hidden || [])].sort()]);
        } catch (error) {
          return;
        }
        if (now === shown) return;
        shown = now;
        notice.hidden = false;
        preview?.contentWindow?.location.reload();
      });
    };
    whileShown(open, () => {
      source?.close();
      source = null;
    });
  }

  const consoleRoot = document.querySelector("[data-console]");
  if (consoleRoot) consolePage(consoleRoot);
  document.documentElement.classList.add("js");
  live = followLive(feed(), document.querySelector("[data-refresh]"));
  const more = document.querySelector("[data-more]");
  if (more) observe(more);
})();
