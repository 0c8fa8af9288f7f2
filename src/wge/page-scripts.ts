/**
 * JavaScript that runs inside the page, kept as source text (like perceive/extract.ts) so
 * no transpiler helper leaks into the browser: the element description shared by recording
 * and replay, the recorder's instrumentation, and the replay's element enumeration.
 */
import { EXTRACT_SOURCE } from '../perceive/extract.ts';

/** Name of the binding the instrumentation reports actions through (page.exposeBinding). */
export const DEMO_BINDING = '__surfacerDemoEvent';
/** Attribute the enumeration tags live elements with, so replay can act on the one it chose. */
export const ELEMENT_ATTR = 'data-surfacer-el';

/** function surfacerDescribe(el): tag, type, name, text, href, rel, region, form index, layout. */
export const DESCRIBE_SOURCE = String.raw`function surfacerDescribe(el) {
  var NEXT = /^\s*(?:next(?:\s+page)?|more results|older|›|»|>|→|next\s*[›»>→])\s*$/i;
  var MORE = /\b(?:load|show|see)\s+more\b/i;
  var PAGER = /(^|[\s_-])(pagination|pager|pages|paging)([\s_-]|$)|result pages/i;
  function norm(s) { return (s || '').replace(/\s+/g, ' ').trim(); }
  var tag = el.tagName.toLowerCase();
  var type = tag === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : tag === 'button' ? (el.getAttribute('type') || 'submit').toLowerCase() : tag;
  var text = '';
  if (tag === 'a' || tag === 'button' || el.getAttribute('role') === 'button') text = norm(el.textContent) || norm(el.getAttribute('aria-label') || el.getAttribute('title') || '');
  else if (tag === 'input' && /^(submit|button|image|reset)$/.test(type)) text = norm(el.getAttribute('value') || el.getAttribute('alt') || el.getAttribute('aria-label') || (type === 'submit' ? 'Submit' : ''));
  var form = tag === 'form' ? el : el.form || (el.closest ? el.closest('form') : null);
  var formIndex = -1;
  if (form) { var all = document.querySelectorAll('form'); for (var i = 0; i < all.length; i++) if (all[i] === form) formIndex = i; }
  var rel = (el.getAttribute('rel') || '').toLowerCase();
  var region = 'content';
  var pager = false;
  for (var n = el.parentElement; n && !pager; n = n.parentElement) pager = PAGER.test((n.getAttribute('class') || '') + ' ' + (n.getAttribute('aria-label') || '') + ' ' + (n.getAttribute('id') || ''));
  var navy = false;
  for (var m = el.parentElement; m && !navy; m = m.parentElement) { var t = m.tagName.toUpperCase(); navy = t === 'NAV' || t === 'HEADER' || t === 'FOOTER' || m.getAttribute('role') === 'navigation'; }
  if (pager || /\bnext\b/.test(rel) || (text && (NEXT.test(text) || MORE.test(text)))) region = 'pagination';
  else if (formIndex >= 0) region = 'form';
  else if (navy) region = 'nav';
  else {
    var li = el.closest ? el.closest('li, tr') : null;
    if (li && li.parentElement) {
      var linked = 0;
      for (var c = li.parentElement.firstElementChild; c; c = c.nextElementSibling) if (c.querySelector && c.querySelector('a[href]')) linked++;
      if (linked >= 3) region = 'list';
    }
  }
  var r = el.getBoundingClientRect();
  var d = { tag: tag, inputType: type, region: region, layout: { x: Math.round(r.left + window.scrollX), y: Math.round(r.top + window.scrollY), width: Math.round(r.width), height: Math.round(r.height) } };
  var name = el.getAttribute('name'); if (name) d.name = name;
  var id = el.getAttribute('id'); if (id) d.id = id;
  if (text) d.text = text.slice(0, 200);
  if (tag === 'a' && el.getAttribute('href')) d.href = el.href;
  if (rel) d.rel = rel;
  if (formIndex >= 0) d.formIndex = formIndex;
  return d;
}`;

/**
 * The recorder's instrumentation, installed in every document by addInitScript. Capture-phase
 * listeners see the action before the page's own handlers (and before a navigation): typing
 * is coalesced into one 'type' per field, committed on change or before the next action;
 * form actions carry the perceive/ snapshot of the page taken at that moment.
 */
export const INSTRUMENT_SOURCE = String.raw`(function () {
  if (window.top !== window || window.__surfacerDemoInstalled) return;
  window.__surfacerDemoInstalled = true;
  var extract = ${EXTRACT_SOURCE};
  var describe = ${DESCRIBE_SOURCE};
  var TEXT = /^(text|search|email|url|tel|number|password|)$/;
  var pending = [];
  function isTextLike(el) {
    if (!el || !el.tagName) return false;
    var tag = el.tagName.toUpperCase();
    return tag === 'TEXTAREA' || (tag === 'INPUT' && TEXT.test((el.getAttribute('type') || '').toLowerCase()));
  }
  function send(kind, el, extra) {
    var fn = window['${DEMO_BINDING}'];
    if (typeof fn !== 'function') return;
    var d = describe(el);
    var payload = { kind: kind, url: location.href, title: document.title, element: d };
    for (var k in extra) payload[k] = extra[k];
    if (d.formIndex !== undefined) {
      var snap = extract(document, { url: location.href, live: true, includeFormHtml: false, maxText: 2000 });
      payload.title = snap.title;
      payload.form = snap.forms[d.formIndex];
    }
    try { fn(payload); } catch (e) {}
  }
  function flush(el) {
    var i = pending.indexOf(el);
    if (i < 0) return;
    pending.splice(i, 1);
    send('type', el, { value: el.value });
  }
  function flushAll() { pending.slice().forEach(flush); }
  document.addEventListener('input', function (e) {
    var el = e.target;
    if (isTextLike(el) && pending.indexOf(el) < 0) pending.push(el);
  }, true);
  document.addEventListener('change', function (e) {
    var el = e.target;
    if (isTextLike(el)) { flush(el); return; }
    if (!el || !el.tagName) return;
    var tag = el.tagName.toUpperCase();
    var type = (el.getAttribute('type') || '').toLowerCase();
    if (tag === 'SELECT') {
      flushAll();
      var o = el.options[el.selectedIndex];
      send('select', el, { value: o ? o.text.replace(/\s+/g, ' ').trim() : '', optionValue: o ? o.value : '' });
    } else if (tag === 'INPUT' && (type === 'radio' || type === 'checkbox')) {
      flushAll();
      var lab = el.labels && el.labels[0] ? el.labels[0].textContent.replace(/\s+/g, ' ').trim() : el.value;
      send('select', el, { value: lab, optionValue: el.value });
    }
  }, true);
  document.addEventListener('submit', function (e) {
    flushAll();
    send('submit', e.submitter || e.target, {});
  }, true);
  document.addEventListener('click', function (e) {
    var t = e.target;
    var el = t && t.closest ? t.closest('a[href], button, input[type=submit], input[type=button], input[type=image], [role=button]') : null;
    if (!el) return;
    // Controls inside a form are recorded by their submit event (or not at all).
    if (el.form || (el.closest && el.closest('form'))) return;
    flushAll();
    send('click', el, {});
  }, true);
  window.addEventListener('pagehide', flushAll, true);
})();`;

/** Lists the page's visible interactive elements (and forms), tagging each with ELEMENT_ATTR. */
export const ENUMERATE_SOURCE = String.raw`(function () {
  var describe = ${DESCRIBE_SOURCE};
  function shown(el) {
    if (el.tagName.toUpperCase() === 'FORM') return true;
    if (el.getClientRects().length === 0) return false;
    var st = getComputedStyle(el);
    return st.visibility !== 'hidden' && st.display !== 'none';
  }
  var els = document.querySelectorAll('a[href], input, select, textarea, button, [role=button], form');
  var out = [];
  for (var i = 0; i < els.length; i++) {
    var el = els[i];
    if ((el.getAttribute('type') || '').toLowerCase() === 'hidden' || !shown(el)) continue;
    el.setAttribute('${ELEMENT_ATTR}', String(out.length));
    out.push(describe(el));
  }
  return out;
})()`;
