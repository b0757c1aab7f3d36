// The listeners behind useLeaveGuard, installed when there is first something to lose.

type Ask = (leave: () => void, stay: () => void) => void;
type Latest = { current: { active: boolean; ask: Ask } };
type State = { released: boolean; guarded: boolean };

/**
 * Holds the page when the admin would leave unsent work: a link in the app (the click is held
 * before Next.js's Link sees it), Back or Forward (a guard entry in the history holds the page),
 * or closing and reloading the tab (the browser's own prompt). Returns the cleanup.
 */
export function installLeaveGuard(latest: Latest, state: State, push: (href: string) => void): () => void {
  const wanted = () => latest.current.active && !state.released;

  function onBeforeUnload(event: BeforeUnloadEvent) {
    if (!wanted()) return;
    event.preventDefault();
    event.returnValue = ""; // older browsers show their prompt only with this set
  }

  function onClick(event: MouseEvent) {
    if (!wanted() || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    if (url.pathname === window.location.pathname && url.search === window.location.search) return;
    event.preventDefault();
    event.stopPropagation();
    latest.current.ask(
      () => {
        state.released = true;
        push(url.pathname + url.search + url.hash);
      },
      () => {},
    );
  }

  // Back lands on the entry under the guard, at this same address; the page stays, and asks.
  function onPopState() {
    if (!state.guarded || state.released) return;
    state.guarded = false;
    if (!wanted()) {
      window.history.back();
      return;
    }
    latest.current.ask(
      () => {
        state.released = true;
        window.history.back();
      },
      () => pushGuard(state),
    );
  }

  window.addEventListener("beforeunload", onBeforeUnload);
  document.addEventListener("click", onClick, true);
  window.addEventListener("popstate", onPopState);
  if (!state.guarded) pushGuard(state);
  return () => {
    window.removeEventListener("beforeunload", onBeforeUnload);
    document.removeEventListener("click", onClick, true);
    window.removeEventListener("popstate", onPopState);
  };
}

/** An entry at this same address: Back leaves it first, and the page hears about it. */
function pushGuard(state: State) {
  state.guarded = true;
  window.history.pushState({ ...(window.history.state as object), apportionGuard: true }, "", window.location.href);
}
