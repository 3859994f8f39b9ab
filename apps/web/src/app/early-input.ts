/*
 * Taps and typing that come before React has hydrated the page (issue 20).
 *
 * A prerendered page starts its scripts only after its first paint
 * (scripts/first-paint.ts), so it is visible, and its `load` event may fire,
 * before React has attached a single handler. EARLY_INPUT_SCRIPT runs in the
 * <head>: until hydration it holds back a tap on a button (which would
 * otherwise do nothing) or a form's submission (which would otherwise send the
 * form as a GET with its fields in the address) and notes every field typed
 * into. replayEarlyInput, called once the root has hydrated, tells React of
 * those fields' values and then taps the held buttons and links again, in
 * order, as if the visitor had waited. A link opened in a new tab (a modifier
 * or another button) is left to the browser.
 */

/** What EARLY_INPUT_SCRIPT collects on `window.__earlyInput`. */
export interface EarlyInput {
  /** Set once React owns the page; from then on the script lets every event through. */
  done: boolean;
  /** Buttons tapped and forms submitted before hydration, in order. */
  held: Element[];
  /** Fields whose value or checked state changed before hydration. */
  typed: Element[];
  /** A link given back to the browser: the scripts did not hydrate the page in time. */
  free?: Element;
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

/**
 * The elements whose tap does nothing before React's handlers exist, and the
 * router's own links (a plain tap on one is a client-side navigation with the
 * page transition once hydrated, not a full load of the next page).
 */
export const HELD_TAP_SELECTOR =
  'button,input[type=submit],input[type=button],summary,[role=button],[role=tab],[role=switch],[role=menuitem],a[data-discover]:not([target])';

/**
 * A held link tap is given back to the browser (a full load of the next page)
 * when the page has not hydrated this long after it: the scripts failed to
 * load or run, and a link must never be dead. Buttons and forms need the
 * scripts whatever happens (a form sent without them would put its fields in
 * the address), so they stay held.
 */
export const LINK_FALLBACK_MS = 5000;

/** Constant, so the server's CSP allows it by its hash. */
export const EARLY_INPUT_SCRIPT = `(function(){var e=window.__earlyInput={done:false,held:[],typed:[]},d=document;d.addEventListener('click',function(v){if(e.done)return;var t=v.target&&v.target.closest&&v.target.closest('${HELD_TAP_SELECTOR}');if(!t||t.disabled||t===e.free||(t.tagName==='A'&&(v.button||v.metaKey||v.ctrlKey||v.shiftKey||v.altKey)))return;v.preventDefault();v.stopImmediatePropagation();e.held.push(t);if(t.tagName==='A')setTimeout(function(){var i=e.held.indexOf(t);if(e.done||i<0)return;e.held.splice(i,1);e.free=t;t.click()},${LINK_FALLBACK_MS})},true);d.addEventListener('submit',function(v){if(e.done)return;v.preventDefault();v.stopImmediatePropagation();e.held.push(v.target)},true);d.addEventListener('input',function(v){if(!e.done&&e.typed.indexOf(v.target)<0)e.typed.push(v.target)},true)})();`;

/** What a field held when the root hydrated: each field React is told of re-renders the others. */
function typedState(field: Element): string | boolean | null {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    return field.checked;
  }
  if (
    field instanceof HTMLInputElement ||
    field instanceof HTMLTextAreaElement ||
    field instanceof HTMLSelectElement
  ) {
    return field.value;
  }
  return null;
}

/**
 * React tracks each field's last known value on the element and calls
 * onChange only when the element's value differs from it. At hydration it
 * took the typed value as known, so it is first told of another one through
 * the element's own (tracked) setter, then the DOM gets the typed value back
 * (through the prototype's setter, which React does not see, or by a click for
 * a checkbox) with the event React listens to.
 */
function announce(field: Element, typed: string | boolean) {
  if (field instanceof HTMLInputElement && typeof typed === 'boolean') {
    // A radio left unchecked by a later choice in its group is told by that choice.
    if (field.type === 'radio' && !typed) return;
    field.checked = !typed;
    field.click();
    return;
  }
  if (typeof typed !== 'string') return;
  if (field instanceof HTMLSelectElement) {
    field.value = typed;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (!setValue) return;
    field.value = typed === '' ? ' ' : '';
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** A task boundary: React renders what the previous event changed before the next one reads it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Hands what the visitor did before hydration to React; call once the root has hydrated. */
export async function replayEarlyInput(early: EarlyInput | undefined = window.__earlyInput) {
  if (!early || early.done) return;
  early.done = true;
  const typed = early.typed.splice(0).map((field) => [field, typedState(field)] as const);
  for (const [field, state] of typed) {
    if (field.isConnected && state !== null) announce(field, state);
  }
  for (const target of early.held.splice(0)) {
    await nextTask();
    if (!target.isConnected) continue;
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
  }
}
